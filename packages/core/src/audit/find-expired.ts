import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { groupBy } from './group-by.js';
import { listCrawlers } from './list-crawlers.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import type { AuditFinding, DecisionSource } from './types.js';

/** `expired`: pages whose `unavailable_after` has passed, grouped by the date and the tag that set it. */
export function findExpired(data: AuditData): AuditFinding[] {
  const hits: Array<{ url: string; crawler: string; date: string; source: DecisionSource }> = [];
  for (const page of data.pages) {
    for (const [crawler, verdict] of Object.entries(page.verdicts)) {
      const date = verdict.unavailableAfter;
      const source = verdict.because.unavailableAfter?.[0];
      if (date !== undefined && source && Date.parse(date) <= data.context.now) hits.push({ url: page.url, crawler, date, source });
    }
  }
  return [...groupBy(hits, (hit) => `${hit.date}\n${hit.source.text}`).values()].map((group) => {
    const { date, source } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'expired',
      `unavailable_after ${date} has passed, so ${plural(urls.size, 'page')} no longer ${urls.size === 1 ? 'shows' : 'show'} in results for ${listCrawlers(group.map((hit) => hit.crawler))} (${codeSpan(source.text, 100)}); update or remove the date.`,
      { urls, source: { file: source.file, ...(source.line === undefined ? {} : { line: source.line }) }, crawlers: group.map((hit) => hit.crawler) },
    );
  });
}
