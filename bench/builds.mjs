import { join } from 'node:path';
import { median, root, runNode } from './lib.mjs';
import { astroSite, eleventySite } from './sites.mjs';

/**
 * Whole builds with and without the plugin. Each pair runs back to back, alternating which
 * goes first, so the machine's drift cancels out; the median of the pair ratios is reported.
 */
function pairs(script, dir, variant, runs) {
  const ratios = [];
  // CPU time of the build process: less swayed by the scheduler than wall time.
  const cpuRatios = [];
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? ['none', variant] : [variant, 'none'];
    const result = Object.fromEntries(order.map((name) => [name, runNode(script, [dir, name])]));
    ratios.push(result[variant].ms / result.none.ms);
    cpuRatios.push(result[variant].cpuMs / result.none.cpuMs);
    samples.push(result);
  }
  return {
    variant,
    runs,
    medianRatio: median(ratios),
    ratios,
    medianCpuRatio: median(cpuRatios),
    cpuRatios,
    withoutMs: median(samples.map((s) => s.none.ms)),
    withMs: median(samples.map((s) => s[variant].ms)),
    transformMs: median(samples.map((s) => s[variant].transformMs ?? NaN)),
  };
}

export function benchEleventyBuilds({ pages, runs }) {
  const dir = eleventySite(pages);
  const script = join(root, 'bench', 'eleventy-build.mjs');
  return { pages, results: ['default', 'full'].map((variant) => pairs(script, dir, variant, runs)), output: join(dir, '_site-full') };
}

export function benchAstroBuilds({ pages, runs }) {
  const dir = astroSite(pages);
  const script = join(root, 'bench', 'astro-build.mjs');
  return { pages, results: ['default', 'full'].map((variant) => pairs(script, dir, variant, runs)) };
}
