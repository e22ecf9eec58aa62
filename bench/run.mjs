// `npm run bench`: measures, prints a table and writes bench/results.json.
// Flags: --quick (smaller sizes, for trying the bench itself), --only=transform,body-pass,matcher,on-demand,…,
// --logs-mb=N (size of the generated access log; default 256, 32 with --quick; 1024 for the 1 GB figure),
// --eleventy-pages=2000,5000 (site sizes of the Eleventy builds), --eleventy-rss=20000 (a larger site, peak RSS and CPU
// of no plugin against the default options), --eleventy-variants=none,default,full (a subset of the variants),
// --eleventy-archive=N (pages of the paginated archive case; 0 skips it), --rounds=N (rounds of the build benches; default 5),
// --astro-variants=none,audit (a subset of the Astro variants: none, default, audit, full),
// --instructions-pages=1000, --instructions-rounds=2, --instructions-frameworks=eleventy,astro[,astro-starter] (the instruction-count builds of `--only=instructions`, astro-starter being the Astro blog starter with that many posts; slow: Valgrind)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { root, table } from './lib.mjs';
import { benchAudit } from './audit.mjs';
import { benchAuditHreflang } from './audit-hreflang.mjs';
import { benchAstroBuilds, benchEleventyBuilds, benchPluginImport } from './builds.mjs';
import { benchLogs } from './logs.mjs';
import { benchMatcher } from './matcher.mjs';
import { benchReport } from './report.mjs';
import { benchOnDemand } from './on-demand.mjs';
import { benchTransform } from './transform.mjs';
import { benchBodyPass } from './body-pass.mjs';
import { benchBuildInstructions, valgrindAvailable } from './instructions.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
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
      [
        'pages',
        'mode',
        'runs',
        'ms/page (read+transform+write)',
        'transform ms/page',
        'pages/s',
        'peak RSS MB',
        'vs rehype',
      ],
      ...results.transform.map((r) => [
        r.pages,
        r.mode,
        r.runs,
        r.msPerPage.toFixed(3),
        r.transformMsPerPage.toFixed(4),
        Math.round(r.pagesPerSecond),
        r.maxRssMb.toFixed(0),
        r.mode === 'inject' ? `${(rehype(r.pages).transformMsPerPage / r.transformMsPerPage).toFixed(0)}x faster` : '',
      ]),
    ]),
  );
}

if (wanted('body-pass')) {
  say('\n▶ links and nosnippet body pass …');
  const r = (results.bodyPass = await benchBodyPass(quick ? { pages: 100, rounds: 3 } : {}));
  const range3 = (x) => `${x.median.toFixed(3)} (${x.min.toFixed(3)}–${x.max.toFixed(3)})`;
  say(
    `${r.pages} generated pages of ${(r.bytesPerPage / 1000).toFixed(0)} KB, ${r.rounds} rounds in rotated order, CPU; ratios to the round's control, median (min–max)`,
  );
  say(
    `pages given a body pass: no options ${r.bodyPasses.none}, rules for other pages ${r.bodyPasses.elsewhere}, rules on ${r.bodyPasses.on} (${r.pagesChanged} changed)`,
  );
  say(
    table([
      ['variant', 'CPU ms/page', 'ratio to control', 'target'],
      ...r.variants.map((v, i) => [
        v.name,
        range3(v.msPerPage),
        range3(v.ratio),
        i === 4 ? `≤ 0.3 ms ${r.target.met ? '✔' : '✘'}` : i === 1 || i === 2 ? '≈ 1.00' : '',
      ]),
    ]),
  );
}

if (wanted('matcher')) {
  say('\n▶ robots.txt matcher …');
  const m = (results.matcher = benchMatcher(quick ? { cases: 20_000, runs: 2, largeQueries: 10_000 } : {}));
  const qps = (value) => Math.round(value).toLocaleString('en');
  const mark = (ok) => (ok ? '✔' : '✘');
  say(
    `${m.cases.toLocaleString('en')} generated robots.txt/URL pairs, median of ${m.runs} alternated runs; robots-parser disagrees with us on ${m.disagreementsWithPeer} (${((100 * m.disagreementsWithPeer) / m.cases).toFixed(2)}%)`,
  );
  say(
    table([
      ['what', 'robots-kit', 'robots-parser', 'ratio', 'target'],
      [
        'isAllowed from the text, queries/s',
        qps(m.fromText.queriesPerSecond),
        qps(m.fromText.peerQueriesPerSecond),
        `${m.fromText.ratio.toFixed(2)}x`,
        `≥ 1.5x ${mark(m.targets.fromTextAtLeast1_5xPeer)}`,
      ],
      [
        'isAllowed from a parsed file, queries/s',
        qps(m.fromParsed.queriesPerSecond),
        qps(m.fromParsed.peerQueriesPerSecond),
        `${m.fromParsed.ratio.toFixed(2)}x`,
        '',
      ],
      [
        `isAllowed, ${m.large.robotsTxtLines}-line file parsed once, queries/s`,
        qps(m.large.parsedQueriesPerSecond),
        qps(m.large.peerParsedQueriesPerSecond),
        `${(m.large.parsedQueriesPerSecond / m.large.peerParsedQueriesPerSecond).toFixed(2)}x`,
        '',
      ],
      [
        `isAllowed, ${m.large.robotsTxtLines}-line file from the text, queries/s`,
        qps(m.large.textQueriesPerSecond),
        '',
        '',
        '',
      ],
      [
        `parseRobotsTxt, ${Math.round(m.parse500KiB.bytes / 1024)} KiB file, CPU ms`,
        m.parse500KiB.cpuMs.toFixed(1),
        '',
        '',
        `≤ 50 ms ${mark(m.targets.parse500KiBAtMost50Ms)}`,
      ],
      ['… and reading its diagnostics, CPU ms', m.parse500KiB.withDiagnosticsCpuMs.toFixed(1), '', '', ''],
      [
        `30 lines of 16,000 spaces (${Math.round(m.hostile.bytes / 1000)} KB), parse + diagnostics, CPU ms`,
        m.hostile.cpuMs.toFixed(1),
        '',
        '',
        '',
      ],
    ]),
  );
}

const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(flag('rounds') ?? (quick ? 1 : 5));
const range = (r) => `${r.median.toFixed(3)} (${r.min.toFixed(3)}–${r.max.toFixed(3)})`;

function buildTable(title, bench) {
  say(
    `\n${title} (${bench.pages} pages${bench.archive ? `, a ${bench.archive}-page paginated archive` : ''}; ${bench.results[0].runs} rounds, variants side by side in rotated order; ratios to the round's no-plugin build, median (min–max))`,
  );
  say(
    table([
      [
        'variant',
        'CPU ms',
        'CPU ratio',
        'peak RSS MB',
        'RSS ratio',
        'wall ms',
        'wall ratio',
        'transform ms',
        'transform ms/page',
      ],
      ...bench.results.map((r) => [
        r.variant,
        Math.round(r.cpuMs),
        range(r.cpuRatio),
        Math.round(r.maxRssMb),
        range(r.rssRatio),
        Math.round(r.ms),
        range(r.wallRatio),
        r.transformMs ? Math.round(r.transformMs) : 'n/a',
        r.transformMs && r.pages ? (r.transformMs / r.pages).toFixed(3) : 'n/a',
      ]),
    ]),
  );
}

if (wanted('eleventy')) {
  say('\n▶ Eleventy builds …');
  const r = (results.pluginImport = benchPluginImport({ runs: quick ? 3 : 9 }));
  say(
    `importing @robots-kit/eleventy (fresh processes, medians of ${r.runs} rotated with importing nothing): ${r.cpuMs.toFixed(0)} ms CPU (${r.cpuRange.map((v) => v.toFixed(0)).join('–')}), +${r.rssMb.toFixed(1)} MB RSS, +${r.heapMb.toFixed(1)} MB heap, ${r.modules} modules${r.zod ? ', zod among them' : ', no zod'}`,
  );
  say(
    `  its floor, @robots-kit/core/internal/runtime, in the same runs: ${r.runtime.cpuMs.toFixed(0)} ms CPU (${r.runtime.cpuRange.map((v) => v.toFixed(0)).join('–')}), +${r.runtime.rssMb.toFixed(1)} MB RSS, +${r.runtime.heapMb.toFixed(1)} MB heap, ${r.runtime.modules} modules`,
  );
  say(
    `  @robots-kit/astro, in the same runs: ${r.astro.cpuMs.toFixed(0)} ms CPU (${r.astro.cpuRange.map((v) => v.toFixed(0)).join('–')}), +${r.astro.rssMb.toFixed(1)} MB RSS, +${r.astro.heapMb.toFixed(1)} MB heap, ${r.astro.modules} modules${r.astro.zod ? ', zod among them' : ', no zod'}`,
  );
  const sizes = (flag('eleventy-pages') ?? (quick ? '300' : '2000,5000')).split(',').map(Number);
  const variants = flag('eleventy-variants')?.split(',');
  results.eleventySizes = sizes.map((pages) =>
    benchEleventyBuilds({ pages, runs: rounds, ...(variants ? { variants } : {}) }),
  );
  for (const bench of results.eleventySizes) buildTable('Eleventy', bench);
  results.eleventy = results.eleventySizes.at(-1);
  // Paginated pages must cost the transform what other pages cost: the same site with a 500-page archive.
  const base = results.eleventySizes[0];
  const archive = Number(flag('eleventy-archive') ?? (quick ? 50 : 500));
  if (archive > 0) {
    const archived = (results.eleventyArchive = benchEleventyBuilds({
      pages: base.pages,
      archive,
      runs: rounds,
      variants: ['none', 'default'],
    }));
    buildTable('Eleventy', archived);
    const perPage = (bench) =>
      bench.results.find((x) => x.variant === 'default').transformMs /
      bench.results.find((x) => x.variant === 'default').pages;
    say(
      `transform ms/page with the archive: ${perPage(archived).toFixed(3)} against ${perPage(base).toFixed(3)} without (×${(perPage(archived) / perPage(base)).toFixed(2)}; target ≤ ×1.10)`,
    );
  }
  const large = flag('eleventy-rss');
  if (large) {
    results.eleventyLarge = benchEleventyBuilds({
      pages: Number(large),
      runs: Math.min(rounds, 3),
      variants: ['none', 'default'],
    });
    buildTable('Eleventy', results.eleventyLarge);
  }
}

if (wanted('astro')) {
  say('\n▶ Astro builds …');
  const variants = flag('astro-variants')?.split(',');
  results.astro = benchAstroBuilds({
    pages: quick ? 100 : 1000,
    runs: Math.max(rounds, quick ? 1 : 3),
    ...(variants ? { variants } : {}),
  });
  buildTable('Astro', results.astro);
  const withAudit = results.astro.results.find((r) => r.auditShare);
  if (withAudit)
    say(
      `the audit \`audit: true\` adds, measured in the \`default\` build's process over its output: ${Math.round(withAudit.auditCpuMs)} ms CPU, ×${(1 + withAudit.auditShare.median).toFixed(3)} (${(1 + withAudit.auditShare.min).toFixed(3)}–${(1 + withAudit.auditShare.max).toFixed(3)}) of the build's CPU`,
    );
}

// Not part of the default run (about 50× a build's time): `--only=instructions`.
if (only?.includes('instructions')) {
  say(
    '\n▶ Builds counted in instructions (Callgrind, V8 --single-threaded --predictable; mutator and collector apart) …',
  );
  if (!valgrindAvailable()) say('skipped: valgrind is not installed (Debian: apt-get install valgrind)');
  else {
    const pages = Number(flag('instructions-pages') ?? (quick ? 100 : 1000));
    const eleventyVariants = flag('eleventy-variants')?.split(',');
    const astroVariants = flag('astro-variants')?.split(',');
    const frameworks = (flag('instructions-frameworks') ?? 'eleventy,astro').split(',');
    const variantsOf = { eleventy: eleventyVariants, astro: astroVariants, 'astro-starter': astroVariants };
    const rounds = Number(flag('instructions-rounds') ?? (quick ? 1 : 2));
    results.instructions = [];
    for (const framework of frameworks)
      results.instructions.push(
        await benchBuildInstructions({
          framework,
          pages,
          rounds,
          ...(variantsOf[framework] ? { variants: variantsOf[framework] } : {}),
        }),
      );
    const g = (n) => (n / 1e9).toFixed(2) + ' G';
    const spread = ({ median, min, max }) => `${g(median)} (${g(min)}–${g(max)})`;
    for (const bench of results.instructions) {
      say(
        `${bench.framework}, ${bench.pages} pages, ${bench.rounds} build(s) per variant, rotated; ratios of the mutator's medians (the collector's count depends on V8's timing)`,
      );
      say(
        table([
          [
            'variant',
            'mutator',
            'collector',
            'total',
            'main thread mutator',
            'mutator ratio',
            'main thread ratio',
            'total ratio (range)',
          ],
          ...bench.results.map((r) => [
            r.variant,
            spread(r.mutator),
            spread(r.collector),
            spread(r.total),
            spread(r.mainMutator),
            r.mutatorRatio?.toFixed(4) ?? 'n/a',
            r.mainMutatorRatio?.toFixed(4) ?? 'n/a',
            r.totalRatio ? `${r.totalRatio.min.toFixed(3)}–${r.totalRatio.max.toFixed(3)}` : 'n/a',
          ]),
        ]),
      );
    }
  }
}

if (wanted('audit-hreflang')) {
  say('\n▶ audit: hreflang checks against the same site without hreflang links …');
  results.auditHreflang = benchAuditHreflang(quick ? { sizes: [500, 1000], languages: 10, rounds: 2 } : {});
  say(
    table([
      ['pages', 'hreflang links', 'control s', 'with links s', 'ratio (median, min–max)', 'extra ms/link'],
      ...results.auditHreflang.map((r) => [
        r.pages,
        r.links,
        r.controlSeconds.toFixed(2),
        r.linkedSeconds.toFixed(2),
        `${r.ratio.toFixed(2)} (${r.ratioMin.toFixed(2)}–${r.ratioMax.toFixed(2)})`,
        r.extraMsPerLink.toFixed(4),
      ]),
    ]),
  );
}

if (wanted('audit')) {
  say('\n▶ audit …');
  const a = (results.audit = benchAudit({
    sizes: quick ? [300, 1200] : [1000, 5000, 20_000],
    rounds: quick ? 1 : Math.max(3, Math.min(rounds, 5)),
    eleventyOutput: results.eleventy?.output,
  }));
  const rate = (r) =>
    `${Math.round(r.median).toLocaleString('en')} (${Math.round(r.min).toLocaleString('en')}–${Math.round(r.max).toLocaleString('en')})`;
  const rows = [...a.sizes.map((r) => ['generated', r]), ...(a.eleventy ? [['Eleventy output', a.eleventy]] : [])];
  say(
    `auditSite against two floors in the same run (fresh process each, ${a.sizes[0].rounds} rounds in rotated order; pages per CPU-second of the measured part, median (min–max))`,
  );
  say(
    table([
      [
        'site',
        'pages',
        'audit pages/CPU-s',
        'audit pages/s (wall)',
        'floor: read pages/CPU-s',
        'floor: read+tokenize pages/CPU-s',
        'audit CPU / read',
        'audit CPU / read+tokenize',
        'target',
      ],
      ...rows.map(([site, r]) => [
        site,
        r.pages.toLocaleString('en'),
        rate(r.audit.pagesPerCpuSecond),
        rate(r.audit.pagesPerSecond),
        rate(r.read.pagesPerCpuSecond),
        rate(r.tokenize.pagesPerCpuSecond),
        range(r.vsRead),
        range(r.vsTokenize),
        r.pages === 5000 ? `≥ 5,000 ${r.audit.pagesPerCpuSecond.median >= 5000 ? '✔' : '✘'}` : '',
      ]),
    ]),
  );
  say(
    `linearity (CPU per page at the larger size / at the smaller; 1.00 = linear): ${a.linear.map((l) => `${l.from.toLocaleString('en')} → ${l.to.toLocaleString('en')}: ×${l.ratio.toFixed(2)}`).join(', ')}`,
  );
}

if (wanted('logs')) {
  say('\n▶ robots-kit logs …');
  const megabytes = flag('logs-mb');
  results.logs = await benchLogs({ megabytes: megabytes ? Number(megabytes) : quick ? 32 : 256, runs: quick ? 1 : 3 });
  const r = results.logs;
  say(
    table([
      [
        'log MB',
        'lines',
        'lines/s (wall)',
        'lines/s (CPU)',
        'read-only floor lines/s (CPU)',
        'vs floor',
        'target',
        'peak RSS MB',
        'RSS samples MB',
      ],
      [
        r.megabytes,
        r.lines.toLocaleString('en'),
        Math.round(r.linesPerSecond).toLocaleString('en'),
        Math.round(r.linesPerCpuSecond).toLocaleString('en'),
        Math.round(r.floorLinesPerCpuSecond).toLocaleString('en'),
        `${r.vsFloor.toFixed(2)}x`,
        r.target.toLocaleString('en'),
        r.maxRssMb,
        r.rssSamplesMb.join(' '),
      ],
    ]),
  );
  say(
    `two copies of the log: ${r.twoFiles.oneThreadSeconds.toFixed(2)} s on one thread, ${r.twoFiles.twoThreadsSeconds.toFixed(2)} s on two (×${r.twoFiles.speedUp.toFixed(2)}, wall time)`,
  );
}

if (wanted('on-demand')) {
  say('\n▶ on-demand rendering (@astrojs/node) …');
  const r = (results.onDemand = await benchOnDemand(quick ? { rounds: 2, ms: 1000, importRuns: 3 } : {}));
  const mark = (ok) => (ok ? '✔' : '✘');
  say(
    `${r.connections} keep-alive clients, ${r.rounds} alternated rounds of ${r.secondsPerRound} s, two on-demand pages in each round`,
  );
  for (const [label, p] of [
    ['minimal page', r],
    ['blog starter page', r.starter],
  ]) {
    say(`${label}: ${p.page}`);
    say(
      table([
        [
          'measure',
          'with robots-kit',
          'without',
          'a no-op middleware',
          're-streaming only',
          'ratio vs without',
          'ratio vs no-op',
          'ratio vs re-streaming',
          're-streaming vs without',
          'target',
        ],
        [
          'server CPU ms per request (median)',
          p.cpuMsPerRequest.robots.toFixed(3),
          p.cpuMsPerRequest.none.toFixed(3),
          p.cpuMsPerRequest.noop.toFixed(3),
          p.cpuMsPerRequest.rewrap.toFixed(3),
          `${p.medianRatio.cpuVsNone.toFixed(3)} (overhead ${p.overheadPercent.cpuVsNone.toFixed(1)}%; rounds ${p.ratios.cpuVsNone.map((x) => x.toFixed(2)).join(' ')})`,
          `${p.medianRatio.cpuVsNoop.toFixed(3)} (${p.overheadPercent.cpuVsNoop.toFixed(1)}%)`,
          `${p.medianRatio.cpuVsRewrap.toFixed(3)} (rounds ${p.ratios.cpuVsRewrap.map((x) => x.toFixed(2)).join(' ')})`,
          `${p.medianRatio.cpuRewrapVsNone.toFixed(3)} (rounds ${p.ratios.cpuRewrapVsNone.map((x) => x.toFixed(2)).join(' ')})`,
          `≤ 5% ${mark(p.target.met)}`,
        ],
        [
          'requests/s, wall time (median)',
          Math.round(p.rps.robots),
          Math.round(p.rps.none),
          Math.round(p.rps.noop),
          Math.round(p.rps.rewrap),
          `${p.medianRatio.vsNone.toFixed(3)} (rounds ${p.ratios.vsNone.map((x) => x.toFixed(2)).join(' ')})`,
          p.medianRatio.vsNoop.toFixed(3),
          '',
          '',
          '',
        ],
      ]),
    );
  }
  say(
    table([
      ['entry', 'cold import ms (median)', 'modules bundled', 'minified KiB', 'node: imports'],
      [
        '@robots-kit/core/internal/runtime (what the middleware loads)',
        r.coldImportMs.runtime.toFixed(1),
        r.bundle.runtime.modules,
        (r.bundle.runtime.bytes / 1024).toFixed(1),
        r.bundle.runtime.nodeImports.join(' ') || 'none',
      ],
      [
        '@robots-kit/core (main entry)',
        r.coldImportMs.main.toFixed(1),
        r.bundle.main.modules,
        (r.bundle.main.bytes / 1024).toFixed(1),
        r.bundle.main.nodeImports.join(' ') || 'none',
      ],
    ]),
  );
  for (const [label, own] of [
    ['minimal page', r.inProcessMicrosPerPage],
    ['blog starter page', r.starterInProcessMicrosPerPage],
  ]) {
    say(
      `robots-kit's own work per page, in process (resolveResponse + injectRobotsStream, the page in one chunk as Astro sends it), ${label}: ${(own.withRobots - own.alone).toFixed(0)} µs CPU (${own.withRobots.toFixed(0)} µs against ${own.alone.toFixed(0)} µs to read the body alone); of it, the head scan ${own.headScan.toFixed(1)} µs, a cached resolution ${own.resolve.toFixed(1)} µs`,
    );
  }
  if (r.middlewareChunkBytes)
    say(`the built server's middleware chunk: ${(r.middlewareChunkBytes / 1024).toFixed(1)} KiB`);
}

if (wanted('report')) {
  say('\n▶ HTML audit report in Chromium …');
  results.report = await benchReport({ dir: results.eleventy?.output, pages: quick ? 300 : 5000, runs: quick ? 1 : 5 });
  const r = results.report;
  say(
    r.skipped
      ? `skipped: ${r.skipped}`
      : `${r.pages} pages × ${r.crawlers} crawlers, ${(r.bytes / 1e6).toFixed(2)} MB: opens in ${Math.round(r.openMs)} ms (${r.openVsFloor.toFixed(2)}x the ${Math.round(r.floorMs)} ms to read the same bytes without the script), filters in ${Math.round(r.filterMs)} ms; ${r.withinBudget ? 'within' : 'OVER'} the 2 s budget`,
  );
}

writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
say('\nwrote bench/results.json');
