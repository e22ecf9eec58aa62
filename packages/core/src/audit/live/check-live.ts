/**
 * checkLiveSite: `robots-kit check <url>`. Reads a deployed site as a crawler does (robots.txt,
 * the sitemaps it names, pages and other files, each response's status, redirects,
 * `X-Robots-Tag` lines and robots meta tags) with the page reader and the findings of the folder
 * audit. With `expect` (a built folder) every file the build wrote is requested at its URL and
 * what the build meant is compared with what came back: `served-differs`, `robots-txt-differs`.
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { RobotsError } from '../../errors.js';
import { validateGlob } from '../../glob.js';
import { parseRobotsTxt } from '../../robots-txt/parse.js';
import type { ParsedRobotsTxt } from '../../robots-txt/types.js';
import { auditPageFacts, auditSite, byUrl, pageLookup, toAuditReport } from '../audit-site.js';
import { codeSpan, makeFinding, shorten } from '../findings.js';
import { AlternateStore } from '../i18n-checks.js';
import { LinkStore } from '../link-checks.js';
import type { PageFacts } from '../page-facts.js';
import { readPage } from '../read-page.js';
import { readTextFile } from '../read-files.js';
import { checkTrailingSlash, collectFindings, SitemapEntryChecks } from '../site-checks.js';
import { emptySitemapRead, forEachSitemapLoc, WELL_KNOWN_SITEMAPS } from '../sitemaps.js';
import { parseSiteUrl, urlCandidates, urlPathKey, urlToSitePath } from '../site-urls.js';
import type {
  AuditContext,
  AuditData,
  AuditFinding,
  AuditReport,
  AuditSitemap,
  HeaderRules,
  PageRecord,
  SitemapEntry,
  SitemapRead,
  TrailingSlash,
} from '../types.js';
import { headerSource, normalizeCrawlers } from '../verdict.js';
import { headerValues, LiveClient, type LiveResponse } from './http-client.js';
import { compareServed, expectedTargets, type Target } from './expected.js';

/** What `robots-kit check <url>` is given. */
export interface LiveCheckOptions {
  /** A built folder to compare the site with: every file it holds is requested at its URL. */
  expect?: string;
  /** Crawlers to give verdicts for (default: `googlebot`, `*`). */
  crawlers?: readonly string[];
  /** `User-Agent` to send: a crawler name (`googlebot`, `bingbot`) sends its documented string; default robots-kit's own. */
  userAgent?: string;
  /** Requests in flight at once. Default: 4. */
  concurrency?: number;
  /** Request starts per second. Default: 10. */
  rate?: number;
  /** Time limit per request, ms. Default: 15,000. */
  timeoutMs?: number;
  /** Bytes read of one response. Default: 5 MiB. */
  maxBytes?: number;
  /** URLs requested at most (robots.txt and sitemaps apart). Default: 500. */
  maxUrls?: number;
  trailingSlash?: TrailingSlash;
  /** Default: now. */
  now?: Date;
  /** The site must not be indexable (a preview deployment). Default: true. */
  indexable?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Google reads the first 500 KiB of a robots.txt; a little more is read to tell it was longer. */
const ROBOTS_TXT_MAX_BYTES = 512 * 1024 + 1;
/** Sitemap files fetched at most, index children included. */
const MAX_SITEMAP_REQUESTS = 50;
const CRAWLER_AGENTS: Readonly<Record<string, string>> = {
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  applebot: 'Mozilla/5.0 (compatible; Applebot/0.1; +http://www.apple.com/go/applebot)',
};
/** robots-kit's own `User-Agent`, naming the tool and where to read about it. */
export const LIVE_USER_AGENT = 'robots-kit-check/1 (+https://github.com/robots-kit/robots-kit)';

/** The `User-Agent` for `--user-agent`: a crawler's documented string, robots-kit named after it. */
export function userAgentFor(name: string | undefined): string {
  if (name === undefined) return LIVE_USER_AGENT;
  const known = CRAWLER_AGENTS[name.toLowerCase()];
  if (known) return `${known} robots-kit-check/1`;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) {
    throw new RobotsError({
      code: 'invalid-argument',
      source: 'robots-kit check',
      key: '--user-agent',
      value: name,
      problem: 'invalid crawler name',
      expected: `a product token such as ${Object.keys(CRAWLER_AGENTS)
        .map((agent) => `\`${agent}\``)
        .join(', ')}`,
    });
  }
  return `Mozilla/5.0 (compatible; ${name}/1.0) robots-kit-check/1`;
}

const NO_HEADER_RULES: HeaderRules = { files: [], skipped: [], unchecked: [], robotsHeadersFor: () => [] };

/** What the live check found: the report, and the robots.txt served (for the HTML report's robots.txt section). */
export interface LiveCheckResult {
  report: AuditReport;
  robotsTxt?: string;
}

/** The deployed site at `start` read as crawlers read it, compared with `options.expect` when given. */
export async function checkLiveSite(start: string, options: LiveCheckOptions = {}): Promise<LiveCheckResult> {
  const started = performance.now();
  const site = parseSiteUrl(start, 'robots-kit check');
  const crawlers = normalizeCrawlers(options.crawlers);
  const trailingSlash = checkTrailingSlash(options.trailingSlash);
  const now = options.now ?? new Date();
  const maxUrls = options.maxUrls ?? 500;
  const client = new LiveClient(site.origin, {
    userAgent: userAgentFor(options.userAgent),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.rate === undefined ? {} : { rate: options.rate }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  // What the build meant, read first: a bad folder is a usage error before any request.
  const meant =
    options.expect === undefined
      ? undefined
      : await auditSite(options.expect, { site: site.origin + site.basePath, crawlers, trailingSlash, now });
  const live: AuditFinding[] = [];

  const robots = await client.get('/robots.txt', ROBOTS_TXT_MAX_BYTES);
  const robotsTxt = readServedRobotsTxt(robots, live);
  const robotsTxtMissing = robots.error === undefined && robots.status >= 400 && robots.status < 500;

  const context: AuditContext = {
    root: '',
    site,
    trailingSlash,
    crawlers,
    extraNames: new Set(crawlers.filter((crawler) => crawler !== '*')),
    robotsTxt,
    headers: NO_HEADER_RULES,
    now: now.getTime(),
    indexable: options.indexable !== false,
    // Every URL is served on request here: a sitemap URL not requested is not a missing file.
    onDemandPaths: [validateGlob('/**', 'onDemandPaths[0]', 'robots-kit check')],
    alternates: new AlternateStore(),
  };

  const sitemapEntries: SitemapEntry[] = [];
  const sitemaps = await readServedSitemaps(client, robotsTxt, site, sitemapEntries, live);

  const expected = meant ? expectedTargets(meant, site) : undefined;
  const targets: Target[] = expected?.targets ?? [
    { path: site.basePath === '' ? '/' : `${site.basePath}/`, html: true },
    ...sitemapEntries.map((entry) => ({ path: entry.path, html: true })),
  ];
  const unique = [...new Map(targets.map((target) => [target.path, target])).values()];
  const requested = unique.slice(0, maxUrls);
  if (unique.length > requested.length) {
    live.push(
      makeFinding(
        'skipped',
        `${unique.length - requested.length} of ${unique.length} URLs were not requested (--max-urls ${maxUrls}).`,
      ),
    );
  }
  const requestedKeys = new Set(requested.map((target) => urlPathKey(target.path)));
  context.links = new LinkStore((urlPath) =>
    urlCandidates(urlPathKey(urlPath), trailingSlash).some((candidate) => requestedKeys.has(candidate)),
  );

  let done = 0;
  const served = await Promise.all(
    requested.map(async (target) => {
      const response = await client.get(target.path);
      options.onProgress?.(++done, requested.length);
      return { target, response };
    }),
  );
  const pages: PageRecord[] = [];
  for (const { target, response } of served) {
    if (response.error !== undefined && response.status === 0) {
      live.push(fetchFailed(response));
      continue;
    }
    if (response.error !== undefined) live.push(fetchFailed(response));
    const record = servedRecord(target, response, context);
    if (target.meant) record.meant = target.meant;
    pages.push(record);
    if (target.meant) live.push(...compareServed(target, response, record));
  }
  if (expected?.errorProbe) {
    const response = await client.get(expected.errorProbe.path);
    if (response.error !== undefined && response.status === 0) live.push(fetchFailed(response));
    else
      live.push(...compareServed(expected.errorProbe, response, servedRecord(expected.errorProbe, response, context)));
  }
  if (meant) live.push(...(await compareRobotsTxt(options.expect!, robots)));

  pages.sort(byUrl);
  const pageAt = pageLookup(pages, trailingSlash, site.basePath);
  const checks = new SitemapEntryChecks(context, pageAt);
  for (const entry of sitemapEntries) checks.add(entry);
  sitemaps.urlCount = sitemapEntries.length;
  const data: AuditData = {
    context,
    pages,
    pageAt,
    sitemaps,
    sitemapUrls: checks.urls,
    robotsTxtMissing,
    skipped: [],
  };
  const report = toAuditReport({
    dir: start,
    data,
    findings: [...collectFindings(data, checks.findings()), ...live].sort(
      (a, b) => severityRank(a) - severityRank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    ),
    headerFiles: [],
    generatedAt: now,
    durationMs: performance.now() - started,
  });
  return robotsTxt === undefined ? { report } : { report, robotsTxt: new TextDecoder().decode(robots.body) };
}

function severityRank(finding: AuditFinding): number {
  return finding.severity === 'error' ? 0 : finding.severity === 'warning' ? 1 : 2;
}

/** A response as a page record: its `X-Robots-Tag` lines and, for HTML, its robots meta tags. */
function servedRecord(target: Target, response: LiveResponse, context: AuditContext): PageRecord {
  const path = new URL(response.finalUrl).pathname;
  const where = target.file ?? target.path;
  const headers = headerValues(response, 'x-robots-tag').map((value) =>
    headerSource(value, { file: path }, 'served X-Robots-Tag'),
  );
  const type = headerValues(response, 'content-type')[0] ?? '';
  const html = /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(type) || (type === '' && target.html);
  const facts: PageFacts = html ? readPage(new TextDecoder().decode(response.body)) : { robotsTags: [] };
  return auditPageFacts(where, facts, context, target.path, { headers, status: response.status });
}

function fetchFailed(response: LiveResponse): AuditFinding {
  return makeFinding('fetch-failed', `${response.url}: ${response.error}.`, { urls: [new URL(response.url).pathname] });
}

/** The served robots.txt, parsed; a server error or no answer is a finding (Google then treats the site as disallowed). */
function readServedRobotsTxt(response: LiveResponse, findings: AuditFinding[]): ParsedRobotsTxt | undefined {
  if (response.error !== undefined) {
    findings.push(fetchFailed(response));
    return undefined;
  }
  if (response.status >= 500) {
    findings.push(
      makeFinding(
        'fetch-failed',
        `robots.txt answers ${response.status}: while it does, Google treats the whole site as disallowed (RFC 9309 §2.3.1.4).`,
        { urls: ['/robots.txt'] },
      ),
    );
    return undefined;
  }
  if (response.status < 200 || response.status >= 300) return undefined;
  return parseRobotsTxt(new TextDecoder().decode(response.body));
}

/** The sitemaps robots.txt names (or the well-known ones), index children included, within bounds. */
async function readServedSitemaps(
  client: LiveClient,
  robotsTxt: ParsedRobotsTxt | undefined,
  site: { origin: string; basePath: string },
  entries: SitemapEntry[],
  findings: AuditFinding[],
): Promise<SitemapRead> {
  const read = emptySitemapRead(site);
  const declared = (robotsTxt?.sitemaps ?? []).map((sitemap) => ({ url: sitemap.url, line: sitemap.line }));
  const queue: Array<{ url: string; line?: number; guessed?: boolean }> =
    declared.length > 0
      ? declared
      : WELL_KNOWN_SITEMAPS.map((name) => ({ url: `${site.origin}${site.basePath}/${name}`, guessed: true }));
  let requests = 0;
  const seen = new Set<string>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next.url)) continue;
    seen.add(next.url);
    let url: URL | undefined;
    try {
      url = new URL(next.url);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== site.origin) {
      read.sitemaps.push({ url: next.url, kind: 'external', urlCount: 0 });
      continue;
    }
    if (++requests > MAX_SITEMAP_REQUESTS) {
      read.notRead.count++;
      continue;
    }
    const response = await client.get(url.href);
    if (response.error !== undefined && response.status === 0) {
      if (!next.guessed) findings.push(fetchFailed(response));
      continue;
    }
    if (response.status >= 400) {
      if (next.guessed) continue;
      read.sitemaps.push({ url: next.url, kind: 'missing', urlCount: 0 });
      findings.push(
        makeFinding(
          'sitemap-missing',
          `${next.line === undefined ? 'A sitemap index' : `robots.txt line ${next.line}`} points at sitemap ${codeSpan(next.url)}, which answers ${response.status}.`,
          { urls: [url.pathname] },
        ),
      );
      continue;
    }
    const sitemap: AuditSitemap = { url: next.url, kind: 'invalid', urlCount: 0 };
    read.sitemaps.push(sitemap);
    const text = sitemapText(response);
    if (text.reason !== undefined) {
      read.invalid.push({ file: url.pathname, reason: text.reason });
      continue;
    }
    sitemap.kind = forEachSitemapLoc(text.xml, (loc, kind) => {
      if (kind === 'index') {
        queue.push({ url: loc });
        sitemap.urlCount++;
        return;
      }
      const path = urlToSitePath(loc, site);
      sitemap.urlCount++;
      if (path === undefined) {
        const foreign = read.foreign.get(url.pathname);
        if (foreign) foreign.count++;
        else read.foreign.set(url.pathname, { count: 1, first: loc });
      } else entries.push({ loc, path, file: url.pathname });
    });
    if (sitemap.kind === 'invalid')
      read.invalid.push({ file: url.pathname, reason: 'neither a urlset nor a sitemap index' });
  }
  return read;
}

/** A sitemap response as text: gunzipped when it is gzip, cut responses refused. */
function sitemapText(response: LiveResponse): { xml: string; reason?: undefined } | { reason: string } {
  if (response.truncated) return { reason: `longer than the ${response.body.length} bytes read (--max-bytes)` };
  let body = response.body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      body = gunzipSync(body, { maxOutputLength: 50 * 1024 * 1024 });
    } catch {
      return { reason: 'not valid gzip, or larger than 50 MB uncompressed' };
    }
  }
  return { xml: new TextDecoder().decode(body) };
}

/** The served robots.txt against the built one, line by line (line endings aside). */
async function compareRobotsTxt(expectDir: string, served: LiveResponse): Promise<AuditFinding[]> {
  const root = path.resolve(expectDir);
  const built = (await readTextFile(path.join(root, 'robots.txt'), ROBOTS_TXT_MAX_BYTES, root)).text;
  if (built === undefined) return [];
  const meant = normalizeLines(built);
  if (served.error !== undefined || served.status !== 200) {
    const answer = served.error ?? `status ${served.status}`;
    return [
      makeFinding(
        'robots-txt-differs',
        `The build wrote robots.txt; the server answers ${answer}. Likely cause: robots.txt is not deployed, or a rule in front of the site answers for it.`,
        { urls: ['/robots.txt'] },
      ),
    ];
  }
  const got = normalizeLines(new TextDecoder().decode(served.body));
  if (got.join('\n') === meant.join('\n')) return [];
  const line = meant.findIndex((text, i) => got[i] !== text);
  const at = line === -1 ? meant.length : line;
  return [
    makeFinding(
      'robots-txt-differs',
      `The served robots.txt is not the one this build wrote: line ${at + 1} is ${codeSpan(shorten(got[at] ?? '(end of file)', 100))}, the build wrote ${codeSpan(shorten(meant[at] ?? '(end of file)', 100))}. Likely cause: a stale robots.txt (a CDN cache, an earlier deploy) or a server rule that serves another file.`,
      { urls: ['/robots.txt'] },
    ),
  ];
}

function normalizeLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.map((line) => line.replace(/[ \t]+$/, ''));
}
