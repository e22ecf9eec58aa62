/**
 * isAllowed and explainMatch: Google's matcher (longest match, allow wins ties, `*` and `$`), plus
 * the group traps the generator warns about.
 */
import {
  MAX_ROBOTS_TXT_BYTES,
  type ParsedRobotsRule,
  type ParsedRobotsGroup,
  type ParsedRobotsTxt,
  type RobotsMatchExplanation,
  type RobotsGroupTrap,
} from './types.js';
import { asciiLowerCase, escapePattern, readLines, toBinaryString } from './bytes.js';
import { ensureParsed, isGlobalUserAgent, isProductTokenChar } from './parse.js';

const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;
const SEMICOLON = 0x3b;
function findPathStart(url: string, from: number): number {
  for (let index = from; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code === SLASH || code === QUESTION_MARK || code === SEMICOLON) return index;
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
 * decoded or encoded: pass URLs as they are sent (percent-encoded). The path
 * ends at a NUL character, as Google's matcher reads it as a C string.
 */
export function getPathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = findPathStart(url, searchStart);
  let protocolEnd = indexOrInfinity(url.indexOf('://', searchStart));
  // A path, parameter or query before `://` means `://` is not the scheme's.
  if (earlyPath < protocolEnd) protocolEnd = Infinity;
  const authorityStart = protocolEnd === Infinity ? searchStart : protocolEnd + 3;
  const pathStart = findPathStart(url, authorityStart);
  if (pathStart === Infinity) return '/';
  const hashPosition = indexOrInfinity(url.indexOf('#', searchStart));
  if (hashPosition < pathStart) return '/';
  let path = url.slice(pathStart, hashPosition === Infinity ? url.length : hashPosition);
  if (path.charCodeAt(0) !== SLASH) path = '/' + path;
  const nul = path.indexOf('\0');
  return nul === -1 ? path : path.slice(0, nul);
}

const STAR = '*';
const DOLLAR = 0x24;
function matchesAt(path: string, at: number, pattern: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    if (path.charCodeAt(at + index - from) !== pattern.charCodeAt(index)) return false;
  }
  return true;
}
/**
 * Google's `RobotsMatchStrategy::Matches`: does `pattern` match the start of
 * `path`? `*` matches any run of characters, `$` at the very end anchors the
 * end (elsewhere it is literal). The parts between stars are found leftmost,
 * one after the other (the last one at the very end when anchored), which
 * gives Google's answer without backtracking: O(pattern × path) at worst,
 * whatever the pattern (`/*a*a*a*a*b` included).
 */
export function patternMatches(path: string, pattern: string): boolean {
  const anchored = pattern.charCodeAt(pattern.length - 1) === DOLLAR;
  const end = anchored ? pattern.length - 1 : pattern.length;
  const firstStar = indexOrInfinity(pattern.indexOf(STAR));
  if (firstStar >= end) {
    return (anchored ? path.length === end : path.length >= end) && matchesAt(path, 0, pattern, 0, end);
  }
  if (firstStar > path.length || !matchesAt(path, 0, pattern, 0, firstStar)) return false;
  // Where the parts after the first star must end: an anchored pattern's last part is the path's end.
  const lastStar = pattern.lastIndexOf(STAR, end - 1);
  let limit = path.length;
  if (anchored) {
    limit = path.length - (end - lastStar - 1);
    if (limit < firstStar || !matchesAt(path, limit, pattern, lastStar + 1, end)) return false;
  }
  const partsEnd = anchored ? lastStar : end;
  let position = firstStar;
  for (let partStart = firstStar + 1; partStart < partsEnd; ) {
    const partEnd = Math.min(indexOrInfinity(pattern.indexOf(STAR, partStart)), partsEnd);
    if (partEnd > partStart) {
      const found = path.indexOf(pattern.slice(partStart, partEnd), position);
      if (found === -1 || found + partEnd - partStart > limit) return false;
      position = found + partEnd - partStart;
    }
    partStart = partEnd + 1;
  }
  return true;
}

/**
 * The pattern Google also tries for an `Allow` rule that does not match:
 * `…/index.htm…` also allows the directory itself (`…/$`). Undefined for
 * other rules.
 */
export function directoryPattern(type: 'allow' | 'disallow', pattern: string): string | undefined {
  if (type === 'disallow') return undefined;
  const slash = pattern.lastIndexOf('/');
  return slash !== -1 && pattern.startsWith('/index.htm', slash) ? pattern.slice(0, slash + 1) + '$' : undefined;
}
/**
 * How strongly a rule matches a path, as Google scores it: the length of the
 * pattern that matched (the rule's own, or its {@link directoryPattern}), or
 * -1. An empty pattern matches with 0, which decides nothing.
 */
export function rulePriority(path: string, type: 'allow' | 'disallow', pattern: string): number {
  if (patternMatches(path, pattern)) return pattern.length;
  const directory = directoryPattern(type, pattern);
  return directory !== undefined && patternMatches(path, directory) ? directory.length : -1;
}
/**
 * Google's verdict from the best `Allow` and `Disallow` priorities of the
 * groups that apply: the longer pattern wins, `Allow` wins a tie, and
 * patterns of length 0 decide nothing (the URL is then allowed).
 */
export function disallowWins(allow: number, disallow: number): boolean {
  return (allow > 0 || disallow > 0) && disallow > allow;
}

/** True when the product token at the start of a binary `User-agent` value is `agent` (lower-case), ignoring ASCII case. */
function productTokenIs(binary: string, start: number, end: number, agent: string): boolean {
  let index = 0;
  for (; start + index < end && isProductTokenChar(binary.charCodeAt(start + index)); index++) {
    if (index >= agent.length) return false;
    let code = binary.charCodeAt(start + index);
    if (code <= 0x5a && code >= 0x41) code += 0x20;
    if (code !== agent.charCodeAt(index)) return false;
  }
  return index === agent.length;
}
/**
 * Google's `RobotsMatcher` on a body: one pass over the lines, keeping for
 * the current group whether it names the crawler or `*`, and the best
 * priorities of the rules of those groups. Nothing is built per line.
 *
 * @param agent - the crawler's name, ASCII lower-cased
 */
function allowedByBody(body: string | Uint8Array, agent: string, path: string): boolean {
  const binary = toBinaryString(body);
  let group = -1;
  let global = false;
  let specific = false;
  let everSpecific = false;
  const best = { specificAllow: -1, specificDisallow: -1, globalAllow: -1, globalDisallow: -1 };
  readLines(binary, Math.min(binary.length, MAX_ROBOTS_TXT_BYTES), (line) => {
    const { type } = line;
    if (type === 'user-agent') {
      if (line.group !== group) {
        group = line.group;
        global = specific = false;
      }
      if (isGlobalUserAgent(binary.slice(line.valueStart, Math.min(line.valueStart + 2, line.valueEnd)))) global = true;
      else if (productTokenIs(binary, line.valueStart, line.valueEnd, agent)) specific = everSpecific = true;
    } else if ((type === 'allow' || type === 'disallow') && (specific || global)) {
      const priority = rulePriority(path, type, escapePattern(binary.slice(line.valueStart, line.valueEnd)));
      const key = specific
        ? type === 'allow'
          ? 'specificAllow'
          : 'specificDisallow'
        : type === 'allow'
          ? 'globalAllow'
          : 'globalDisallow';
      if (priority > best[key]) best[key] = priority;
    }
  });
  if (everSpecific) return !disallowWins(best.specificAllow, best.specificDisallow);
  return !disallowWins(best.globalAllow, best.globalDisallow);
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

/** A rule of the groups that apply to one crawler, with the pattern it is tried with. */
interface RuleEntry {
  rule: ParsedRobotsRule;
  groupIndex: number;
  pattern: string;
  /** What every matching path starts with: the pattern up to its first `*` (or its final `$`). */
  prefix: string;
  /** The pattern is its prefix and nothing else (no `*`), anchored or not. */
  literal: boolean;
  anchored: boolean;
}
function ruleEntry(rule: ParsedRobotsRule, groupIndex: number, pattern: string): RuleEntry {
  const anchored = pattern.endsWith('$');
  const star = pattern.indexOf(STAR);
  const prefix = pattern.slice(0, star === -1 ? pattern.length - (anchored ? 1 : 0) : star);
  return { rule, groupIndex, pattern, prefix, literal: star === -1, anchored };
}
/** What applies to one crawler in a parse result, worked out once. */
interface AgentRules {
  groupKind: RobotsMatchExplanation['groupKind'];
  groupIndexes: number[];
  /**
   * Every non-empty pattern of those groups (and the directory pattern of
   * `Allow: …/index.html` rules), longest first, `Allow` before `Disallow` of
   * the same length, then in file order: the first that matches decides.
   */
  entries: RuleEntry[];
}
function agentRules(parsed: ParsedRobotsTxt, agent: string): AgentRules {
  const kinds = parsed.groups.map((group) => groupKindForAgent(group, agent));
  const groupKind = kinds.includes('specific') ? 'specific' : kinds.includes('global') ? 'global' : 'none';
  const groupIndexes: number[] = [];
  const entries: RuleEntry[] = [];
  parsed.groups.forEach((group, position) => {
    if (kinds[position] !== groupKind) return;
    groupIndexes.push(group.index);
    for (const rule of group.rules) {
      if (rule.pattern !== '') entries.push(ruleEntry(rule, group.index, rule.pattern));
      const directory = directoryPattern(rule.type, rule.pattern);
      if (directory !== undefined) entries.push(ruleEntry(rule, group.index, directory));
    }
  });
  // Array#sort is stable: file order is kept among equals.
  entries.sort(
    (a, b) =>
      b.pattern.length - a.pattern.length || (a.rule.type === b.rule.type ? 0 : a.rule.type === 'allow' ? -1 : 1),
  );
  return { groupKind, groupIndexes, entries };
}
// Kept on the parse result itself (a WeakMap of many parse results slows garbage collection
// down), by the crawler's name as given, so a query lower-cases nothing. A parse result is
// read-only once made. Bounded, as callers may pass any name.
const MAX_AGENTS_CACHED = 64;
const AGENT_RULES = Symbol('robots-kit agent rules');
const frozenResults = new WeakMap<ParsedRobotsTxt, Map<string, AgentRules>>();
type WithAgentRules = ParsedRobotsTxt & { [AGENT_RULES]?: Map<string, AgentRules> };
function agentRulesCache(parsed: WithAgentRules): Map<string, AgentRules> {
  let byAgent = parsed[AGENT_RULES] ?? frozenResults.get(parsed);
  if (byAgent) return byAgent;
  byAgent = new Map();
  if (Object.isExtensible(parsed)) Object.defineProperty(parsed, AGENT_RULES, { value: byAgent, enumerable: false });
  else frozenResults.set(parsed, byAgent);
  return byAgent;
}
function cachedAgentRules(parsed: ParsedRobotsTxt, userAgent: string): AgentRules {
  const byAgent = agentRulesCache(parsed);
  let rules = byAgent.get(userAgent);
  if (!rules) {
    if (byAgent.size >= MAX_AGENTS_CACHED) byAgent.clear();
    byAgent.set(userAgent, (rules = agentRules(parsed, asciiLowerCase(userAgent))));
  }
  return rules;
}
function decidingEntry(rules: AgentRules, path: string): RuleEntry | undefined {
  // The first match has the highest priority, and is an Allow if any Allow has it.
  for (const entry of rules.entries) {
    // Most patterns fail on their literal start, checked natively; the rest goes to patternMatches.
    if (!path.startsWith(entry.prefix)) continue;
    if (entry.literal ? !entry.anchored || path.length === entry.prefix.length : patternMatches(path, entry.pattern))
      return entry;
  }
  return undefined;
}

/**
 * Says whether `userAgent` may fetch `url` under a robots.txt, and which rule
 * decided, with the same answer as Google's parser: rules come from the
 * groups naming the crawler (merged), or from the `*` groups when none does;
 * the longest matching pattern wins and `Allow` wins ties.
 *
 * @param robotsTxt - the body, or {@link parseRobotsTxt}'s result (parse once to check many URLs; do not change it afterwards, what applies to each crawler is kept with it)
 * @param userAgent - the crawler's product token, e.g. `Googlebot`, compared whole (ignoring case)
 * @param url - the URL as sent (percent-encoded), or just its path
 */
export function explainMatch(
  robotsTxt: string | Uint8Array | ParsedRobotsTxt,
  userAgent: string,
  url: string,
): RobotsMatchExplanation {
  const path = getPathParamsQuery(url);
  const rules = cachedAgentRules(ensureParsed(robotsTxt), userAgent);
  const entry = decidingEntry(rules, path);
  return {
    allowed: entry?.rule.type !== 'disallow',
    path,
    groupKind: rules.groupKind,
    groupIndexes: [...rules.groupIndexes],
    ...(entry ? { rule: { ...entry.rule, groupIndex: entry.groupIndex, effectivePattern: entry.pattern } } : {}),
  };
}

/**
 * Whether any URL can be disallowed for `userAgent`: the groups that apply to it (as
 * {@link explainMatch} picks them) hold a `Disallow` with a pattern. An empty `Disallow:` never
 * matches. Lets a caller skip asking about each of many URLs.
 */
export function disallowsAnything(robotsTxt: ParsedRobotsTxt, userAgent: string): boolean {
  return cachedAgentRules(robotsTxt, userAgent).entries.some((entry) => entry.rule.type === 'disallow');
}

/**
 * True when `userAgent` may fetch `url` under a robots.txt: the same answer
 * as Google's parser (google/robotstxt). See {@link explainMatch} for which
 * rule decided. Given the body, it reads it once, as Google's matcher does,
 * without building a parse result.
 *
 * @param robotsTxt - the body, or {@link parseRobotsTxt}'s result (parse once to check many URLs; do not change it afterwards)
 * @param userAgent - the crawler's product token, e.g. `Googlebot`, compared whole (ignoring case)
 * @param url - the URL as sent (percent-encoded), or just its path
 */
export function isAllowed(robotsTxt: string | Uint8Array | ParsedRobotsTxt, userAgent: string, url: string): boolean {
  const path = getPathParamsQuery(url);
  if (typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array)
    return allowedByBody(robotsTxt, asciiLowerCase(userAgent), path);
  return decidingEntry(cachedAgentRules(robotsTxt, userAgent), path)?.rule.type !== 'disallow';
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
      const whole =
        /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(userAgent.value) && userAgent.value !== userAgent.productToken
          ? userAgent.value
          : undefined;
      const crawler = crawlers.get(key) ?? {
        userAgent: userAgent.productToken,
        ...(whole ? { written: whole } : {}),
        groupIndexes: [],
        lines: [],
      };
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
      return (
        forOthers.groupKind === 'global' &&
        !forOthers.allowed &&
        explainMatch(parsed, crawler.userAgent, sample).allowed
      );
    });
    if (droppedDisallows.length > 0) traps.push({ ...crawler, droppedDisallows });
  }
  return traps;
}
