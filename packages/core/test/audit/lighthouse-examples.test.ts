/**
 * Issue 41, item 4: every reader reaches the same verdict. The example sites (`examples/*`) are
 * built with their frameworks, served on 127.0.0.1 with their `_headers` applied, and Lighthouse's
 * SEO audits `is-crawlable`, `robots-txt`, `canonical` and `hreflang` run on every page (the npm
 * `lighthouse` package, on Debian's Chromium). Each verdict must equal the one robots-kit's own
 * audit (`auditSite`) gives the same built folder; a difference is allowed only where it is one of
 * the Lighthouse limitations named below, each with the reason. The pages the issue found (a
 * crawler tag beside noindex, a past `unavailable_after`, a header-rule noindex, relative and
 * conflicting canonical and hreflang URLs), as robots-kit writes them now, are compared the same way.
 *
 * Skips, saying so, where no Chromium is found.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchHeaderPattern, parseHeadersFile } from '../../src/adapter.js';
import { auditSite } from '../../src/audit/audit-site.js';
import { injectRobots, normalizeOptions, resolvePage } from '../../src/index.js';
import type { AuditFinding, AuditReport } from '../../src/audit/types.js';
import {
  findChromium,
  NO_CHROMIUM,
  runLighthouse,
  serveFolder,
  type LighthouseAudit,
  type ServedFolder,
} from '../helpers/lighthouse.js';

const chromium = findChromium();
if (!chromium) console.warn(`lighthouse-examples.test.ts: ${NO_CHROMIUM}`);

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = path.join(REPO, 'node_modules/.bin');
const AUDITS = ['is-crawlable', 'robots-txt', 'canonical', 'hreflang'] as const;
type AuditId = (typeof AUDITS)[number];
/**
 * The crawlers Lighthouse's `is-crawlable` asks for (its `BOT_USER_AGENTS`; `*` for its generic
 * one). Its `archive.org_bot` is no robots.txt product token (Google's parser reads `archive`):
 * no group of the examples names it, so it is told what `*` is, and `*` stands for it.
 */
const LIGHTHOUSE_BOTS = ['*', 'googlebot', 'bingbot', 'duckduckbot'];

interface Example {
  name: string;
  site: string;
  /** Builds the example into `out` with its own framework's command line. */
  build(out: string): string[];
}
const EXAMPLES: Example[] = [
  {
    name: 'eleventy-blog',
    site: 'https://example.com',
    build: (out) => [path.join(BIN, 'eleventy'), `--output=${out}`],
  },
  {
    name: 'astro-blog',
    site: 'https://example.com',
    build: (out) => [path.join(BIN, 'astro'), 'build', '--outDir', out],
  },
  {
    name: 'astro-docs',
    site: 'https://docs.example.com',
    build: (out) => [path.join(BIN, 'astro'), 'build', '--outDir', out],
  },
];

/** What a reader says about one page for one Lighthouse audit: `pass` or `fail`. */
type Verdict = 'pass' | 'fail';
interface Difference {
  site: string;
  url: string;
  audit: AuditId;
  lighthouse: Verdict;
  robotsKit: Verdict;
  /** Lighthouse's own words: its explanation and table rows. */
  detail: string;
}
/**
 * The differences Lighthouse's documented behaviour explains: robots-kit is right to differ. Each
 * one names the case it allows, precisely; any other difference fails the test.
 */
const LIGHTHOUSE_LIMITATIONS: ReadonlyArray<{
  name: string;
  why: string;
  applies(difference: Difference, page: AuditReport['pages'][number] | undefined): boolean;
}> = [
  {
    name: 'is-crawlable ignores what a page is',
    why: "Lighthouse's is-crawlable reads robots tags, X-Robots-Tag and robots.txt only (the status code is its separate http-status-code audit): an error page fetched at its own URL (`/404.html`, which a static host serves with 200) passes, while robots-kit counts a 404 page as never indexed.",
    applies: (difference, page) =>
      difference.audit === 'is-crawlable' && difference.lighthouse === 'pass' && page?.errorPage === true,
  },
];

/** The X-Robots-Tag (and other) headers `_headers` gives a path, as Netlify applies them: every matching rule, in file order. */
async function headersOf(folder: string): Promise<(urlPath: string) => Array<readonly [string, string]>> {
  const text = await readFile(path.join(folder, '_headers'), 'utf8').catch(() => '');
  const rules = [...parseHeadersFile(text)];
  return (urlPath) =>
    rules
      .filter(([pattern]) => matchHeaderPattern(pattern, urlPath, 'netlify'))
      .flatMap(([, lines]) => lines.map((line) => [line.name, line.value] as const));
}

function lighthouseVerdict(audit: LighthouseAudit): Verdict {
  // Not applicable (no canonical, no hreflang link) is a pass, as Lighthouse scores it.
  return audit.score === 0 ? 'fail' : 'pass';
}
/** robots-kit's verdict for one Lighthouse audit, from its report of the same folder. */
function robotsKitVerdict(audit: AuditId, url: string, report: AuditReport): Verdict {
  const page = report.pages.find((candidate) => candidate.url === url);
  const on = (findings: AuditFinding[], ids: string[]) =>
    findings.some((finding) => ids.includes(finding.id) && finding.urls.includes(url));
  switch (audit) {
    case 'is-crawlable': {
      // Lighthouse fails a page only when every crawler it asks for is kept out (robots.txt, tag or header).
      const open = LIGHTHOUSE_BOTS.some((bot) => page?.crawlers[bot]?.crawlable && page.crawlers[bot]!.indexable);
      return open ? 'pass' : 'fail';
    }
    case 'robots-txt':
      return report.findings.some((finding) => finding.id === 'robots-txt-syntax' && finding.severity !== 'info')
        ? 'fail'
        : 'pass';
    case 'canonical':
      return on(report.findings, ['canonical-relative', 'canonical-conflict']) ? 'fail' : 'pass';
    case 'hreflang':
      return on(report.findings, ['hreflang-relative', 'hreflang-invalid']) ? 'fail' : 'pass';
  }
}

const SITE = 'https://example.com';

/** Serves a built folder with its `_headers`, runs Lighthouse on every page robots-kit's report has, and compares. */
async function compareWithLighthouse(
  site: string,
  folder: string,
  report: AuditReport,
  servers: ServedFolder[],
): Promise<{
  audited: number;
  differences: Difference[];
  explained: Array<Difference & { limitation: string }>;
  /** `[url, audit]` of the verdicts both readers gave as `fail`, sorted. */
  failed: Array<[string, AuditId]>;
}> {
  const server = await serveFolder(folder, { headers: await headersOf(folder) });
  servers.push(server);
  const urls = report.pages.map((page) => page.url);
  const results = await runLighthouse(
    urls.map((url) => server.origin + url),
    AUDITS,
    { chromium: chromium! },
  );
  const differences: Difference[] = [];
  const explained: Array<Difference & { limitation: string }> = [];
  const failed: Array<[string, AuditId]> = [];
  let audited = 0;
  for (const url of urls) {
    const lighthouse = results.get(server.origin + url)!;
    for (const audit of AUDITS) {
      audited++;
      const difference: Difference = {
        site,
        url,
        audit,
        lighthouse: lighthouseVerdict(lighthouse[audit]),
        robotsKit: robotsKitVerdict(audit, url, report),
        detail: `${lighthouse[audit].explanation ?? ''} ${JSON.stringify(lighthouse[audit].items).slice(0, 400)}`,
      };
      if (difference.lighthouse === difference.robotsKit) {
        if (difference.lighthouse === 'fail') failed.push([url, audit]);
        continue;
      }
      const page = report.pages.find((candidate) => candidate.url === url);
      const limitation = LIGHTHOUSE_LIMITATIONS.find((known) => known.applies(difference, page));
      if (limitation) explained.push({ ...difference, limitation: limitation.name });
      else differences.push(difference);
    }
  }
  failed.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return { audited, differences, explained, failed };
}

describe.skipIf(!chromium)('issue 41: Lighthouse and robots-kit reach the same verdict on the example sites', () => {
  let work: string;
  const built: Array<{ example: Example; folder: string; report: AuditReport }> = [];
  const servers: ServedFolder[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'robots-kit-lighthouse-'));
    const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
    // An indexable production build, whatever the machine's CI variables say.
    for (const key of ['CONTEXT', 'VERCEL_ENV', 'ROBOTS_INDEXABLE']) delete env[key];
    for (const example of EXAMPLES) {
      const folder = path.join(work, example.name);
      const [command, ...args] = example.build(folder);
      const result = spawnSync(command!, args, {
        cwd: path.join(REPO, 'examples', example.name),
        env,
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(result.status, `${example.name} build:\n${result.stdout}\n${result.stderr}`).toBe(0);
      const report = await auditSite(folder, { site: example.site, crawlers: LIGHTHOUSE_BOTS });
      built.push({ example, folder, report });
    }
  }, 900_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('gives every page the verdict of robots-kit’s audit, but for the named Lighthouse limitations', async () => {
    const differences: Difference[] = [];
    const explained: Array<Difference & { limitation: string }> = [];
    let audited = 0;
    for (const { example, folder, report } of built) {
      const compared = await compareWithLighthouse(example.name, folder, report, servers);
      expect(compared.audited, example.name).toBeGreaterThan(3 * AUDITS.length);
      audited += compared.audited;
      differences.push(...compared.differences);
      explained.push(...compared.explained);
    }
    expect(differences).toEqual([]);
    // Every page of the three sites was audited, four audits each.
    expect(audited).toBe(built.reduce((count, site) => count + site.report.pages.length, 0) * AUDITS.length);
    // The one limitation the examples meet: each site's 404 page.
    expect(explained.map(({ site, url, limitation }) => [site, url, limitation])).toEqual(
      built.flatMap(({ example, report }) =>
        report.pages
          .filter((page) => page.errorPage)
          .map((page) => [example.name, page.url, 'is-crawlable ignores what a page is']),
      ),
    );
  }, 1_200_000);

  // The pages of the issue, as robots-kit writes them now: Lighthouse fails each where robots-kit's audit does.
  it('agrees on the pages issue 41 found: a crawler tag beside noindex, a past date, a header rule, relative and conflicting URLs', async () => {
    const options = normalizeOptions(
      { site: SITE, headers: { targets: ['netlify'], rules: [{ path: '/private/**', robots: 'noindex' }] } },
      { env: {} },
    );
    const pages: Record<string, { robots?: unknown; head?: string }> = {
      '/noimageindex/': { robots: { index: false, googlebot: 'noimageindex' } },
      '/expired/': { robots: { unavailable_after: '2001-02-03' } },
      '/private/secret/': {},
      '/relative-hreflang/': {
        head: `<link rel="alternate" hreflang="en" href="${SITE}/"><link rel="alternate" hreflang="fr" href="/fr/">`,
      },
      '/relative-canonical/': { head: '<link rel="canonical" href="/relative-canonical/">' },
      '/two-canonicals/': { head: `<link rel="canonical" href="${SITE}/a/"><link rel="canonical" href="${SITE}/b/">` },
      '/': {},
    };
    const folder = path.join(work, 'issue-41');
    for (const [url, { robots, head = '' }] of Object.entries(pages)) {
      const html = injectRobots(
        `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><p>t</p></body></html>`,
        (existing) => resolvePage({ url, existing, ...(robots === undefined ? {} : { data: { robots } }) }, options),
      ).html;
      await mkdir(path.join(folder, url), { recursive: true });
      await writeFile(path.join(folder, url, 'index.html'), html);
    }
    await writeFile(path.join(folder, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const report = await auditSite(folder, { site: SITE, crawlers: LIGHTHOUSE_BOTS });
    const compared = await compareWithLighthouse('issue-41', folder, report, servers);
    expect(compared.differences).toEqual([]);
    expect(compared.explained).toEqual([]);
    expect(compared.failed).toEqual([
      ['/expired/', 'is-crawlable'],
      ['/noimageindex/', 'is-crawlable'],
      ['/private/secret/', 'is-crawlable'],
      ['/relative-canonical/', 'canonical'],
      ['/relative-hreflang/', 'hreflang'],
      ['/two-canonicals/', 'canonical'],
    ]);
  }, 600_000);
});
