import type { AuditData } from './audit-data.js';
import { groupBy } from './group-by.js';
import { listCrawlers } from './list-crawlers.js';
import { makeFinding } from './make-finding.js';
import type { PageRecord } from './page-record.js';
import { plural } from './plural.js';
import type { AuditFinding } from './types.js';
import { verdictIsNoindex } from './verdict-is-noindex.js';

/** `canonical-to-noindex`: pages whose canonical link points at another page that is noindex or an error page, grouped by target. */
export function findCanonicalToNoindex(data: AuditData): AuditFinding[] {
  const hits: Array<{ page: PageRecord; target: PageRecord; crawlers: string[] }> = [];
  for (const page of data.pages) {
    if (page.canonicalPath === undefined) continue;
    const target = data.pageAt(page.canonicalPath);
    if (!target || target === page) continue;
    const crawlers = Object.entries(target.verdicts).filter(([, verdict]) => verdictIsNoindex(verdict)).map(([crawler]) => crawler);
    if (crawlers.length > 0 || target.errorPage) hits.push({ page, target, crawlers });
  }
  return [...groupBy(hits, (hit) => hit.target.url).values()].map((group) => {
    const { target, crawlers } = group[0]!;
    const why = target.errorPage ? 'an error page' : `noindex for ${listCrawlers(crawlers)}`;
    return makeFinding(
      'canonical-to-noindex',
      `${plural(group.length, 'page')} ${group.length === 1 ? 'names' : 'name'} ${target.url} as canonical, but it is ${why}: crawlers may drop both. Point the canonical at an indexable page, or drop it.`,
      { urls: group.map((hit) => hit.page.url), source: { file: group[0]!.page.file }, ...(crawlers.length > 0 ? { crawlers } : {}) },
    );
  });
}
