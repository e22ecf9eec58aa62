/**
 * auditSite: reads a built folder, gives every page a verdict per crawler and collects the
 * findings into a report.
 */
import { validateGlob } from '../glob.js';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isErrorPage } from '../resolve/resolve-page.js';
import type {
  AuditContext,
  AuditData,
  AuditFile,
  AuditFinding,
  AuditOptions,
  AuditPage,
  AuditReport,
  CrawlerVerdict,
  PageRecord,
  DirectiveSource,
  SkippedFile,
  TrailingSlash,
} from './types.js';
import { computeVerdict, headerSource, metaSource, normalizeCrawlers } from './verdict.js';
import {
  fileToUrl,
  htmlFileOfPath,
  inferredWithBase,
  parseSiteUrl,
  readBuildManifest,
  siteFromRobotsTxt,
  urlCandidates,
  urlPathKey,
  withBuildManifest,
} from './site-urls.js';
import { readPage, readPageBytes } from './read-page.js';
import {
  canonicalRecord,
  isRedirectRefresh,
  relativeAlternates,
  resolveCanonical,
  readRobotsTxt,
  type PageFacts,
} from './page-facts.js';
import { RobotsError } from '../errors.js';
import { checkTrailingSlash, collectFindings, SitemapEntryChecks } from './site-checks.js';
import { forEachConcurrent, listHtmlFiles, readListedFileSync, readTextFile } from './read-files.js';
import { setImmediate } from 'node:timers/promises';
import { readHeaderRules, staleHeaderFileFindings } from './header-rules.js';
import { AlternateStore } from './i18n-checks.js';
import { LinkStore, pageLinkFacts } from './link-checks.js';
import { readSitemaps, siteFromSitemaps } from './sitemaps.js';

/**
 * What every error page's URL holds: `isErrorPage` parses the URL (costly per page) and wants
 * a last segment of three digits, 4xx or 5xx; a URL made from a file name holds no raw `?`,
 * `#`, tab or backslash, so parsing it only drops dot segments and cannot make such a segment.
 */
const MAYBE_ERROR_PAGE = /[45]\d\d/;
/** Reads one page's HTML and decides, for each crawler, what it may do with the URL. */
export function auditPage(file: string, html: string, context: AuditContext): PageRecord {
  return auditPageFacts(file, readPage(html, context.extraNames), context);
}
/**
 * Decides, for each crawler, what it may do with the URL (`url`, when known already) of a page
 * read into `facts`. Its `X-Robots-Tag` values are the header files' rules for the URL, or
 * `served.headers` where the page was requested from a server (the live check), whose status
 * then decides whether it is an error page.
 */
export function auditPageFacts(
  file: string,
  facts: PageFacts,
  context: AuditContext,
  known?: string,
  served?: { headers: readonly DirectiveSource[]; status: number },
): PageRecord {
  const basePath = context.site?.basePath ?? '';
  const url = known ?? fileToUrl(file, context.trailingSlash, basePath);
  const sources: DirectiveSource[] = [];
  if (served) sources.push(...served.headers);
  else
    for (const header of context.headers.robotsHeadersFor(url.slice(basePath.length) || '/', file, url)) {
      sources.push(headerSource(header.value, header.location, header.pattern));
    }
  for (const tag of facts.robotsTags) sources.push(metaSource(tag, file));
  const errorPage = served ? served.status >= 400 : MAYBE_ERROR_PAGE.test(url) && isErrorPage({ url });
  // Keyed by crawler names the user gives: no prototype, so `--crawler=__proto__` is a key like any other.
  const verdicts = Object.create(null) as Record<string, CrawlerVerdict>;
  for (const crawler of context.crawlers) {
    verdicts[crawler] = computeVerdict({
      crawler: crawler.toLowerCase(),
      url,
      sources,
      robotsTxt: context.robotsTxt,
      ...(errorPage ? { errorPageFile: file } : {}),
      now: context.now,
    });
  }
  const each = facts.alternates?.map((link) => {
    const target = resolveCanonical(link.href, url, facts.baseHref, context.site);
    return target ? { hreflang: link.hreflang, ...target } : undefined;
  });
  const resolved = each?.filter((link) => link !== undefined);
  const alternates = resolved && context.alternates ? context.alternates.keep(file, resolved) : resolved;
  const relative = each ? relativeAlternates(facts.alternates, each) : undefined;
  return {
    url,
    key: urlPathKey(url),
    file,
    errorPage,
    ...(facts.refresh !== undefined && isRedirectRefresh(facts.refresh) ? { redirect: true } : {}),
    inSitemap: false,
    ...canonicalRecord(facts, url, context.site),
    ...(alternates && alternates.length > 0 ? { alternates } : {}),
    ...(relative ? { relativeAlternates: relative } : {}),
    sources,
    verdicts,
    // Links into the site and data-nosnippet elements, for audit/link-checks.ts.
    ...pageLinkFacts(facts, url, context.site, context.links),
  };
}

/** The verdict per crawler for a file that is not a page: only header rules and robots.txt can restrict it. */
function auditFile(file: string, context: AuditContext): AuditFile {
  const basePath = context.site?.basePath ?? '';
  const url = `${basePath}/${file}`;
  const sources = context.headers
    .robotsHeadersFor(`/${file}`, file, url)
    .map((header) => headerSource(header.value, header.location, header.pattern));
  const crawlers = Object.create(null) as Record<string, CrawlerVerdict>;
  for (const crawler of context.crawlers) {
    crawlers[crawler] = computeVerdict({
      crawler: crawler.toLowerCase(),
      url,
      sources,
      robotsTxt: context.robotsTxt,
      now: context.now,
    });
  }
  return { url, file, crawlers };
}

/** Orders page records by URL. */
export function byUrl(a: PageRecord, b: PageRecord): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}
/**
 * The page a URL path names, in any spelling a host serves it at (with or without the trailing
 * slash, `index.html`, or a `.html` URL that names its file), as the audit's findings look pages up.
 */
export function pageLookup(
  pages: readonly PageRecord[],
  trailingSlash: TrailingSlash,
  basePath: string,
): (urlPath: string) => PageRecord | undefined {
  const byKey = new Map<string, PageRecord>();
  for (const page of pages) if (!byKey.has(page.key)) byKey.set(page.key, page);
  let byFile: Map<string, PageRecord> | undefined;
  return (urlPath) => {
    for (const candidate of urlCandidates(urlPathKey(urlPath), trailingSlash)) {
      const page = byKey.get(candidate);
      if (page) return page;
    }
    const file = htmlFileOfPath(urlPath, basePath);
    if (file === undefined) return undefined;
    byFile ??= new Map(pages.map((page) => [page.file, page]));
    return byFile.get(file);
  };
}

/** Pages read between two turns of the event loop: a few milliseconds, so that progress output and servers stay responsive. */
const PAGES_PER_TURN = 64;
/** Pages larger than this are skipped (and reported): no real page is, and a hostile one could stall the audit. */
export const MAX_HTML_BYTES = 16 * 1024 * 1024;
async function assertFolder(root: string, given: string): Promise<void> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new RobotsError({
      code: info ? 'not-a-folder' : 'missing-folder',
      source: 'robots-kit check',
      value: given,
      problem: info ? 'not a folder' : 'no such folder',
      expected: 'the build output folder, e.g. `dist` or `_site`',
    });
  }
}
/**
 * Audits a built site the way crawlers will see it: reads every HTML page (a bounded number at a
 * time, keeping no HTML), robots.txt, the sitemaps and the header rule files, and reports for each
 * URL and crawler what is crawlable, indexable and so on, with findings. Throws `RobotsError` for
 * bad options or a missing folder; problems with the site's files become findings.
 */
export async function auditSite(dir: string, given: AuditOptions = {}): Promise<AuditReport> {
  const started = performance.now();
  // What the build knew (its base path, a preview build): the build's own audit and `robots-kit
  // check` read the same `.robots-kit.json`, so they audit the folder at the same URL.
  const manifest = readBuildManifest(path.resolve(dir));
  const options = withBuildManifest(given, manifest);
  const crawlers = normalizeCrawlers(options.crawlers);
  const trailingSlash = checkTrailingSlash(options.trailingSlash);
  const siteOption = options.site === undefined ? undefined : parseSiteUrl(options.site);
  const root = path.resolve(dir);
  await assertFolder(root, dir);
  const now = options.now ?? new Date();
  const skipped: SkippedFile[] = [];

  const robots = await readRobotsTxt(root);
  if (robots.skipped !== undefined && robots.skipped !== 'missing')
    skipped.push({ file: 'robots.txt', reason: robots.skipped });
  const headers = await readHeaderRules(root);
  skipped.push(...headers.skipped);
  const declared = (robots.parsed?.sitemaps ?? [])
    .filter((sitemap) => URL.canParse(sitemap.url))
    .map((sitemap) => ({ url: sitemap.url, from: { file: 'robots.txt', line: sitemap.line } }));
  // The site is known before the pages are read (canonical links resolve against it), so the
  // sitemaps can be checked as they are read, after the pages, without keeping their URLs.
  const site =
    siteOption ??
    inferredWithBase(siteFromRobotsTxt(robots.parsed) ?? (await siteFromSitemaps(root, declared)), manifest);

  const context: AuditContext = {
    root,
    site,
    trailingSlash,
    crawlers,
    extraNames: new Set(crawlers.filter((crawler) => crawler !== '*')),
    robotsTxt: robots.parsed,
    headers,
    now: now.getTime(),
    indexable: options.indexable !== false,
    onDemandPaths: (options.onDemandPaths ?? []).map((glob, i) =>
      validateGlob(glob, `onDemandPaths[${i}]`, 'auditSite options'),
    ),
    alternates: new AlternateStore(),
  };

  const list = await listHtmlFiles(root);
  skipped.push(...list.skipped);
  // The URLs of the listed pages are known before any is read: a followed link that can lead to
  // none of them is not kept (most links of a site lead to listings, assets, other sites).
  const urls = list.files.map((file) => fileToUrl(file, trailingSlash, site?.basePath ?? ''));
  const listedKeys = new Set(urls.map(urlPathKey));
  const basePath = site?.basePath ?? '';
  // `/de.html` is the file `de.html` whatever `trailingSlash` makes its URL (`build.format: 'file'`).
  let listedFiles: Set<string> | undefined;
  const isListedFile = (urlPath: string): boolean => {
    const file = htmlFileOfPath(urlPath, basePath);
    return file !== undefined && (listedFiles ??= new Set(list.files)).has(file);
  };
  context.links = new LinkStore(
    (urlPath) =>
      urlCandidates(urlPathKey(urlPath), trailingSlash).some((candidate) => listedKeys.has(candidate)) ||
      isListedFile(urlPath),
  );
  const read: Array<PageRecord | undefined> = new Array(list.files.length);
  let done = 0;
  const take = (file: string, index: number, readFacts: () => { facts?: PageFacts; skipped?: string }): void => {
    try {
      const { facts, skipped: reason } = readFacts();
      if (facts) read[index] = auditPageFacts(file, facts, context, urls[index]);
      else skipped.push({ file, reason: reason! });
    } catch (error) {
      skipped.push({
        file,
        reason: `could not be read as HTML (${error instanceof Error ? error.message : String(error)})`,
      });
    }
    options.onProgress?.(++done, list.files.length);
  };
  // Plain files are read synchronously (see readListedFileSync) and decoded only as far as needed
  // (see readPageBytes), letting the event loop run between batches; links and anything unusual
  // go through the careful asynchronous reader.
  const careful: number[] = [];
  for (let index = 0; index < list.files.length; index++) {
    const file = list.files[index]!;
    const bytes = list.links.has(file) ? undefined : readListedFileSync(path.join(root, file), MAX_HTML_BYTES);
    if (bytes === undefined) careful.push(index);
    else take(file, index, () => readPageBytes(bytes, context.extraNames));
    if (index % PAGES_PER_TURN === PAGES_PER_TURN - 1) await setImmediate();
  }
  await forEachConcurrent(careful, options.concurrency ?? 32, async (index) => {
    const file = list.files[index]!;
    const content = await readTextFile(path.join(root, file), MAX_HTML_BYTES, root);
    take(file, index, () =>
      content.text === undefined ? { skipped: content.skipped } : { facts: readPage(content.text, context.extraNames) },
    );
  });

  const pages = read.filter((page): page is PageRecord => page !== undefined).sort(byUrl);
  const pageAt = pageLookup(pages, trailingSlash, basePath);
  const checks = new SitemapEntryChecks(context, pageAt);
  const sitemaps = await readSitemaps(root, declared, site, (entry) => checks.add(entry));

  const data: AuditData = {
    context,
    pages,
    pageAt,
    sitemaps,
    sitemapUrls: checks.urls,
    robotsTxtMissing: robots.skipped === 'missing',
    skipped,
  };
  const findings = collectFindings(data, [...checks.findings(), ...staleHeaderFileFindings(manifest)]);
  return toAuditReport({
    dir,
    data,
    files: list.others.map((file) => auditFile(file, context)),
    findings,
    headerFiles: headers.files,
    generatedAt: now,
    durationMs: performance.now() - started,
  });
}

function toAuditPage(page: PageRecord): AuditPage {
  return {
    url: page.url,
    file: page.file,
    errorPage: page.errorPage,
    inSitemap: page.inSitemap,
    ...(page.canonical === undefined ? {} : { canonical: page.canonical }),
    crawlers: page.verdicts,
    ...(page.meant === undefined ? {} : { meant: page.meant }),
  };
}

export interface ReportParts {
  dir: string;
  data: AuditData;
  findings: AuditFinding[];
  headerFiles: string[];
  generatedAt: Date;
  durationMs: number;
  /** The site's other files and their verdicts. Default: none. */
  files?: AuditFile[];
}

/** The JSON-ready report (see `AUDIT_REPORT_JSON_SCHEMA`). */
export function toAuditReport({
  dir,
  data,
  findings,
  headerFiles,
  generatedAt,
  durationMs,
  files = [],
}: ReportParts): AuditReport {
  const { context, sitemaps } = data;
  const count = (severity: AuditFinding['severity']): number =>
    findings.filter((finding) => finding.severity === severity).length;
  return {
    schemaVersion: 1,
    tool: '@robots-kit/core',
    directory: dir,
    ...(context.site ? { site: context.site.origin + context.site.basePath } : {}),
    crawlers: [...context.crawlers],
    trailingSlash: context.trailingSlash,
    generatedAt: generatedAt.toISOString(),
    robotsTxt: {
      found: context.robotsTxt !== undefined,
      file: 'robots.txt',
      sitemaps: (context.robotsTxt?.sitemaps ?? []).map((sitemap) => sitemap.url),
    },
    sitemaps: sitemaps.sitemaps,
    headerFiles,
    summary: {
      pages: data.pages.length,
      errorPages: data.pages.filter((page) => page.errorPage).length,
      sitemapUrls: data.sitemapUrls,
      skipped: data.skipped.length,
      findings: { error: count('error'), warning: count('warning'), info: count('info') },
      durationMs: Math.round(durationMs),
    },
    pages: data.pages.map(toAuditPage),
    files,
    findings,
  };
}
