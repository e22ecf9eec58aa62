import type { CrawlerVerdict } from './types.js';

/** The page's tags or headers say `noindex` (or `none`) to this crawler. */
export function verdictIsNoindex(verdict: CrawlerVerdict): boolean {
  return verdict.directives.includes('noindex') || verdict.directives.includes('none');
}
