import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { groupBy } from './group-by.js';
import { listCrawlers } from './list-crawlers.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding, DecisionSource } from './types.js';
import { verdictIsNoindex } from './verdict-is-noindex.js';

/** `noindex-disallowed`: noindex pages robots.txt keeps crawlers from fetching, grouped by the blocking rule. */
export function findNoindexDisallowed(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; crawler: string; rule: DecisionSource }> = [];
  for (const page of data.pages) {
    for (const [crawler, verdict] of Object.entries(page.verdicts)) {
      const rule = verdict.because.crawl?.[0];
      if (!verdict.crawlable && rule && verdictIsNoindex(verdict)) hits.push({ url: page.url, crawler, rule });
    }
  }
  return [...groupBy(hits, (hit) => String(hit.rule.line)).values()].map((group) => {
    const { rule } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'noindex-disallowed',
      `robots.txt line ${rule.line} ${codeSpan(rule.text)} stops ${listCrawlers(group.map((hit) => hit.crawler))} fetching ${plural(urls.size, 'noindex page')}, so the noindex is never seen and the URLs can still be indexed from links; allow crawling them, or drop the noindex if blocking is enough.`,
      { urls, source: { file: rule.file, line: rule.line }, crawlers: group.map((hit) => hit.crawler) },
    );
  });
}
