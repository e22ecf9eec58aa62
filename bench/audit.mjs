import { join } from 'node:path';
import { median, root, runNode } from './lib.mjs';

/** `auditSite` (what `robots-kit check` runs) over a built site, each run in a fresh process. */
export function benchAudit({ dir, runs }) {
  const script = join(root, 'bench', 'audit-worker.mjs');
  const samples = Array.from({ length: runs }, () => runNode(script, [dir]));
  return { dir, runs, pages: samples[0].pages, pagesPerSecond: median(samples.map((s) => s.pagesPerSecond)), findings: samples[0].findings };
}
