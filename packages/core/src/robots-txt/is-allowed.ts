import { explainMatch } from './explain-match.js';
import type { ParsedRobotsTxt } from './types.js';

/**
 * True when `userAgent` may fetch `url` under a robots.txt: the same answer
 * as Google's parser (google/robotstxt). See {@link explainMatch} for which
 * rule decided.
 *
 * @param robotsTxt - the body, or {@link parseRobotsTxt}'s result (parse once to check many URLs)
 * @param userAgent - the crawler's product token, e.g. `Googlebot`, compared whole (ignoring case)
 * @param url - the URL as sent (percent-encoded), or just its path
 */
export function isAllowed(robotsTxt: string | Uint8Array | ParsedRobotsTxt, userAgent: string, url: string): boolean {
  return explainMatch(robotsTxt, userAgent, url).allowed;
}
