// `npm run bench`: measures, prints a table and writes bench/results.json.
// Flags: --quick (smaller sizes, for trying the bench itself), --only=transform,matcher,…
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { root, table } from './lib.mjs';
import { benchAudit } from './audit.mjs';
import { benchAstroBuilds, benchEleventyBuilds } from './builds.mjs';
import { benchMatcher } from './matcher.mjs';
import { benchTransform } from './transform.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',');
const wanted = (name) => !only || only.includes(name);
const resultsFile = join(root, 'bench', 'results.json');
// With --only, keep the other sections of the last full run.
const previous = only && existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
const results = {
  ...previous,
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  quick,
};
const say = (text) => process.stdout.write(text + '\n');

if (wanted('transform')) {
  say('▶ transform throughput …');
  results.transform = benchTransform({ sizes: quick ? [200] : [1000, 10_000], runs: quick ? 1 : 3 });
  const rehype = (pages) => results.transform.find((r) => r.pages === pages && r.mode === 'rehype');
  say(
    table([
      ['pages', 'mode', 'runs', 'ms/page (read+transform+write)', 'transform ms/page', 'pages/s', 'peak RSS MB', 'vs rehype'],
      ...results.transform.map((r) => [
        r.pages, r.mode, r.runs, r.msPerPage.toFixed(3), r.transformMsPerPage.toFixed(4), Math.round(r.pagesPerSecond), r.maxRssMb.toFixed(0),
        r.mode === 'inject' ? `${(rehype(r.pages).transformMsPerPage / r.transformMsPerPage).toFixed(0)}x faster` : '',
      ]),
    ]),
  );
}

if (wanted('matcher')) {
  say('\n▶ robots.txt matcher …');
  results.matcher = benchMatcher(quick ? { queries: 10_000, runs: 2 } : {});
  say(`isAllowed on a ${results.matcher.robotsTxtLines}-line robots.txt: ${Math.round(results.matcher.queriesPerSecond).toLocaleString('en')} queries/s`);
}

function buildTable(title, bench) {
  say(`\n${title} (${bench.pages} pages, median of ${bench.results[0].runs} alternated pairs)`);
  say(
    table([
      ['config', 'without plugin ms', 'with plugin ms', 'median ratio', 'pair ratios', 'median CPU-time ratio', 'in-process transform ms'],
      ...bench.results.map((r) => [
        r.variant, Math.round(r.withoutMs), Math.round(r.withMs), r.medianRatio.toFixed(3),
        r.ratios.map((x) => x.toFixed(2)).join(' '), r.medianCpuRatio.toFixed(3), Number.isNaN(r.transformMs) ? 'n/a' : Math.round(r.transformMs),
      ]),
    ]),
  );
}

if (wanted('eleventy')) {
  say('\n▶ Eleventy builds …');
  results.eleventy = benchEleventyBuilds({ pages: quick ? 300 : 5000, runs: quick ? 1 : 5 });
  buildTable('Eleventy', results.eleventy);
}

if (wanted('astro')) {
  say('\n▶ Astro builds …');
  results.astro = benchAstroBuilds({ pages: quick ? 100 : 1000, runs: quick ? 1 : 3 });
  buildTable('Astro', results.astro);
}

if (wanted('audit') && results.eleventy) {
  say('\n▶ audit …');
  results.audit = benchAudit({ dir: results.eleventy.output, runs: quick ? 1 : 3 });
  say(`auditSite over the ${results.audit.pages}-page Eleventy output: ${Math.round(results.audit.pagesPerSecond).toLocaleString('en')} pages/s`);
}

writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
say('\nwrote bench/results.json');
