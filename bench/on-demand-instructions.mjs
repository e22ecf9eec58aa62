// The on-demand servers' cost per request by measures a busy machine does not move: instructions
// under callgrind (every thread, the garbage collector included) and, natively, bytes allocated
// and scavenges per request from V8's GC trace. Not part of `npm run bench` (a callgrind run of
// one server takes minutes); run as
//   node bench/on-demand-instructions.mjs [--mode=cg|gc] [--variants=none,noop,rewrap,robots]
//     [--runs=3] [--warm=2000] [--requests=5000] [--connections=4] [--pages=50] [--profile]
//     [--route=blog|starter]
// after `node bench/run.mjs --only=on-demand` (or buildSites) built the four sites. Variants are
// alternated (rotated each run); medians with min–max are printed, and every run as JSON lines.
// `--route` picks the page: `blog` (default) the minimal page, `starter` the Astro blog starter's
// post page, its five posts requested in turn (`--pages` does not apply: five URLs).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { ROUTES, buildSites, freePort, get } from './on-demand.mjs';
import { median, work } from './lib.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((arg) => arg.replace(/^--/, '').split('='))
    .map(([key, value]) => [key, value ?? 'true']),
);
const mode = args.mode ?? 'cg';
const variants = (args.variants ?? 'none,noop,rewrap,robots').split(',');
const runs = Number(args.runs ?? 3);
const warm = Number(args.warm ?? 2000);
const requests = Number(args.requests ?? (mode === 'cg' ? 5000 : 20000));
const connections = Number(args.connections ?? 4);
// How many page URLs the requests cycle through: 50 by default; 0 gives every request a URL of
// its own, so that nothing remembered per URL (robots-kit keeps what a URL's path matches) helps.
const pages = Number(args.pages ?? 50);
const route = args.route ?? 'blog';
if (!(route in ROUTES))
  throw new Error(
    `on-demand-instructions: \`--route=${route}\` is not a route; use one of ${Object.keys(ROUTES).join(', ')}`,
  );
const url = ROUTES[route];
// New space fixed at the size a native server settles at (64 MB semi-spaces): scavenges then
// follow allocation alone, not V8's throughput heuristics, which valgrind's slowdown changes
// (without it, a server under callgrind scavenges about five times as often). 0: V8's default.
const semiSpaceMb = Number(args.semi ?? 64);
const tag = args.tag ?? '';
// The measured requests in this many windows, one callgrind dump each: the spread within a run.
const windows = Number(args.windows ?? 5);
const outDir = join(work, 'on-demand-instructions');
mkdirSync(outDir, { recursive: true });

async function fire(origin, agent, count, label) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { statusCode: status } = await get(agent, `${origin}${url(label, pages > 0 ? i % pages : i)}`);
      if (status !== 200) throw new Error(`status ${status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

/**
 * The functions of V8's garbage collector (scavenger, marking, sweeping, evacuation, remembered
 * sets, the heap's own bookkeeping) and of its optimizing compilers (Turbofan, Turboshaft, Maglev,
 * their zones), by the qualified name callgrind gives them (the part before the parameter list).
 * valgrind inflates both (its slowdown changes when V8 collects and compiles), so the split
 * below leaves their own instructions out; what they call (memcpy, malloc) stays counted.
 */
const GC_OR_COMPILER =
  /Scaveng|Marking|MarkCompact|MinorMS|MinorMarkSweep|Sweep|Evacuat|RememberedSet|SlotSet|heap::base::|cppgc::|v8::internal::Heap::|GCTracer|v8::internal::compiler::|v8::internal::maglev::|v8::internal::turboshaft::|v8::internal::Zone::|OptimizingCompileDispatcher/;

/**
 * A callgrind dump's total and the part of it that is not V8's collector or optimizing compilers
 * (their functions' self cost taken out): one pass over the file, its names compressed as
 * `fn=(id) name` the first time and `fn=(id)` after; the cost line after a `calls=` line is the
 * call's inclusive cost, not the caller's own, and is skipped.
 */
function splitDump(file) {
  const names = new Map();
  let total = 0;
  let excluded = 0;
  let inExcluded = false;
  let skipNext = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const first = line.charCodeAt(0);
    // A cost line starts with a position: a digit, `+`, `-` or `*`.
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      const cost = Number(line.slice(line.lastIndexOf(' ') + 1));
      total += cost;
      if (inExcluded) excluded += cost;
    } else if (line.startsWith('fn=')) {
      const match = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (match[2] !== undefined) names.set(match[1], GC_OR_COMPILER.test(match[2].split('(')[0]));
      inExcluded = names.get(match[1]) ?? false;
    } else if (line.startsWith('cfn=')) {
      // A callee's name is given here the first time it appears.
      const match = /^cfn=\((\d+)\) (.*)$/.exec(line);
      if (match) names.set(match[1], GC_OR_COMPILER.test(match[2].split('(')[0]));
    } else if (line.startsWith('calls=')) skipNext = true;
  }
  return { total, withoutGcAndCompilers: total - excluded };
}

/** What V8's `--trace-gc-nvp` lines say between two marks: scavenges, mark-compacts, bytes allocated. */
function gcWindow(lines) {
  let scavenges = 0;
  let markCompacts = 0;
  let allocated = 0;
  let pauseMs = 0;
  for (const line of lines) {
    const gc = /\bgc=(\w+)/.exec(line)?.[1];
    if (gc === undefined) continue;
    if (gc === 's') scavenges++;
    else markCompacts++;
    allocated += Number(/\ballocated=(\d+)/.exec(line)?.[1] ?? 0);
    pauseMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
  }
  return { scavenges, markCompacts, allocated, pauseMs };
}

function cpuMs(pid) {
  let nanoseconds = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return nanoseconds / 1e6;
}

async function measure(variant, run) {
  // A copy of the built sites (`--site=`) keeps a "before" while the packages change.
  const dir = args.site ?? (await buildSites());
  const entry = join(dir, `dist-${variant}`, 'server', 'entry.mjs');
  const port = await freePort();
  const nodeArgs = [
    '--trace-gc-nvp',
    ...(semiSpaceMb > 0 ? [`--min-semi-space-size=${semiSpaceMb}`, `--max-semi-space-size=${semiSpaceMb}`] : []),
    ...(args.profile ? ['--perf-basic-prof', '--interpreted-frames-native-stack'] : []),
    entry,
  ];
  const outFile = join(outDir, `${variant}${tag}-${route}-${run}-%p.out`);
  const command = mode === 'cg' ? 'valgrind' : process.execPath;
  const vgdbPrefix = join(outDir, 'vgdb');
  const commandArgs =
    mode === 'cg'
      ? [
          '--tool=callgrind',
          `--vgdb-prefix=${vgdbPrefix}`,
          '--instr-atstart=no',
          `--callgrind-out-file=${outFile}`,
          ...(args.profile ? ['--dump-instr=yes'] : []),
          process.execPath,
          ...nodeArgs,
        ]
      : nodeArgs;
  const child = spawn(command, commandArgs, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  let pending = '';
  child.stdout.on('data', (data) => {
    const parts = (pending + data).split('\n');
    pending = parts.pop();
    lines.push(...parts);
  });
  let stderr = '';
  child.stderr.on('data', (data) => (stderr += data));
  const origin = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const control = (...flags) => {
    // vgdb finds the server's pipes by the HOST variable valgrind saw (the server's listen address).
    const result = spawnSync('callgrind_control', [`--vgdb-prefix=${vgdbPrefix}`, ...flags, String(child.pid)], {
      encoding: 'utf8',
      env: { ...process.env, HOST: '127.0.0.1' },
    });
    if (result.status !== 0 || /error|failed/.test(result.stderr))
      throw new Error(`callgrind_control ${flags}: ${result.stderr}${result.stdout}`);
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        await get(agent, `${origin}${url('warm-up', 0)}`);
        break;
      } catch (error) {
        if (tries > 1200 || child.exitCode !== null)
          throw new Error(`${variant} did not start: ${error.message}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await fire(origin, agent, warm, 'warm');
    if (mode === 'cg') {
      control('--instr=on');
      // Instrumenting retranslates the code: a few requests before the counters start.
      await fire(origin, agent, 200, 'settle');
      control('--zero');
    }
    const gcStart = lines.length;
    const cpuStart = cpuMs(child.pid);
    const perWindow = [];
    for (let window = 0; window < (mode === 'cg' ? windows : 1); window++) {
      const count = mode === 'cg' ? Math.round(requests / windows) : requests;
      await fire(origin, agent, count, 'post');
      if (mode === 'cg') {
        const before = new Set(readdirSync(outDir));
        control('--dump');
        const dump = readdirSync(outDir).find(
          (file) => !before.has(file) && file.startsWith(`${variant}${tag}-${route}-${run}-${child.pid}.out`),
        );
        const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(join(outDir, dump), 'utf8'));
        // JIT frames are named from Node's perf map (`--perf-basic-prof`): kept beside the dump.
        if (args.profile) copyFileSync(`/tmp/perf-${child.pid}.map`, join(outDir, `${dump}.perf.map`));
        const split = splitDump(join(outDir, dump));
        perWindow.push({
          dump,
          requests: count,
          kInstructionsPerRequest: Number(totals[1]) / count / 1000,
          kWithoutGcAndCompilersPerRequest: split.withoutGcAndCompilers / count / 1000,
        });
      }
    }
    const cpu = cpuMs(child.pid) - cpuStart;
    const gc = gcWindow(lines.slice(gcStart));
    const instructions =
      mode === 'cg'
        ? perWindow.reduce((sum, window) => sum + window.kInstructionsPerRequest * window.requests * 1000, 0)
        : undefined;
    return {
      variant: variant + tag,
      route,
      run,
      semiSpaceMb,
      requests,
      ...(instructions === undefined
        ? {}
        : {
            kInstructionsPerRequest: instructions / requests / 1000,
            kWithoutGcAndCompilersPerRequest:
              perWindow.reduce((sum, window) => sum + window.kWithoutGcAndCompilersPerRequest * window.requests, 0) /
              requests,
            windows: perWindow,
          }),
      cpuMsPerRequest: cpu / requests,
      kbAllocatedPerRequest: gc.allocated / requests / 1024,
      scavengesPer10k: (gc.scavenges * 10000) / requests,
      markCompacts: gc.markCompacts,
      gcPauseMsPerRequest: gc.pauseMs / requests,
    };
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const results = [];
if (mode === 'split') {
  // `--mode=split --log=FILE`: the split of the dumps an earlier run's JSON lines name (a run
  // made before the split existed), the summary as after a run.
  for (const line of readFileSync(args.log, 'utf8')
    .split('\n')
    .filter((text) => text.startsWith('{'))) {
    const result = JSON.parse(line);
    for (const window of result.windows)
      window.kWithoutGcAndCompilersPerRequest =
        splitDump(join(outDir, window.dump)).withoutGcAndCompilers / window.requests / 1000;
    result.kWithoutGcAndCompilersPerRequest =
      result.windows.reduce((sum, window) => sum + window.kWithoutGcAndCompilersPerRequest * window.requests, 0) /
      result.requests;
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
for (let run = 0; run < (mode === 'split' ? 0 : runs); run++) {
  const order = variants.map((_, i) => variants[(i + run) % variants.length]);
  for (const variant of order) {
    const result = await measure(variant, run);
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
const fields = [
  'kInstructionsPerRequest',
  'kWithoutGcAndCompilersPerRequest',
  'cpuMsPerRequest',
  'kbAllocatedPerRequest',
  'scavengesPer10k',
  'gcPauseMsPerRequest',
];
for (const variant of variants) {
  const mine = results.filter((result) => result.variant === variant + tag);
  const summary = fields
    .filter((field) => mine[0][field] !== undefined)
    .map((field) => {
      const values = mine.map((result) => result[field]);
      return `${field} ${median(values).toFixed(3)} (${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)})`;
    });
  console.log(`${variant}${tag}: ${summary.join(', ')}`);
}
