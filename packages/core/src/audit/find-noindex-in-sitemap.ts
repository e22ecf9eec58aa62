import type { AuditData } from './audit-data.js';
import { groupBy } from './group-by.js';
import { listCrawlers } from './list-crawlers.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';
import { verdictIsNoindex } from './verdict-is-noindex.js';

/** `noindex-in-sitemap`: sitemap URLs whose page is noindex or an error page, grouped by sitemap file. */
export function findNoindexInSitemap(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; file: string; crawlers: string[]; errorPage: boolean }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    const page = data.pageAt(entry.path);
    if (!page) continue;
    const crawlers = Object.entries(page.verdicts).filter(([, verdict]) => verdictIsNoindex(verdict)).map(([crawler]) => crawler);
    if (page.errorPage || crawlers.length > 0) hits.push({ url: page.url, file: entry.file, crawlers, errorPage: page.errorPage });
  }
  return [...groupBy(hits, (hit) => hit.file).entries()].map(([file, group]) => {
    const errorPages = group.filter((hit) => hit.errorPage).length;
    const crawlers = group.flatMap((hit) => hit.crawlers);
    const what = [
      ...(crawlers.length > 0 ? [`noindex for ${listCrawlers(crawlers)}`] : []),
      ...(errorPages > 0 ? [`${plural(errorPages, 'error page')}`] : []),
    ].join('; ');
    return makeFinding(
      'noindex-in-sitemap',
      `${file} lists ${plural(group.length, 'URL')} that must not be indexed (${what}); remove them from the sitemap or drop the noindex.`,
      { urls: group.map((hit) => hit.url), source: { file }, ...(crawlers.length > 0 ? { crawlers } : {}) },
    );
  });
}
