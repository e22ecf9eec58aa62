// Whole builds counted in instructions: the load-independent form of the build benches.
//
// On this project's shared 2-core machine the CPU time of one build swings ±10–30% from run to
// run, more than the ratios the targets ask about (×1.03, ×1.05). Instruction counts under
// Valgrind do not depend on the machine's load, but V8 still varies them: background compile
// jobs and concurrent GC finish at times that depend on the wall clock (two runs of the same
// build measured 8.40 G and 8.95 G instructions). With `--single-threaded --predictable` V8 does
// that work on the main thread at points fixed by the program itself, and a build counts the same
// to within 0.01% (8,271,166,165 and 8,271,302,941 instructions at 300 pages). The count includes
// everything the process does: the plugin's import, Eleventy's or Astro's work, the compiler and
// every garbage collection. It is a measure of work, not of time (no cache misses), and it runs
// about 50× slower than the build itself, so the sizes here are smaller than the timed benches'.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { astroSite, eleventySite } from './sites.mjs';

/** Whether `valgrind` can be run here (Debian's `valgrind` package). */
export function valgrindAvailable() {
  return spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Instructions executed by one build script in a fresh Node process under Cachegrind. */
export function countInstructions(script, args, env = {}) {
  const result = spawnSync(
    'valgrind',
    ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable', script, ...args],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
  );
  if (result.status !== 0) throw new Error(`valgrind ${script} ${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(result.stderr);
  if (!refs) throw new Error(`no instruction count in valgrind's output:\n${result.stderr.slice(-2000)}`);
  return Number(refs[1].replaceAll(',', ''));
}

/**
 * Eleventy or Astro builds of the bench site, each variant once (the counts repeat to within
 * 0.01%), with each variant's instructions as a ratio to the no-plugin build.
 */
export function benchBuildInstructions({ framework = 'eleventy', pages = 1000, variants = framework === 'eleventy' ? ['none', 'insert', 'default', 'full'] : ['none', 'default', 'audit'] } = {}) {
  const dir = framework === 'eleventy' ? eleventySite(pages) : astroSite(pages);
  const script = join(root, 'bench', framework === 'eleventy' ? 'eleventy-build.mjs' : 'astro-build.mjs');
  // The Astro script's `default` variant also times an audit after the build: not counted here.
  const counts = Object.fromEntries(
    variants.map((variant) => {
      // The build script deletes its output folder first: deleted here, so that no count includes it.
      rmSync(join(dir, framework === 'eleventy' ? `_site-${variant}` : `dist-${variant}`), { recursive: true, force: true });
      return [variant, countInstructions(script, [dir, variant], { BENCH_BUILD_ONLY: '1' })];
    }),
  );
  const none = counts.none;
  return {
    framework,
    pages,
    results: variants.map((variant) => ({ variant, instructions: counts[variant], ratio: none === undefined ? undefined : counts[variant] / none })),
  };
}
