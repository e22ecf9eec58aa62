import { matchHeaderPattern, matchVercelSource, parseHeadersFile, readVercelHeaders } from '../../src/adapter.js';
import picomatch from 'picomatch';
import { parseRobots } from '../../src/directives/parse.js';
import { headerValues, mergeRuleDirectives, valueList, type RuleDirectives } from '../../src/headers/options.js';
import type { HtmlPage } from '../../src/headers/plan.js';

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
      matching.push(
        name === 'robots'
          ? { all, crawlers: new Map() }
          : { all: { flags: new Set() }, crawlers: new Map([[name, all]]) },
      );
    }
  }
  return valueList(
    headerValues(mergeRuleDirectives({ all: { flags: new Set() }, crawlers: new Map() }, ...matching)),
  ).join(' | ');
}

/** A received header (several lines joined by `, `, or crawler-scoped values) in the same canonical form. */
export function receivedRobots(value: string | null | undefined): string {
  return valueList(headerValues(parseRobots(value ?? ''))).join(' | ');
}

function robotsLines(headers: ReadonlyArray<{ name: string; value: string }>): string[] {
  return headers.filter((header) => header.name.toLowerCase() === 'x-robots-tag').map((header) => header.value);
}

/** What Netlify sends: lines of one rule joined, and the last matching rule that sets the header wins. */
export function netlifySends(headersFile: string, path: string): string | null {
  let sent: string | null = null;
  for (const [pattern, headers] of parseHeadersFile(headersFile)) {
    const lines = robotsLines(headers);
    if (lines.length > 0 && matchHeaderPattern(pattern, path, 'netlify')) sent = lines.join(', ');
  }
  return sent;
}

/** What Cloudflare Pages sends: every matching rule's lines, joined in file order. */
export function cloudflareSends(headersFile: string, path: string): string | null {
  const lines: string[] = [];
  for (const [pattern, headers] of parseHeadersFile(headersFile))
    if (matchHeaderPattern(pattern, path, 'cloudflare')) lines.push(...robotsLines(headers));
  return lines.length > 0 ? lines.join(', ') : null;
}

/** What Vercel sends: the last matching entry's value for the key. */
export function vercelSends(vercelJson: string, path: string): string | null {
  let sent: string | null = null;
  for (const rule of readVercelHeaders(vercelJson)) {
    const lines = robotsLines(rule.headers.map(({ key, value }) => ({ name: key, value })));
    if (lines.length > 0 && matchVercelSource(rule.source, path)) sent = lines[lines.length - 1]!;
  }
  return sent;
}
