import { explainMatch } from '../robots-txt/explain-match.js';
import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { groupBy } from './group-by.js';
import { listCrawlers } from './list-crawlers.js';
import { makeFinding } from './make-finding.js';
import { plural } from './plural.js';
import { robotsTxtSource } from './robots-txt-source.js';
import type { AuditFinding, DecisionSource } from './types.js';

/** `disallowed-in-sitemap`: sitemap URLs robots.txt blocks, grouped by sitemap file and blocking rule. */
export function findDisallowedInSitemap(data: AuditData): AuditFinding[] {
  const { robotsTxt, crawlers } = data.context;
  if (!robotsTxt) return [];
  const hits: Array<{ url: string; file: string; crawler: string; rule: DecisionSource }> = [];
  for (const entry of data.sitemaps.entries.values()) {
    for (const crawler of crawlers) {
      const match = explainMatch(robotsTxt, crawler.toLowerCase(), entry.path);
      if (!match.allowed && match.rule) hits.push({ url: entry.path, file: entry.file, crawler, rule: robotsTxtSource(match.rule) });
    }
  }
  return [...groupBy(hits, (hit) => `${hit.file}\n${hit.rule.line}`).values()].map((group) => {
    const { file, rule } = group[0]!;
    const urls = new Set(group.map((hit) => hit.url));
    return makeFinding(
      'disallowed-in-sitemap',
      `${file} lists ${plural(urls.size, 'URL')} that robots.txt line ${rule.line} ${codeSpan(rule.text)} blocks for ${listCrawlers(group.map((hit) => hit.crawler))}; remove them from the sitemap or allow crawling.`,
      { urls, source: { file: rule.file, line: rule.line }, crawlers: group.map((hit) => hit.crawler) },
    );
  });
}
