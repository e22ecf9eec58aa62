import { join } from 'node:path';
import { median, pagesFolder, root, runNode } from './lib.mjs';

const worker = join(root, 'bench', 'transform-worker.mjs');

/** Transform throughput: the floor (read+write), injectRobots, and a full rehype round trip. */
export function benchTransform({ sizes, runs }) {
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
