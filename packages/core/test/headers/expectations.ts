import picomatch from 'picomatch';
import { parseRobots } from '../../src/directives/parse-robots.js';
import { headerValues, mergeRuleDirectives, valueList, type RuleDirectives } from '../../src/headers/rule-directives.js';
import type { HtmlPage } from '../../src/headers/collect-entries.js';

/** A rule as the tests write it. */
export interface TestRule {
  path: string | string[];
  robots: string;
  userAgent?: string;
}

export function canonical(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The meaning of a `rules` glob: picomatch (`dot: true`), a trailing slash ignored. */
export function globMatches(glob: string, path: string): boolean {
  const match = picomatch(glob, { dot: true });
  const bare = canonical(path);
  return match(bare) || (bare !== '/' && match(bare + '/'));
}

function ruleDirectives(rule: TestRule): RuleDirectives {
  const parsed = parseRobots(rule.robots);
  if (!rule.userAgent) return parsed;
  return { all: { flags: new Set() }, crawlers: new Map([[rule.userAgent.toLowerCase(), parsed.all]]) };
}

/** The X-Robots-Tag a request must get: every matching rule and page, merged, in canonical form. */
export function expectedRobots(rules: readonly TestRule[], pages: readonly HtmlPage[], path: string): string {
  const matching: RuleDirectives[] = [];
  for (const rule of rules) {
    const globs = typeof rule.path === 'string' ? [rule.path] : rule.path;
    if (globs.some((glob) => globMatches(glob, path))) matching.push(ruleDirectives(rule));
  }
  for (const page of pages) {
    if (canonical(page.url) !== canonical(path)) continue;
    for (const [name, content] of Object.entries(page.tags)) {
      const all = parseRobots(content).all;
      matching.push(name === 'robots' ? { all, crawlers: new Map() } : { all: { flags: new Set() }, crawlers: new Map([[name, all]]) });
    }
  }
  return valueList(headerValues(mergeRuleDirectives({ all: { flags: new Set() }, crawlers: new Map() }, ...matching))).join(' | ');
}

/** A received header (several lines joined by `, `, or crawler-scoped values) in the same canonical form. */
export function receivedRobots(value: string | null | undefined): string {
  return valueList(headerValues(parseRobots(value ?? ''))).join(' | ');
}
