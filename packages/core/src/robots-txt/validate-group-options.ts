import { assertKnownKeys } from './assert-known-keys.js';
import { assertPlainObject } from './assert-plain-object.js';
import { assertSingleLine } from './assert-single-line.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';
import { validateCrawlDelay } from './validate-crawl-delay.js';
import { validateRulePath } from './validate-rule-path.js';
import { validateUserAgent } from './validate-user-agent.js';

const GROUP_KEYS = ['userAgent', 'allow', 'disallow', 'crawlDelay', 'comment'] as const;

function asList(value: unknown, key: string, expected: string, source?: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw robotsTxtOptionError({ key, value, problem: 'must be an array, got', expected, suggestion: typeof value === 'string' ? `[${JSON.stringify(value)}]` : undefined }, source);
}

function validateUserAgents(value: unknown, key: string, source?: string): void {
  if (typeof value === 'string') {
    validateUserAgent(value, key, source);
    return;
  }
  const list = asList(value, key, 'a product token or a list of them', source);
  if (list.length === 0) {
    throw robotsTxtOptionError({ key, value, problem: 'user-agent list names no crawler, got', expected: 'at least one product token, or `*`', suggestion: '*' }, source);
  }
  list.forEach((entry, index) => validateUserAgent(entry, `${key}[${index}]`, source));
}

/** Throws on the first invalid field of one `groups` entry. */
export function validateGroupOptions(group: unknown, key: string, source?: string): void {
  assertPlainObject(group, key, 'an object such as `{ userAgent: "*", disallow: ["/private/"] }`', source);
  assertKnownKeys(group, GROUP_KEYS, key, source);
  if (group.userAgent === undefined) {
    throw robotsTxtOptionError({ key: `${key}.userAgent`, problem: 'group has no `userAgent`', expected: 'a product token such as `Googlebot`, or `*`', suggestion: '*' }, source);
  }
  validateUserAgents(group.userAgent, `${key}.userAgent`, source);
  for (const type of ['allow', 'disallow'] as const) {
    if (group[type] === undefined) continue;
    const paths = asList(group[type], `${key}.${type}`, 'a list of paths starting with `/`', source);
    paths.forEach((path, index) => validateRulePath(path, `${key}.${type}[${index}]`, type, source));
  }
  if (group.crawlDelay !== undefined) validateCrawlDelay(group.crawlDelay, `${key}.crawlDelay`, source);
  if (group.comment === undefined) return;
  const comments = typeof group.comment === 'string' ? [group.comment] : asList(group.comment, `${key}.comment`, 'a string or a list of strings', source);
  comments.forEach((comment, index) =>
    assertSingleLine(comment, typeof group.comment === 'string' ? `${key}.comment` : `${key}.comment[${index}]`, source, 'comment text'),
  );
}
