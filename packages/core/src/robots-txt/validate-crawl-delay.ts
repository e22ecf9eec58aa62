import { robotsTxtOptionError } from './robots-txt-option-error.js';

/** Throws unless `value` is a positive, finite number of seconds. */
export function validateCrawlDelay(value: unknown, key: string, source?: string): asserts value is number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return;
  const asNumber = typeof value === 'string' ? Number(value) : Number.NaN;
  throw robotsTxtOptionError(
    {
      key,
      value,
      problem: typeof value === 'number' ? 'crawl delay is not a positive, finite number of seconds, got' : `crawl delay must be a number, got ${typeof value}`,
      expected: 'a number of seconds greater than 0, e.g. `5`',
      suggestion: Number.isFinite(asNumber) && asNumber > 0 ? String(asNumber) : undefined,
    },
    source,
  );
}
