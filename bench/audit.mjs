// The audit's throughput (issue 21): `auditSite` over generated built sites of 1,000, 5,000 and
// 20,000 pages (and the Eleventy bench output when it was built in the same run), against two
// floors measured side by side: reading the same files (list, read, decode), and that plus
// htmlparser2's tokenizer over every page. Each measure runs in a fresh process, in an order
// rotated every round; CPU time (user+sys) of the measured part only, not of the import.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePage } from './generate-page.mjs';
import { median, root, runNode, work } from './lib.mjs';

export const AUDIT_VARIANTS = ['read', 'tokenize', 'audit'];

/**
 * A built site of `count` pages as a static-site generator writes it: `posts/post-<i>/index.html`
 * (34 KB pages with a 7 KB head, every third with a robots tag, every 25th `noindex`), a sitemap
 * listing them, and a robots.txt pointing to it.
 */
export function auditSite(count) {
  const dir = join(work, `audit-${count}`);
  if (existsSync(join(dir, 'done'))) return dir;
  const urls = [];
  for (let i = 0; i < count; i++) {
    const folder = join(dir, 'posts', `post-${i}`);
    mkdirSync(folder, { recursive: true });
    let page = generatePage(i);
    if (i % 25 === 0) page = page.replace('</title>', '</title>\n    <meta name="robots" content="noindex">');
    writeFileSync(join(folder, 'index.html'), page);
    if (i % 25 !== 0) urls.push(`<url><loc>https://example.com/posts/post-${i}/</loc></url>`);
  }
  writeFileSync(
    join(dir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  writeFileSync(
    join(dir, 'robots.txt'),
    'User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n',
  );
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Rounds of the three variants over one folder, in rotated order. */
function measure(dir, rounds) {
  const script = join(root, 'bench', 'audit-worker.mjs');
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const order = AUDIT_VARIANTS.map((_, i) => AUDIT_VARIANTS[(i + round) % AUDIT_VARIANTS.length]);
    samples.push(Object.fromEntries(order.map((variant) => [variant, runNode(script, [dir, variant])])));
  }
  const pages = samples[0].audit.pages;
  const of = (variant) => ({
    cpuMs: spread(samples.map((s) => s[variant].cpuMs)),
    pagesPerCpuSecond: spread(samples.map((s) => (1000 * pages) / s[variant].cpuMs)),
    pagesPerSecond: spread(samples.map((s) => (1000 * pages) / s[variant].ms)),
  });
  return {
    dir,
    pages,
    rounds,
    findings: samples[0].audit.findings,
    ...Object.fromEntries(AUDIT_VARIANTS.map((variant) => [variant, of(variant)])),
    // The audit's CPU against each floor's, per round.
    vsRead: spread(samples.map((s) => s.audit.cpuMs / s.read.cpuMs)),
    vsTokenize: spread(samples.map((s) => s.audit.cpuMs / s.tokenize.cpuMs)),
  };
}

/**
 * The audit at several sizes; `linear` is, per step, the CPU per page at the larger size over the
 * CPU per page at the smaller (1.00 = linear). `eleventyOutput`, when given, is measured too.
 */
export function benchAudit({ sizes = [1000, 5000, 20_000], rounds = 3, eleventyOutput } = {}) {
  const results = sizes.map((count) => measure(auditSite(count), rounds));
  const perPage = (r) => r.audit.cpuMs.median / r.pages;
  const linear = results
    .slice(1)
    .map((r, i) => ({ from: results[i].pages, to: r.pages, ratio: perPage(r) / perPage(results[i]) }));
  return {
    sizes: results,
    linear,
    ...(eleventyOutput && existsSync(eleventyOutput) ? { eleventy: measure(eleventyOutput, rounds) } : {}),
  };
}

/**
 * Where the audit's time goes on the `count`-page site, warm, in one process (see `stages` in
 * audit-worker.mjs): CPU µs per page of listing, reading, the UTF-8 check and Latin-1 view, the
 * tokenizer alone, the page reader, and the whole audit; `rest` is the audit less the others.
 */
export function benchAuditStages({ count = 5000, rounds = 5 } = {}) {
  const { usPerPage } = runNode(join(root, 'bench', 'audit-worker.mjs'), [auditSite(count), 'stages', String(rounds)]);
  return { pages: count, ...usPerPage, rest: usPerPage.audit - usPerPage.list - usPerPage.read - usPerPage.reader };
}
