import { shorten } from './shorten.js';
import type { CrawlerVerdict, DecisionSource } from './types.js';

function location(source: DecisionSource): string {
  return source.line === undefined ? source.file : `${source.file}:${source.line}`;
}

/** A verdict as table cells: crawl, index, follow, snippet, image preview, unavailable_after, where from. */
export function verdictCells(verdict: CrawlerVerdict): string[] {
  const sources = Object.values(verdict.because).flat() as DecisionSource[];
  const where = [...new Set(sources.map(location))].join(' ');
  return [
    verdict.crawlable ? 'yes' : 'no',
    verdict.indexable ? 'yes' : 'no',
    verdict.followLinks ? 'yes' : 'no',
    verdict.maxSnippet === undefined ? '-' : verdict.maxSnippet === 0 ? 'none' : String(verdict.maxSnippet),
    verdict.maxImagePreview ?? '-',
    verdict.unavailableAfter ?? '-',
    shorten(where || '-', 80),
  ];
}
