import { join } from 'node:path';
import { median, root, runNode } from './lib.mjs';
import { astroSite, eleventySite } from './sites.mjs';

/** Median with its range, of one variant's per-round ratios. */
function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), values };
}

/**
 * Whole builds of several variants, side by side: every round builds each variant once, in an
 * order rotated by one each round, so that the machine's drift (back-to-back builds swing ±30%
 * here) and the position in the round cancel out. Each variant is compared with the round's
 * `none` build: CPU time (user+sys, less swayed by the scheduler than wall time), peak RSS and, for
 * Eleventy, the live heap at the end of the build.
 */
function rounds(script, dir, variants, runs) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const order = variants.map((_, i) => variants[(i + run) % variants.length]);
    samples.push(Object.fromEntries(order.map((name) => [name, runNode(script, [dir, name])])));
  }
  return variants.map((variant) => ({
    variant,
    runs,
    cpuRatio: spread(samples.map((s) => s[variant].cpuMs / s.none.cpuMs)),
    rssRatio: spread(samples.map((s) => s[variant].maxRssMb / s.none.maxRssMb)),
    // Eleventy builds: the live heap once every page is written (after a full collection).
    liveHeapRatio:
      samples[0][variant].liveHeapMb === undefined
        ? undefined
        : spread(samples.map((s) => s[variant].liveHeapMb / s.none.liveHeapMb)),
    liveHeapMb: median(samples.map((s) => s[variant].liveHeapMb ?? 0)),
    wallRatio: spread(samples.map((s) => s[variant].ms / s.none.ms)),
    cpuMs: median(samples.map((s) => s[variant].cpuMs)),
    ms: median(samples.map((s) => s[variant].ms)),
    maxRssMb: median(samples.map((s) => s[variant].maxRssMb)),
    transformMs: median(samples.map((s) => s[variant].transformMs)),
    // Astro's `default` variant: CPU of the audit `audit: true` would add, as a share of the build's CPU.
    auditShare:
      samples[0][variant].auditCpuMs === undefined
        ? undefined
        : spread(samples.map((s) => s[variant].auditCpuMs / s[variant].cpuMs)),
    auditCpuMs: median(samples.map((s) => s[variant].auditCpuMs ?? 0)),
    pages: samples[0][variant].pages,
  }));
}

/**
 * The controls: no plugin, a transform returning its input, a bare string insert reading a copy,
 * and that insert with the plugin imported but not added (the import's own share of the build).
 */
export const ELEVENTY_VARIANTS = ['none', 'identity', 'insert', 'import', 'default', 'full'];

/** Eleventy builds of the bench site; `archive` adds a paginated archive of that many pages. */
export function benchEleventyBuilds({ pages, runs, archive = 0, variants = ELEVENTY_VARIANTS }) {
  const dir = eleventySite(pages, { archive });
  const script = join(root, 'bench', 'eleventy-build.mjs');
  return { pages, archive, results: rounds(script, dir, variants, runs), output: join(dir, '_site-full') };
}

/**
 * CPU and memory of importing the plugin and, as its floor, the runtime entry (resolution and the
 * head transform, which every build needs), each against a process that imports nothing: fresh
 * processes, the three in an order rotated every run, medians of the differences. Then the
 * modules each import loads (one counting run each, not timed).
 */
export function benchPluginImport({ runs }) {
  const script = join(root, 'bench', 'plugin-import.mjs');
  const kinds = ['nothing', 'plugin', 'runtime', 'astro'];
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const order = kinds.map((_, i) => kinds[(i + run) % kinds.length]);
    samples.push(Object.fromEntries(order.map((what) => [what, runNode(script, [what])])));
  }
  const of = (what, key) => median(samples.map((s) => s[what][key] - s.nothing[key]));
  const range = (what, key) => samples.map((s) => s[what][key] - s.nothing[key]);
  const cost = (what) => ({
    cpuMs: of(what, 'cpuMs'),
    cpuRange: [Math.min(...range(what, 'cpuMs')), Math.max(...range(what, 'cpuMs'))],
    rssMb: of(what, 'rssMb'),
    heapMb: of(what, 'heapMb'),
    ...runNode(script, [what, 'count']),
  });
  const plugin = cost('plugin');
  return { runs, ...plugin, runtime: cost('runtime'), astro: cost('astro') };
}

/** Astro builds of the bench site: no integration, `robots()`, `robots({ audit: true })` and the full configuration. */
export function benchAstroBuilds({ pages, runs, variants = ['none', 'default', 'audit', 'full'] }) {
  const dir = astroSite(pages);
  const script = join(root, 'bench', 'astro-build.mjs');
  return { pages, results: rounds(script, dir, variants, runs) };
}

/**
 * CPU inside the plugin's hooks (transform, preprocessor, sitemap filter, event listeners) during
 * whole builds of the bench site, `default` and `full` alternated round by round, in process
 * (`eleventy-hooks.mjs`): the plugin's own work per page, apart from Eleventy's and the machine's
 * load on other processes. Medians per hook, in ms for the build and µs per page.
 */
export function benchEleventyHooks({ pages, runs, variants = ['default', 'full'] }) {
  const dir = eleventySite(pages);
  const script = join(root, 'bench', 'eleventy-hooks.mjs');
  const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) samples[variant].push(runNode(script, [dir, variant]));
  }
  return Object.fromEntries(
    variants.map((variant) => {
      const list = samples[variant];
      const hooks = [...new Set(list.flatMap((sample) => Object.keys(sample.spent)))];
      const spent = Object.fromEntries(
        hooks.map((hook) => [hook, median(list.map((sample) => sample.spent[hook] ?? 0))]),
      );
      const total = median(list.map((sample) => Object.values(sample.spent).reduce((sum, ms) => sum + ms, 0)));
      const buildCpuMs = median(list.map((sample) => sample.buildCpuMs));
      const share = median(
        list.map((sample) => Object.values(sample.spent).reduce((sum, ms) => sum + ms, 0) / sample.buildCpuMs),
      );
      return [
        variant,
        { runs, pages: list[0].pages, spent, total, perPageUs: (total / list[0].pages) * 1000, buildCpuMs, share },
      ];
    }),
  );
}
