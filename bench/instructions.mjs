// Whole builds counted in instructions: the load-independent form of the build benches.
//
// On this project's shared 2-core machine the CPU time of one build swings ±10–30% from run to
// run, more than the ratios the targets ask about (×1.03, ×1.05). Instruction counts under
// Valgrind do not depend on the machine's load for the program's own work, and V8's
// `--single-threaded --predictable` moves compiling and collecting onto the main thread. But the
// *garbage collector's schedule still depends on time*: V8 sizes the heap from the mutator
// utilization and the allocation rate it measures in milliseconds, so when a major collection
// starts differs between runs and the collector's work with it. Two builds of the same 1,000-page
// site without robots-kit counted 21.94 G and 23.76 G instructions (two and three mark-compacts),
// which is more than the differences measured. (`--predictable-gc-schedule` makes the schedule
// fixed, 25,195,711,678 and 25,196,247,865, but with a 4 MB young generation and a fixed growth
// factor its collections are not V8's, and variants that differ by one string per page then
// differ by ±5%.) So each build runs under Callgrind and its instructions are split by function:
// the collector's (scavenges, marking, sweeping, evacuation, its copies) and everything else, the
// mutator: the plugin's import, Eleventy's or Astro's work, the compilers. The mutator count
// repeats to within about 0.6% (19.74 G, 19.74 G, 19.87 G) and is the figure the ratios use; the
// collector's count is reported beside it, as a range. It is a measure of work, not of time (no
// cache misses), and it runs about 60× slower than the build itself, so the sizes here are smaller
// than the timed benches'.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { root } from './lib.mjs';
import { astroSite, astroStarterSite, eleventySite } from './sites.mjs';

/**
 * V8's garbage collector, by the names of its functions (exclusive costs): the young and old
 * generation collectors, marking, sweeping, evacuation and the visitors they run.
 */
const COLLECTOR_FUNCTION =
  /Scaveng|MarkCompact|Marking|Marker|Sweep|Evacuat|heap::base::|cppgc|BodyDescriptor|SizeFromMap|GCTracer|Heap::Collect|Heap::Perform|Heap::GarbageCollection|RememberedSet|SlotSet|TypedSlot|Compactor|Heap::Iterate|RootsVisitor|ObjectVisitor|WeakObjects|EphemeronHash|ClearNonLive|MemoryAllocator|FreeList|PointersUpdat|UpdatingItem|RecordMigrated|MigrateObject|ProcessMarkingWorklist|Worklist/;

/** Whether `valgrind` and `callgrind_annotate` can be run here (Debian's `valgrind` package). */
export function valgrindAvailable() {
  // `callgrind_annotate --version` prints its version and exits 255 (Valgrind 3.19): that it ran is enough.
  return (
    spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status === 0 &&
    spawnSync('callgrind_annotate', ['--version'], { encoding: 'utf8' }).error === undefined
  );
}

let outputCounter = 0;
/**
 * Instructions executed by one build script in a fresh Node process under Callgrind: total,
 * collector and mutator, for the whole process and for its main thread alone (`main`).
 *
 * Threads are counted apart (`--separate-threads=yes`). Whole-process counts of Astro builds
 * moved more than the differences measured: two builds of the same 100-page site without
 * robots-kit counted 15.35 G and 16.02 G, and two with it 15.48 G and 17.35 G (two versions of
 * the middleware, whose main threads counted within 2%), most of the gap in JIT code. Some of
 * the page work depends on time under Valgrind's 50× slowdown (one build's syntax highlighting
 * of a code block differed, as a tokenizer time limit does), and Valgrind runs one thread at a
 * time, so workers that wait by spinning (rolldown's) count what its scheduling gives them. The main thread, where pages are rendered and
 * robots-kit's per-page work runs, repeated within 0.7% (mutator 12.63 G and 12.72 G). Both are
 * reported: the other threads hold the bundler's work, robots-kit's bundled modules included,
 * and the audit's workers.
 */
export function countInstructions(script, args, env = {}) {
  const file = join(tmpdir(), `robots-kit-bench-${process.pid}-${outputCounter++}.callgrind`);
  const threadFiles = () =>
    readdirSync(tmpdir())
      .filter((name) => name.startsWith(`${basename(file)}-`))
      .map((name) => join(tmpdir(), name));
  try {
    const result = spawnSync(
      'valgrind',
      [
        '--tool=callgrind',
        '--separate-threads=yes',
        `--callgrind-out-file=${file}`,
        process.execPath,
        '--single-threaded',
        '--predictable',
        script,
        ...args,
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
    );
    if (result.status !== 0)
      throw new Error(`valgrind ${script} ${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
    const sum = { total: 0, collector: 0, mutator: 0 };
    let main;
    // Callgrind names each thread's file `<file>-NN`, the main thread's `-01`.
    for (const threadFile of threadFiles()) {
      const counts = splitCallgrindOutput(threadFile);
      if (threadFile.endsWith('-01')) main = counts;
      for (const key of Object.keys(sum)) sum[key] += counts[key];
    }
    if (main === undefined) throw new Error(`no main thread's counts from valgrind ${script}`);
    return { ...sum, main };
  } finally {
    rmSync(file, { force: true });
    for (const threadFile of threadFiles()) rmSync(threadFile, { force: true });
  }
}

/**
 * One function's exclusive instructions from `callgrind_annotate`, added to the collector's or the
 * mutator's count. A copy the collector makes (`memcpy` called from a scavenge) is the libc
 * function's own cost: it is counted by its caller, read from the caller tree.
 */
export function splitCallgrindOutput(file) {
  const run = (extra) => {
    const result = spawnSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', ...extra, file], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`callgrind_annotate failed:\n${result.stderr.slice(-2000)}`);
    return result.stdout;
  };
  const line = /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$/;
  let total = 0;
  let collector = 0;
  for (const text of run([]).split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const count = Number(match[1].replaceAll(',', ''));
    if (match[2].includes('PROGRAM TOTALS')) total = count;
    else if (COLLECTOR_FUNCTION.test(match[2])) collector += count;
  }
  // libc's copies called by the collector (it copies surviving strings with memcpy). In the caller
  // tree each function's callers (`<` lines) come just before its own line (`*`).
  let callers = [];
  for (const text of run(['--tree=caller']).split('\n')) {
    const match = line.exec(text);
    if (!match) {
      if (text.trim() === '') callers = [];
      continue;
    }
    const [, count, rest] = match;
    if (rest.startsWith('<')) callers.push([Number(count.replaceAll(',', '')), rest]);
    else if (rest.startsWith('*')) {
      if (/__mem(cpy|move|set)/.test(rest))
        for (const [n, caller] of callers) if (COLLECTOR_FUNCTION.test(caller)) collector += n;
      callers = [];
    }
  }
  if (total === 0) throw new Error(`no instruction total in ${file}`);
  return { total, collector, mutator: total - collector };
}
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const range = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * Eleventy or Astro builds of the bench site, every variant `rounds` times in rotated order, with
 * each variant's mutator instructions (median) as a ratio to the no-plugin build's, and its
 * collector and total counts as ranges.
 */
export async function benchBuildInstructions({
  framework = 'eleventy',
  pages = 1000,
  rounds = 2,
  variants = framework === 'eleventy' ? ['none', 'insert', 'default', 'full'] : ['none', 'default', 'audit'],
} = {}) {
  // `astro-starter`: the Astro blog starter with `pages` posts, beside the bench's own Astro site.
  const dir =
    framework === 'eleventy'
      ? eleventySite(pages)
      : framework === 'astro-starter'
        ? await astroStarterSite(pages)
        : astroSite(pages);
  const script = join(root, 'bench', framework === 'eleventy' ? 'eleventy-build.mjs' : 'astro-build.mjs');
  const counts = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length];
      // The build script deletes its output folder first: deleted here, so that no count includes it.
      rmSync(join(dir, framework === 'eleventy' ? `_site-${variant}` : `dist-${variant}`), {
        recursive: true,
        force: true,
      });
      // The Astro script's `default` variant also times an audit after the build: not counted here.
      counts[variant].push(countInstructions(script, [dir, variant], { BENCH_BUILD_ONLY: '1' }));
    }
  }
  const summary = (variant) => ({
    mutator: range(counts[variant].map((c) => c.mutator)),
    collector: range(counts[variant].map((c) => c.collector)),
    total: range(counts[variant].map((c) => c.total)),
    mainMutator: range(counts[variant].map((c) => c.main.mutator)),
  });
  const none = counts.none ? summary('none') : undefined;
  return {
    framework,
    pages,
    rounds,
    results: variants.map((variant) => {
      const own = summary(variant);
      return {
        variant,
        ...own,
        mutatorRatio: none && own.mutator.median / none.mutator.median,
        mainMutatorRatio: none && own.mainMutator.median / none.mainMutator.median,
        totalRatio: none && { min: own.total.min / none.total.max, max: own.total.max / none.total.min },
      };
    }),
  };
}
