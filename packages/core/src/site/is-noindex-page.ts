import { isNoindex } from '../directives/format-directives.js';
import { parseRobots } from '../directives/parse-robots.js';
import type { ExistingRobotsTag } from '../directives/types.js';

/** Names whose noindex keeps a page out of the results the sitemap is for. */
const SEARCH_AUDIENCES = new Set(['robots', 'googlebot']);

/**
 * Whether robots tags keep the page out of the index for every crawler or for Googlebot.
 * Takes resolved tags (`{ robots: 'noindex' }`) or tags read from a page.
 */
export function isNoindexPage(tags: Readonly<Record<string, string>> | readonly ExistingRobotsTag[]): boolean {
  const list = Array.isArray(tags) ? (tags as readonly ExistingRobotsTag[]) : Object.entries(tags).map(([name, content]) => ({ name, content }));
  return list.some(({ name, content }) => {
    if (!SEARCH_AUDIENCES.has(name.trim().toLowerCase())) return false;
    return isNoindex(parseRobots(content, {}, { strict: false }).all);
  });
}
