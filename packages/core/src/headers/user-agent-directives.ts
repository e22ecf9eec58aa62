import { isCrawlerName } from '../directives/crawler-name.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/known-crawlers.js';
import type { ParsedRobots } from '../directives/types.js';
import { RobotsError } from '../errors/robots-error.js';
import type { RuleDirectives } from './rule-directives.js';

/** A rule's directives, moved under its `userAgent` when it has one. */
export function userAgentDirectives(parsed: ParsedRobots, userAgent: string | undefined, key: string, source: string): RuleDirectives {
  if (userAgent === undefined) return { all: parsed.all, crawlers: parsed.crawlers };
  const fail = (problem: string, value: unknown, expected: string, suggestion?: string): never => {
    throw new RobotsError({ code: 'invalid-user-agent', source, key: `${key}.userAgent`, value, problem, expected, suggestion });
  };
  if (!isCrawlerName(userAgent)) {
    fail('invalid userAgent', userAgent, 'a crawler product token of letters, digits, `-`, `_` or `.` (e.g. `googlebot`)', userAgent.trim().split(/[\s:/]/)[0]?.toLowerCase() || undefined);
  }
  const name = userAgent.toLowerCase();
  if (name === ALL_CRAWLERS_META_NAME) fail('`robots` is not a crawler', userAgent, 'a crawler product token such as `googlebot`; leave `userAgent` out for every crawler');
  const others = [...parsed.crawlers.keys()];
  if (others.length > 0) fail('a rule with `userAgent` cannot name other crawlers in `robots`', others[0], `directives for \`${name}\` only`);
  return { all: { flags: new Set() }, crawlers: new Map([[name, parsed.all]]) };
}
