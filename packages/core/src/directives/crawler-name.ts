import { fail, type ParseContext } from './parse-context.js';

/** Product tokens as crawlers use them in `<meta name>` and robots.txt. */
const CRAWLER_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export function isCrawlerName(name: string): boolean {
  return CRAWLER_NAME.test(name);
}

/** The lowercase crawler name, or an error for a name with spaces, colons or other characters. */
export function checkCrawlerName(name: string, context: ParseContext): string {
  if (!isCrawlerName(name)) {
    fail(context, {
      code: 'invalid-crawler-name',
      problem: 'invalid crawler name',
      value: name,
      expected: 'a product token of letters, digits, `-`, `_` or `.` (e.g. `googlebot-news`)',
    });
  }
  return name.toLowerCase();
}
