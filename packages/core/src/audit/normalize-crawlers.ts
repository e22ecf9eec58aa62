import { RobotsError } from '../errors/robots-error.js';
import { extractProductToken, isValidProductToken } from '../robots-txt/product-token.js';

export const DEFAULT_AUDIT_CRAWLERS: readonly string[] = ['googlebot', '*'];

/** Crawler names as robots.txt product tokens (`googlebot`, `bingbot`) or `*`; lower-cased, de-duplicated. */
export function normalizeCrawlers(crawlers: readonly string[] | undefined, source = 'options'): string[] {
  if (crawlers === undefined) return [...DEFAULT_AUDIT_CRAWLERS];
  const names: string[] = [];
  crawlers.forEach((crawler, index) => {
    const name = crawler.trim();
    if (name !== '*' && !isValidProductToken(name)) {
      const token = extractProductToken(name);
      throw new RobotsError({
        code: 'invalid-crawler-name',
        source,
        key: `crawlers[${index}]`,
        value: crawler,
        problem: 'invalid crawler name',
        expected: 'a robots.txt product token of letters, `-` and `_` (e.g. `googlebot`, `bingbot`), or `*`',
        ...(token ? { suggestion: token.toLowerCase() } : {}),
      });
    }
    const lower = name.toLowerCase();
    if (!names.includes(lower)) names.push(lower);
  });
  if (names.length === 0) {
    throw new RobotsError({ code: 'invalid-crawler-name', source, key: 'crawlers', value: crawlers, problem: 'no crawler given', expected: 'at least one crawler name, e.g. `googlebot`' });
  }
  return names;
}
