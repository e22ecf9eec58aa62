// `npm run bench`: measures, prints a table and writes bench/results.json.
// Flags: --quick (smaller sizes, for trying the bench itself), --only=transform,matcher,…
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { root, table } from './lib.mjs';
import { benchMatcher } from './matcher.mjs';
import { benchTransform } from './transform.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',');
const wanted = (name) => !only || only.includes(name);
const results = {
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

writeFileSync(join(root, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
say('\nwrote bench/results.json');
