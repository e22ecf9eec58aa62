/**
 * isAllowed and explainMatch: Google's matcher (longest match, allow wins ties, `*` and `$`), plus
 * the group traps the generator warns about.
 */
import type { ParsedRobotsRule, ParsedRobotsGroup, ParsedRobotsTxt, RobotsDecidingRule, RobotsMatchExplanation, RobotsGroupTrap } from './types.js';
import { asciiLowerCase } from './bytes.js';
import { ensureParsed } from './parse.js';

function findFirstOf(text: string, chars: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (chars.includes(text.charAt(index))) return index;
  }
  return Infinity;
}
function indexOrInfinity(index: number): number {
  return index === -1 ? Infinity : index;
}
/**
 * Google's `GetPathParamsQuery`: the part of a URL that robots.txt rules
 * match, i.e. the path, parameters and query without scheme, authority and
 * fragment. Always starts with `/`; `/` when the URL has no path. Nothing is
 * decoded or encoded: pass URLs as they are sent (percent-encoded).
 */
export function getPathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = findFirstOf(url, '/?;', searchStart);
  let protocolEnd = indexOrInfinity(url.indexOf('://', searchStart));
  // A path, parameter or query before `://` means `://` is not the scheme's.
  if (earlyPath < protocolEnd) protocolEnd = Infinity;
  const authorityStart = protocolEnd === Infinity ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(url, '/?;', authorityStart);
  if (pathStart === Infinity) return '/';
  const hashPosition = indexOrInfinity(url.indexOf('#', searchStart));
  if (hashPosition < pathStart) return '/';
  const path = url.slice(pathStart, hashPosition === Infinity ? url.length : hashPosition);
  return path.startsWith('/') ? path : '/' + path;
}

const STAR = 0x2a;
const DOLLAR = 0x24;
// Reused across calls: checking thousands of URLs should not allocate per rule.
let positions = new Int32Array(1024);
/**
 * Google's `RobotsMatchStrategy::Matches`: does `pattern` match the start of
 * `path`? `*` matches any run of characters, `$` at the very end anchors the
 * end (elsewhere it is literal). It keeps the set of path positions the
 * pattern prefix can reach instead of backtracking, so it costs
 * O(pattern × path) whatever the pattern (`/*a*a*a*a*b` included).
 */
export function patternMatches(path: string, pattern: string): boolean {
  const pathLength = path.length;
  if (positions.length < pathLength + 1) positions = new Int32Array(pathLength + 1);
  const reachable = positions;
  reachable[0] = 0;
  let count = 1;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern.charCodeAt(index);
    if (char === DOLLAR && index + 1 === pattern.length) return reachable[count - 1] === pathLength;
    if (char === STAR) {
      // Every position from the smallest reachable one onwards.
      count = pathLength - reachable[0]! + 1;
      for (let i = 1; i < count; i++) reachable[i] = reachable[i - 1]! + 1;
      continue;
    }
    let next = 0;
    for (let i = 0; i < count; i++) {
      const position = reachable[i]!;
      if (position < pathLength && path.charCodeAt(position) === char) reachable[next++] = position + 1;
    }
    count = next;
    if (count === 0) return false;
  }
  return true;
}

/** A rule's priority for a path, and the pattern that produced it. */
export interface RulePriority {
  /** The length of the matching pattern; -1 when the rule does not match. */
  priority: number;
  pattern: string;
}
const NO_MATCH: RulePriority = { priority: -1, pattern: '' };
/**
 * How strongly a rule matches a path, as Google scores it: the pattern's
 * length, or -1. Google also reads `Allow: /dir/index.htm…` as allowing
 * `/dir/` itself (pattern `/dir/$`).
 */
export function rulePriority(path: string, rule: ParsedRobotsRule): RulePriority {
  if (patternMatches(path, rule.pattern)) return { priority: rule.pattern.length, pattern: rule.pattern };
  if (rule.type === 'disallow') return NO_MATCH;
  const slash = rule.pattern.lastIndexOf('/');
  if (slash === -1 || !rule.pattern.startsWith('/index.htm', slash)) return NO_MATCH;
  const directoryPattern = rule.pattern.slice(0, slash + 1) + '$';
  return patternMatches(path, directoryPattern) ? { priority: directoryPattern.length, pattern: directoryPattern } : NO_MATCH;
}

/**
 * Whether a group names the crawler (`specific`), is a `*` group
 * (`global`), or does not apply. A group naming both counts as specific,
 * as in Google's matcher. The crawler's name is compared whole, ignoring
 * ASCII case, with each line's product token.
 *
 * @param agent - the crawler's name, already ASCII lower-cased
 */
export function groupKindForAgent(group: ParsedRobotsGroup, agent: string): 'specific' | 'global' | undefined {
  let isGlobal = false;
  for (const userAgent of group.userAgents) {
    if (userAgent.isGlobal) isGlobal = true;
    else if (asciiLowerCase(userAgent.productToken) === agent) return 'specific';
  }
  return isGlobal ? 'global' : undefined;
}

interface Best {
  allow?: RobotsDecidingRule;
  disallow?: RobotsDecidingRule;
}
function priorityOf(rule: RobotsDecidingRule | undefined): number {
  return rule ? rule.effectivePattern.length : -1;
}
/** Google: the longer pattern wins, and `Allow` wins a tie; empty patterns decide nothing. */
function decide(best: Best): RobotsDecidingRule | undefined {
  const allow = priorityOf(best.allow);
  const disallow = priorityOf(best.disallow);
  if (allow <= 0 && disallow <= 0) return undefined;
  return disallow > allow ? best.disallow : best.allow;
}
/**
 * Says whether `userAgent` may fetch `url` under a robots.txt, and which rule
 * decided, with the same answer as Google's parser: rules come from the
 * groups naming the crawler (merged), or from the `*` groups when none does;
 * the longest matching pattern wins and `Allow` wins ties.
 *
 * @param robotsTxt - the body, or {@link parseRobotsTxt}'s result (parse once to check many URLs)
 * @param userAgent - the crawler's product token, e.g. `Googlebot`, compared whole (ignoring case)
 * @param url - the URL as sent (percent-encoded), or just its path
 */
export function explainMatch(
  robotsTxt: string | Uint8Array | ParsedRobotsTxt,
  userAgent: string,
  url: string,
): RobotsMatchExplanation {
  const parsed = ensureParsed(robotsTxt);
  const path = getPathParamsQuery(url);
  const agent = asciiLowerCase(userAgent);
  const best = { specific: {} as Best, global: {} as Best };
  const indexes = { specific: [] as number[], global: [] as number[] };
  for (const group of parsed.groups) {
    const kind = groupKindForAgent(group, agent);
    if (!kind) continue;
    indexes[kind].push(group.index);
    for (const rule of group.rules) {
      const { priority, pattern } = rulePriority(path, rule);
      if (priority > priorityOf(best[kind][rule.type])) {
        best[kind][rule.type] = { ...rule, groupIndex: group.index, effectivePattern: pattern };
      }
    }
  }
  const groupKind = indexes.specific.length > 0 ? 'specific' : indexes.global.length > 0 ? 'global' : 'none';
  const rule = groupKind === 'none' ? undefined : decide(best[groupKind]);
  return {
    allowed: rule?.type !== 'disallow',
    path,
    groupKind,
    groupIndexes: groupKind === 'none' ? [] : indexes[groupKind],
    ...(rule ? { rule } : {}),
  };
}

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

/**
 * The shortest path a pattern matches (every `*` matching nothing, the final
 * `$` dropped), or undefined when the pattern matches no path at all (paths
 * start with `/`).
 */
export function samplePathForPattern(pattern: string): string | undefined {
  const literal = pattern.replace(/\$$/, '').replaceAll('*', '');
  const sample = pattern.startsWith('*') && !literal.startsWith('/') ? '/' + literal : literal;
  return sample.startsWith('/') && patternMatches(sample, pattern) ? sample : undefined;
}

// A name no group can carry (product tokens have no `*`), so only `*` groups apply to it.
const ANY_OTHER_CRAWLER = '*';
function namedCrawlers(parsed: ParsedRobotsTxt): Map<string, Omit<RobotsGroupTrap, 'droppedDisallows'>> {
  const crawlers = new Map<string, Omit<RobotsGroupTrap, 'droppedDisallows'>>();
  for (const group of parsed.groups) {
    for (const userAgent of group.userAgents) {
      if (userAgent.isGlobal || userAgent.productToken === '') continue;
      const key = asciiLowerCase(userAgent.productToken);
      const crawler = crawlers.get(key) ?? { userAgent: userAgent.productToken, groupIndexes: [], lines: [] };
      if (!crawler.groupIndexes.includes(group.index)) crawler.groupIndexes.push(group.index);
      crawler.lines.push(userAgent.line);
      crawlers.set(key, crawler);
    }
  }
  return crawlers;
}
/**
 * The guide's trap: a crawler named in its own group obeys only that group
 * and skips every `*` group, so the `*` group's disallows no longer apply to
 * it. For each named crawler, returns the `*` disallows it silently drops: a
 * disallow is dropped when the shortest path it blocks for other crawlers is
 * allowed for this one.
 */
export function findGroupTraps(robotsTxt: string | Uint8Array | ParsedRobotsTxt): RobotsGroupTrap[] {
  const parsed = ensureParsed(robotsTxt);
  const globalDisallows = parsed.groups
    .filter((group) => group.userAgents.some((userAgent) => userAgent.isGlobal))
    .flatMap((group) => group.rules.filter((rule) => rule.type === 'disallow' && rule.pattern !== ''));
  const traps: RobotsGroupTrap[] = [];
  for (const crawler of namedCrawlers(parsed).values()) {
    const droppedDisallows = globalDisallows.filter((rule: ParsedRobotsRule) => {
      const sample = samplePathForPattern(rule.pattern);
      if (sample === undefined) return false;
      const forOthers = explainMatch(parsed, ANY_OTHER_CRAWLER, sample);
      return forOthers.groupKind === 'global' && !forOthers.allowed && explainMatch(parsed, crawler.userAgent, sample).allowed;
    });
    if (droppedDisallows.length > 0) traps.push({ ...crawler, droppedDisallows });
  }
  return traps;
}
