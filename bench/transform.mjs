import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, pagesFolder, root, runNode, table, work } from './lib.mjs';
import { benchTransformHostile } from './transform-hostile.mjs';

const worker = join(root, 'bench', 'transform-worker.mjs');

/**
 * Hostile inputs of 1 MB and 10 MB (`hostileSizes`): the time must grow linearly. Printed here,
 * before the throughput table, and kept in bench/.work/transform-hostile.json.
 */
function reportHostile(sizes) {
  const say = (text) => process.stdout.write(`${text}\n`);
  say(
    `hostile inputs, ${sizes.join(' and ')} MB: CPU ms of injectRobots alone and with resolvePage; growth 1.00 = linear`,
  );
  const rows = benchTransformHostile({ sizes });
  const ms = (values) => values.map((value) => value.toFixed(0)).join(' / ');
  say(
    table([
      ['pattern', 'injectRobots ms', 'growth', '+ resolvePage ms', 'growth', 'peak RSS MB', 'resolvePage error'],
      ...rows.map((r) => [
        r.pattern,
        ms(r.injectCpuMs),
        r.injectGrowth.toFixed(2),
        ms(r.resolvedCpuMs),
        r.resolvedGrowth.toFixed(2),
        ms(r.maxRssMb),
        r.resolvedError ?? '',
      ]),
    ]),
  );
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'transform-hostile.json'), `${JSON.stringify(rows, null, 2)}\n`);
  say('');
}

/** Transform throughput: the floor (read+write), injectRobots, and a full rehype round trip; hostile inputs first. */
export function benchTransform({ sizes, runs, hostileSizes = process.argv.includes('--quick') ? [0.25, 1] : [1, 10] }) {
  if (hostileSizes.length > 0) reportHostile(hostileSizes);
  const results = [];
  for (const count of sizes) {
    const dir = pagesFolder(count);
    for (const mode of ['copy', 'inject', 'rehype']) {
      // A full rehype round trip of 10,000 pages takes minutes: one run is enough to compare.
      const repeat = mode === 'rehype' && count > 1000 ? 1 : runs;
      const samples = Array.from({ length: repeat }, () => runNode(worker, [dir, mode]));
      results.push({
        pages: count,
        mode,
        runs: repeat,
        msPerPage: median(samples.map((s) => s.msPerPage)),
        transformMsPerPage: median(samples.map((s) => s.transformMsPerPage)),
        pagesPerSecond: 1000 / median(samples.map((s) => s.msPerPage)),
        maxRssMb: Math.max(...samples.map((s) => s.maxRssMb)),
      });
    }
  }
  return results;
}
