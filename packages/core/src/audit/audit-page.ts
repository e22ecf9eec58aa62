import { isErrorPage } from '../resolve/is-error-page.js';
import type { AuditContext } from './audit-context.js';
import { computeVerdict } from './compute-verdict.js';
import type { DirectiveSource } from './directive-source.js';
import { fileToUrl } from './file-to-url.js';
import { headerSource } from './header-source.js';
import { metaSource } from './meta-source.js';
import type { PageRecord } from './page-record.js';
import { readPage } from './read-page.js';
import { resolveCanonical } from './resolve-canonical.js';
import type { CrawlerVerdict } from './types.js';
import { urlPathKey } from './url-path-key.js';

/** Reads one page's HTML and decides, for each crawler, what it may do with the URL. */
export function auditPage(file: string, html: string, context: AuditContext): PageRecord {
  const basePath = context.site?.basePath ?? '';
  const url = fileToUrl(file, context.trailingSlash, basePath);
  const facts = readPage(html, context.extraNames);
  const sources: DirectiveSource[] = [];
  for (const header of context.headers.robotsHeadersFor(url.slice(basePath.length) || '/', file)) {
    sources.push(headerSource(header.value, header.location, header.pattern));
  }
  for (const tag of facts.robotsTags) sources.push(metaSource(tag, file));
  const errorPage = isErrorPage({ url });
  const verdicts: Record<string, CrawlerVerdict> = {};
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
  const canonical = facts.canonical === undefined ? undefined : resolveCanonical(facts.canonical, url, facts.baseHref, context.site);
  return {
    url,
    key: urlPathKey(url),
    file,
    errorPage,
    inSitemap: false,
    ...(canonical ? { canonical: canonical.href } : {}),
    ...(canonical?.path === undefined ? {} : { canonicalPath: canonical.path }),
    sources,
    verdicts,
  };
}
