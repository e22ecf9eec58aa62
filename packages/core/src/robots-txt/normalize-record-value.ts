import { parseCrawlDelay } from './parse-crawl-delay.js';

/**
 * A record value in a form two equivalent values share: crawl delays as
 * numbers (`10.0` = `10`), comma-separated lists (`Content-Signal`,
 * `Content-Usage`) sorted, case and whitespace ignored.
 */
export function normalizeRecordValue(key: string, value: string): string {
  if (key === 'crawl-delay') {
    const seconds = parseCrawlDelay(value);
    if (seconds !== undefined) return String(seconds);
  }
  return value
    .split(',')
    .map((part) => part.replace(/\s+/g, '').toLowerCase())
    .filter((part) => part !== '')
    .sort()
    .join(',');
}
