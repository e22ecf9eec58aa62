import { assertKnownKeys } from './assert-known-keys.js';
import { assertPlainObject } from './assert-plain-object.js';
import type { RobotsTxtOptions } from './options-types.js';
import { robotsTxtOptionError } from './robots-txt-option-error.js';
import { validateContentSignal } from './validate-content-signal.js';
import { validateContentUsage } from './validate-content-usage.js';
import { validateGroupOptions } from './validate-group-options.js';
import { validateSitemapOption } from './validate-sitemap-option.js';

const OPTION_KEYS = ['groups', 'sitemap', 'blockAiBots', 'contentSignal', 'contentUsage'] as const;
const PREFIX = 'robotsTxt';

/**
 * Checks the `robotsTxt` options and throws a RobotsError naming the option
 * path (e.g. `robotsTxt.groups[0].disallow[1]`), the bad value, what was
 * expected and a likely fix. Rejects anything that could inject a line:
 * a line break or control character in any value.
 *
 * @param source - where the options came from, for the message (e.g. `astro.config.mjs`)
 */
export function validateRobotsTxtOptions(options: unknown, source?: string): asserts options is RobotsTxtOptions {
  assertPlainObject(options, PREFIX, 'an object of robots.txt options', source);
  assertKnownKeys(options, OPTION_KEYS, PREFIX, source);
  if (options.groups !== undefined) {
    if (!Array.isArray(options.groups)) {
      throw robotsTxtOptionError({ key: `${PREFIX}.groups`, value: options.groups, problem: 'must be an array, got', expected: 'a list of groups' }, source);
    }
    options.groups.forEach((group, index) => validateGroupOptions(group, `${PREFIX}.groups[${index}]`, source));
  }
  if (options.sitemap !== undefined) validateSitemapOption(options.sitemap, `${PREFIX}.sitemap`, source);
  if (options.blockAiBots !== undefined && typeof options.blockAiBots !== 'boolean') {
    throw robotsTxtOptionError({ key: `${PREFIX}.blockAiBots`, value: options.blockAiBots, problem: 'must be a boolean, got', expected: '`true` or `false`' }, source);
  }
  if (options.contentSignal !== undefined) validateContentSignal(options.contentSignal, `${PREFIX}.contentSignal`, source);
  if (options.contentUsage !== undefined) validateContentUsage(options.contentUsage, `${PREFIX}.contentUsage`, source);
}
