// The cost of importing the Eleventy plugin, in a fresh process: argv <what> [count], where
// <what> is `plugin` (`@robots-kit/eleventy`), `runtime` (`@robots-kit/core/internal/runtime`, the floor:
// resolution and the head transform, which the plugin needs on every build), `astro`
// (`@robots-kit/astro`, which every Astro build and `astro dev` start loads) or `nothing` (the
// control). CPU (user+sys) and memory added by the import, as every build and every
// `eleventy --serve` start pays it. With `count`, the modules the import loads instead (a load
// hook, which costs time of its own, so never in a timed run), and whether zod is among them.
import { registerHooks } from 'node:module';

const [what, mode] = process.argv.slice(2);
const SPECIFIERS = {
  plugin: '@robots-kit/eleventy',
  runtime: '@robots-kit/core/internal/runtime',
  astro: '@robots-kit/astro',
};
const loaded = [];
if (mode === 'count') {
  registerHooks({
    load(url, context, next) {
      loaded.push(url);
      return next(url, context);
    },
  });
}
const before = process.memoryUsage();
const cpuStart = process.cpuUsage();
if (SPECIFIERS[what]) await import(SPECIFIERS[what]);
const cpu = process.cpuUsage(cpuStart);
const after = process.memoryUsage();
process.stdout.write(
  '\n' +
    JSON.stringify(
      mode === 'count'
        ? {
            modules: loaded.filter((url) => url.startsWith('file:')).length,
            zod: loaded.some((url) => url.includes('/node_modules/zod/')),
          }
        : {
            cpuMs: (cpu.user + cpu.system) / 1000,
            rssMb: (after.rss - before.rss) / 2 ** 20,
            heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
          },
    ),
);
