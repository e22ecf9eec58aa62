// One Eleventy build in its own process: argv <siteDir> <variant>, the variants of the site's
// eleventy.config.js (sites.mjs): none, identity, insert, default, full.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import Eleventy from '@11ty/eleventy';

const [dir, variant] = process.argv.slice(2);
process.env.BENCH_VARIANT = variant;
// Eleventy resolves its folders against the working directory, as on the command line.
process.chdir(dir);
const output = `_site-${variant}`;
rmSync(output, { recursive: true, force: true });

// The live heap when the build ends, a figure the machine's load does not move (peak RSS moves with
// where V8's major collections happen to fall): a full collection once every page is written, while
// Eleventy still holds the results, its CPU left out of the build's.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
let liveHeapMb = 0;
let gcCpuMs = 0;
function measureLiveHeap() {
  const before = process.cpuUsage();
  gc();
  liveHeapMb = getHeapStatistics().used_heap_size / 1048576;
  const used = process.cpuUsage(before);
  gcCpuMs = (used.user + used.system) / 1000;
}

const eleventy = new Eleventy('src', output, {
  quietMode: true,
  configPath: 'eleventy.config.js',
  // Not when only the build is counted (`instructions.mjs`): the collection's work grows with the
  // live heap, which would favour the variant that leaves less.
  config: (eleventyConfig) => {
    if (!process.env.BENCH_BUILD_ONLY) eleventyConfig.on('eleventy.after', measureLiveHeap);
  },
});
const start = performance.now();
// From here: the config and the plugin's import (write() loads them), then the whole build.
const cpuStart = process.cpuUsage();
await eleventy.write();
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
process.stdout.write(
  '\n' +
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000 - gcCpuMs,
      // Peak resident set size of the whole process (kB on Linux), reached before the measuring collection.
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      liveHeapMb,
      transformMs: globalThis.__benchTransformMs ?? 0,
      pages: globalThis.__benchPages ?? 0,
      output: join(dir, output),
    }),
);
