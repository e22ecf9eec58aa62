// The head scan of injectRobots measured without the load of a shared machine in the way:
// instructions per page (run under callgrind twice, N and 2N measured passes after the same
// warm-up: the difference is the passes' own work), bytes allocated per page (heap growth over
// batches with no collection in them) and in-process CPU against a control in the same process
// (alternated, rotated rounds). Not part of `npm run bench`: a tool for changing the scanner.
//
//   node bench/head-scan.mjs passes <dist> <bench|ondemand> <fixed|empty> <passes>
//   node --expose-gc bench/head-scan.mjs alloc <dist> <bench|ondemand> <fixed|empty>
//   node bench/head-scan.mjs cpu <distA> <distB> <bench|ondemand> <fixed|empty> [rounds]
//   node bench/head-scan.mjs callgrind <dist> <bench|ondemand> <fixed|empty|body|audit> [passes]
//
// <dist> is a built `packages/core/dist` (e.g. a copy of main's under bench/.work/), or `floor`:
// bench/head-scan-floor.mjs, the least a head edit can cost. In place of `fixed|empty`, `body`
// measures the body pass (`rewritePageBody` with bench/body-pass.mjs's link and nosnippet rules)
// and `audit` the audit's page reader (`readPage`) on the same pages: the three jobs of the HTML
// reader, counted the same way.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePage } from './generate-page.mjs';

/** The page of bench/on-demand.mjs (its LAYOUT and PAGE) as Astro renders it (HTML compressed). */
export function onDemandPage(slug) {
  const paragraphs = Array.from(
    { length: 30 },
    (_, i) =>
      `<p>Paragraph ${i} of a post rendered on request, with <a href="/blog/${i}/">a link</a> and some <em>inline markup</em> to make it look like a real page.</p>`,
  ).join('');
  return (
    '<!DOCTYPE html><html lang="en"> <head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<meta name="description" content="A page rendered on request for the robots-kit bench.">' +
    `<link rel="canonical" href="https://example.com/blog/${slug}/"><title>Post ${slug}</title></head> <body> ` +
    '<header><nav><a href="/">Home</a> <a href="/blog/">Blog</a> <a href="/about/">About</a></nav></header> ' +
    `<main> <article> <h1>Post ${slug}</h1> ${paragraphs} </article> </main> <footer><p>Footer text</p></footer> </body></html>`
  );
}

const pagesOf = (kind) =>
  Array.from({ length: 100 }, (_, i) => (kind === 'ondemand' ? onDemandPage(`post-${i}`) : generatePage(i)));
/** `fixed`: fresh tags on every call, as resolvePage returns them; `empty`: nothing to write. */
const resolverOf = (kind) => (kind === 'empty' ? () => ({}) : () => ({ robots: 'noindex, follow' }));
/** The job a resolver argument names: `body` and `audit` are jobs of their own, the rest the head transform. */
const jobOf = (resolver) => (resolver === 'body' || resolver === 'audit' ? resolver : 'head');
/** The link and nosnippet rules of bench/body-pass.mjs. */
const BODY_RULES = {
  site: 'https://example.com',
  links: [
    { rel: 'nofollow', external: true },
    { rel: 'ugc', within: ['.comments', '[data-ugc]'] },
    { rel: 'sponsored', hosts: ['*.amazon.com', 'amzn.to'] },
    { rel: 'nofollow', paths: ['/go/**'] },
  ],
  nosnippet: ['.newsletter-signup', '#price'],
};
/**
 * The job measured, as `(page, resolve) => { html }`: the head transform, or with `body`/`audit`
 * the body pass or the audit's reader. `floor`: bench/head-scan-floor.mjs, the least a head edit
 * can cost, instead of a built dist.
 */
async function load(dist, job) {
  if (dist === 'floor') return (await import(new URL('./head-scan-floor.mjs', import.meta.url).href)).injectRobots;
  const module = (path) => import(pathToFileURL(join(resolvePath(dist), path)).href);
  if (job === 'body') {
    const options = (await module('index.js')).normalizeOptions(BODY_RULES);
    const { rewritePageBody } = await module('runtime.js');
    let count = 0;
    return (page) => rewritePageBody(page, { url: `/post-${count++ % 100}/` }, options);
  }
  if (job === 'audit') {
    const { readPage } = await module('audit/read-page.js');
    return (page) => ({ html: page, facts: readPage(page) });
  }
  return (await module('html/inject.js')).injectRobots;
}

function passes(inject, pages, resolve, count) {
  let bytes = 0;
  for (let pass = 0; pass < count; pass++) for (const page of pages) bytes += inject(page, resolve).html.length;
  return bytes;
}

const [mode, ...args] = import.meta.main === false ? [] : process.argv.slice(2);
if (mode === 'passes') {
  const [dist, kind, resolver, count] = args;
  const inject = await load(dist, jobOf(resolver));
  const pages = pagesOf(kind);
  const resolve = resolverOf(resolver);
  passes(inject, pages, resolve, 30);
  passes(inject, pages, resolve, Number(count));
} else if (mode === 'callgrind') {
  // Instructions of the whole process with N and 2N measured passes: the difference / (N × pages).
  const [dist, kind, resolver, count = '10'] = args;
  const counts = [];
  for (const n of [Number(count), 2 * Number(count)]) {
    const out = join(tmpdir(), `head-scan-${process.pid}-${n}.out`);
    const run = spawnSync(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${out}`,
        process.execPath,
        '--single-threaded',
        new URL(import.meta.url).pathname,
        'passes',
        dist,
        kind,
        resolver,
        String(n),
      ],
      { encoding: 'utf8' },
    );
    const summary = run.status === 0 && /summary:\s*(\d+)/.exec(readFileSync(out, 'utf8'));
    if (!summary) throw new Error(run.stderr);
    counts.push(Number(summary[1]));
    rmSync(out);
  }
  console.log(
    JSON.stringify({
      kind,
      resolver,
      instructionsPerPage: Math.round((counts[1] - counts[0]) / (Number(count) * 100)),
      totals: counts,
    }),
  );
} else if (mode === 'alloc') {
  const [dist, kind, resolver] = args;
  const inject = await load(dist, jobOf(resolver));
  const pages = pagesOf(kind);
  const resolve = resolverOf(resolver);
  passes(inject, pages, resolve, 30);
  const perPage = [];
  for (let batch = 0; batch < 200; batch++) {
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    passes(inject, pages, resolve, 1);
    const grown = process.memoryUsage().heapUsed - before;
    // A batch with a scavenge in it shrinks the heap: left out.
    if (grown > 0) perPage.push(grown / pages.length);
  }
  perPage.sort((a, b) => a - b);
  console.log(
    JSON.stringify({ kind, resolver, bytesPerPage: Math.round(perPage[perPage.length >> 1]), batches: perPage.length }),
  );
} else if (mode === 'cpu') {
  const [distA, distB, kind, resolver, rounds = '15'] = args;
  const injects = [await load(distA, jobOf(resolver)), await load(distB, jobOf(resolver))];
  const pages = pagesOf(kind);
  const resolve = resolverOf(resolver);
  for (const inject of injects) passes(inject, pages, resolve, 30);
  // A and B must give the same pages (the floor gives its own: it is compared for cost only).
  if (distA !== 'floor' && distB !== 'floor')
    for (const page of pages)
      if (injects[0](page, resolve).html !== injects[1](page, resolve).html) throw new Error('outputs differ');
  const ratios = [];
  const micros = [[], []];
  for (let round = 0; round < Number(rounds); round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const spent = [0, 0];
    for (const which of order) {
      const start = process.cpuUsage();
      passes(injects[which], pages, resolve, 20);
      const used = process.cpuUsage(start);
      spent[which] = (used.user + used.system) / (20 * pages.length);
    }
    micros[0].push(spent[0]);
    micros[1].push(spent[1]);
    ratios.push(spent[1] / spent[0]);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const fixed = (value) => Number(value.toFixed(3));
  console.log(
    JSON.stringify({
      kind,
      resolver,
      microsA: fixed(median(micros[0])),
      microsB: fixed(median(micros[1])),
      ratioBoverA: fixed(median(ratios)),
      min: fixed(Math.min(...ratios)),
      max: fixed(Math.max(...ratios)),
    }),
  );
} else if (import.meta.main) {
  console.error('usage: see the comment at the top of bench/head-scan.mjs');
  process.exit(2);
}
