import { isCrawlerName } from '../directives/crawler-name.js';
import { ALL_CRAWLERS_META_NAME, KNOWN_CRAWLER_NAMES } from '../directives/known-crawlers.js';
import { suggest } from '../directives/suggest.js';
import { RobotsError } from '../errors/robots-error.js';
import type { RobotsMetaTag } from './robots-meta-tag.js';

/** Where the tags came from, for error messages. */
export interface TagsOrigin {
  /** E.g. `options` or `resolve()`. */
  source: string;
  /** The key that held the tags, e.g. `tags`. */
  key: string;
}

function suggestName(name: string): string | undefined {
  const cleaned = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '');
  if (cleaned !== name && isCrawlerName(cleaned)) return cleaned;
  return suggest(cleaned, [ALL_CRAWLERS_META_NAME, ...KNOWN_CRAWLER_NAMES]);
}

/**
 * Checks a meta name → content map before any of it reaches a page: names must be
 * crawler product tokens (so no quote, space or `>` can reach the markup), contents
 * strings, and no name may appear twice in different case.
 */
export function validateRobotsTags(tags: unknown, origin: TagsOrigin): RobotsMetaTag[] {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
    throw new RobotsError({
      code: 'invalid-robots-tags',
      source: origin.source,
      key: origin.key,
      value: tags,
      problem: 'robots tags must be an object of meta name → content, not',
      expected: 'e.g. `{ "robots": "noindex, follow" }`',
    });
  }
  const seen = new Map<string, string>();
  const result: RobotsMetaTag[] = [];
  for (const [name, content] of Object.entries(tags)) {
    const key = `${origin.key}.${name}`;
    if (!isCrawlerName(name)) {
      const suggestion = suggestName(name);
      throw new RobotsError({
        code: 'invalid-meta-name',
        source: origin.source,
        key: origin.key,
        value: name,
        problem: 'invalid robots meta name',
        expected: 'a crawler product token of letters, digits, `-`, `_` or `.` (e.g. `robots`, `googlebot-news`)',
        ...(suggestion === undefined ? {} : { suggestion }),
      });
    }
    if (typeof content !== 'string') {
      throw new RobotsError({
        code: 'invalid-meta-content',
        source: origin.source,
        key,
        value: content,
        problem: 'robots meta content must be a string, not',
        expected: 'comma-separated directives such as `noindex, follow`',
      });
    }
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      throw new RobotsError({
        code: 'duplicate-meta-name',
        source: origin.source,
        key,
        value: name,
        problem: `robots meta name given twice (also as \`${earlier}\`):`,
        expected: 'one entry per meta name; names are case-insensitive',
      });
    }
    seen.set(lower, name);
    result.push({ name, content });
  }
  return result;
}
