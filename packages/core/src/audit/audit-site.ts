import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RobotsError } from '../errors/robots-error.js';
import type { AuditContext } from './audit-context.js';
import type { AuditData } from './audit-data.js';
import { auditPage } from './audit-page.js';
import { checkTrailingSlash } from './check-trailing-slash.js';
import { collectFindings } from './collect-findings.js';
import { forEachConcurrent } from './for-each-concurrent.js';
import { listHtmlFiles } from './list-html-files.js';
import { normalizeCrawlers } from './normalize-crawlers.js';
import type { PageRecord } from './page-record.js';
import { readHeaderRules } from './read-header-rules.js';
import { readRobotsTxt } from './read-robots-txt.js';
import { readSitemaps } from './read-sitemaps.js';
import { readTextFile } from './read-text-file.js';
import { siteFromRobotsTxt } from './site-from-robots-txt.js';
import { parseSiteUrl } from './site-url.js';
import type { SkippedFile } from './skipped-file.js';
import { toAuditReport } from './to-audit-report.js';
import type { AuditOptions, AuditReport } from './types.js';
import { urlCandidates } from './url-candidates.js';
import { urlPathKey } from './url-path-key.js';

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
export async function auditSite(dir: string, options: AuditOptions = {}): Promise<AuditReport> {
  const started = performance.now();
  const crawlers = normalizeCrawlers(options.crawlers);
  const trailingSlash = checkTrailingSlash(options.trailingSlash);
  const siteOption = options.site === undefined ? undefined : parseSiteUrl(options.site);
  const root = path.resolve(dir);
  await assertFolder(root, dir);
  const now = options.now ?? new Date();
  const skipped: SkippedFile[] = [];

  const robots = await readRobotsTxt(root);
  if (robots.skipped !== undefined && robots.skipped !== 'missing') skipped.push({ file: 'robots.txt', reason: robots.skipped });
  const headers = await readHeaderRules(root);
  skipped.push(...headers.skipped);
  const declared = (robots.parsed?.sitemaps ?? []).filter((sitemap) => URL.canParse(sitemap.url)).map((sitemap) => ({ url: sitemap.url, from: { file: 'robots.txt', line: sitemap.line } }));
  const sitemaps = await readSitemaps(root, declared, siteOption ?? siteFromRobotsTxt(robots.parsed));

  const context: AuditContext = {
    root,
    site: sitemaps.site,
    trailingSlash,
    crawlers,
    extraNames: new Set(crawlers.filter((crawler) => crawler !== '*')),
    robotsTxt: robots.parsed,
    headers,
    now: now.getTime(),
  };

  const list = await listHtmlFiles(root);
  skipped.push(...list.skipped);
  const read: Array<PageRecord | undefined> = new Array(list.files.length);
  let done = 0;
  await forEachConcurrent(list.files, options.concurrency ?? 32, async (file, index) => {
    const content = await readTextFile(path.join(root, file), MAX_HTML_BYTES);
    if (content.text === undefined) skipped.push({ file, reason: content.skipped });
    else {
      try {
        read[index] = auditPage(file, content.text, context);
      } catch (error) {
        skipped.push({ file, reason: `could not be read as HTML (${error instanceof Error ? error.message : String(error)})` });
      }
    }
    options.onProgress?.(++done, list.files.length);
  });

  const pages = read.filter((page): page is PageRecord => page !== undefined).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const byKey = new Map<string, PageRecord>();
  for (const page of pages) if (!byKey.has(page.key)) byKey.set(page.key, page);
  const pageAt = (urlPath: string): PageRecord | undefined => {
    for (const candidate of urlCandidates(urlPathKey(urlPath), trailingSlash)) {
      const page = byKey.get(candidate);
      if (page) return page;
    }
    return undefined;
  };
  for (const entry of sitemaps.entries.values()) {
    const page = pageAt(entry.path);
    if (page) page.inSitemap = true;
  }

  const data: AuditData = { context, pages, pageAt, sitemaps, robotsTxtMissing: robots.skipped === 'missing', skipped };
  const findings = await collectFindings(data);
  return toAuditReport({ dir, data, findings, headerFiles: headers.files, generatedAt: now, durationMs: performance.now() - started });
}
