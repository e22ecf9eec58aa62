import type { CrawlerVerdict } from './types.js';

/** Whether a verdict limits the crawler in any way (the unlimited `-1` and `large` settings do not). */
export function isRestricted(verdict: CrawlerVerdict): boolean {
  return (
    !verdict.crawlable ||
    !verdict.indexable ||
    !verdict.followLinks ||
    (verdict.maxSnippet !== undefined && verdict.maxSnippet !== -1) ||
    (verdict.maxImagePreview !== undefined && verdict.maxImagePreview !== 'large') ||
    (verdict.maxVideoPreview !== undefined && verdict.maxVideoPreview !== -1) ||
    verdict.unavailableAfter !== undefined
  );
}
