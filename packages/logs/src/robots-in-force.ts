/**
 * The robots.txt in force when a request was made: one or more dated versions (a robots.txt file,
 * or a built site folder whose robots.txt and noindex pages are read), the group each crawler
 * obeys, what it may fetch (Google's matcher) and its Crawl-delay.
 */
import {
  auditSite,
  explainMatch,
  type ParsedRobotsRule,
  type ParsedRobotsTxt,
  parseRobotsTxt,
  RobotsError,
} from '@robots-kit/core';
import { getPathParamsQuery, ownString, readBytes, readRobotsTxt } from '@robots-kit/core/internal/adapter';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CrawlerDefinition } from './crawlers.js';
import { LOGS_PACKAGE, type RobotsVersion } from './types.js';

/** A request robots.txt disallows: the deciding rule and where it is written. */
export interface Disallow {
  rule: ParsedRobotsRule;
  /** The robots.txt file as given (or `folder/robots.txt`). */
  file: string;
}
interface LoadedVersion {
  given: RobotsVersion;
  since: number;
  file: string;
  parsed?: ParsedRobotsTxt;
  /** URL paths of pages that are noindex for `*` and for Googlebot (built folders only). */
  noindex?: { any: Set<string>; googlebot: Set<string> };
  decisions: Map<string, Map<string, Disallow | null>>;
}
/** The parser reports what Google ignores past 500 KiB; a file this large is not a robots.txt. */
const MAX_ROBOTS_FILE_BYTES = 16 * 1024 * 1024;
/** Decisions kept per version and crawler; a log with more distinct URLs starts over. */
/** Targets longer than this are not cached (crawled URLs are rarely longer). */
const MAX_CACHED_TARGET = 512;
const DECISION_CACHE_LIMIT = 50_000;

function badVersion(problem: string, value: string, expected: string): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-robots-version',
    source: 'robots-kit logs',
    key: '--robots',
    value,
    problem,
    expected,
  });
}
async function loadVersion(version: RobotsVersion): Promise<LoadedVersion> {
  const since = version.since === undefined ? -Infinity : Date.parse(version.since);
  if (Number.isNaN(since)) throw badVersion('not a date', version.since!, 'an ISO 8601 date such as `2026-05-01`');
  const info = await stat(version.path).catch(() => undefined);
  if (!info) throw badVersion('no such file or folder', version.path, 'a robots.txt file or a built site folder');
  const loaded: LoadedVersion = { given: version, since, file: version.path, decisions: new Map() };
  if (info.isDirectory()) {
    loaded.file = path.join(version.path, 'robots.txt');
    const robots = await readRobotsTxt(version.path);
    if (robots.parsed) loaded.parsed = robots.parsed;
    const audit = await auditSite(version.path, { crawlers: ['googlebot', '*'] });
    const noindex = { any: new Set<string>(), googlebot: new Set<string>() };
    for (const page of audit.pages) {
      if (page.errorPage) continue;
      if (page.crawlers['*']?.indexable === false) noindex.any.add(page.url);
      if (page.crawlers.googlebot?.indexable === false) noindex.googlebot.add(page.url);
    }
    loaded.noindex = noindex;
  } else {
    const bytes = await readBytes(version.path, MAX_ROBOTS_FILE_BYTES);
    if (!(bytes instanceof Uint8Array))
      throw badVersion(`the robots.txt ${bytes.skipped}`, version.path, 'a readable robots.txt file');
    loaded.parsed = parseRobotsTxt(bytes);
  }
  return loaded;
}

/** The path part of a logged target (`/a/b?x` → `/a/b`), for matching page URLs. */
export function pathOf(target: string): string {
  const full = getPathParamsQuery(target);
  const end = full.search(/[?;]/);
  return end < 0 ? full : full.slice(0, end);
}

/** The versions, ready to answer per request. */
export interface RobotsInForce {
  /** The versions as loaded, in date order. */
  versions: ReadonlyArray<{ path: string; since?: string; found: boolean; file: string }>;
  /** The rule that disallows `target` for `crawler` at `time`, or undefined when it may fetch it. */
  disallow(crawler: CrawlerDefinition, target: string, time: number): Disallow | undefined;
  /** The crawler's Crawl-delay in seconds in the version at `time`, when its group sets one. */
  crawlDelay(crawler: CrawlerDefinition, time: number): { seconds: number; file: string; line?: number } | undefined;
  /** Whether the page at `target` is noindex for the crawler (built folders only). */
  noindex(crawler: CrawlerDefinition, target: string, time: number): boolean;
}

/** The group the crawler obeys: the first of its tokens that has a group, else `*`. */
function explain(parsed: ParsedRobotsTxt, crawler: CrawlerDefinition, target: string): ReturnType<typeof explainMatch> {
  let last: ReturnType<typeof explainMatch> | undefined;
  for (const token of crawler.tokens) {
    last = explainMatch(parsed, token, target);
    if (last.groupKind === 'specific') return last;
  }
  return last ?? explainMatch(parsed, '*', target);
}

/** Reads the versions; throws `RobotsError` for a missing path, a bad date or two undated versions. */
export async function loadRobotsInForce(versions: readonly RobotsVersion[]): Promise<RobotsInForce> {
  if (versions.filter((version) => version.since === undefined).length > 1) {
    throw badVersion(
      'several versions without a date',
      versions.map((version) => version.path).join(', '),
      'a date on all but the oldest, e.g. `--robots old.txt --robots new.txt@2026-05-01`',
    );
  }
  const loaded = (await Promise.all(versions.map(loadVersion))).sort((a, b) => a.since - b.since);
  const at = (time: number): LoadedVersion | undefined => {
    if (Number.isNaN(time)) return loaded.at(-1);
    let found: LoadedVersion | undefined;
    for (const version of loaded) if (version.since <= time) found = version;
    return found ?? loaded[0];
  };
  return {
    versions: loaded.map((version) => ({
      path: version.given.path,
      ...(version.given.since ? { since: version.given.since } : {}),
      found: version.parsed !== undefined,
      file: version.file,
    })),
    disallow(crawler, target, time) {
      const version = at(time);
      if (!version?.parsed || target === '') return undefined;
      let decisions = version.decisions.get(crawler.name);
      if (!decisions) version.decisions.set(crawler.name, (decisions = new Map()));
      const cached = decisions.get(target);
      if (cached !== undefined) return cached ?? undefined;
      const explanation = explain(version.parsed, crawler, target);
      const result = !explanation.allowed && explanation.rule ? { rule: explanation.rule, file: version.file } : null;
      // Long targets are decided each time: caching them would keep their text.
      if (target.length > MAX_CACHED_TARGET) return result ?? undefined;
      if (decisions.size >= DECISION_CACHE_LIMIT) decisions.clear();
      decisions.set(ownString(target), result);
      return result ?? undefined;
    },
    crawlDelay(crawler, time) {
      const version = at(time);
      if (!version?.parsed) return undefined;
      const explanation = explain(version.parsed, crawler, '/');
      for (const index of explanation.groupIndexes) {
        const group = version.parsed.groups[index]!;
        if (group.crawlDelay !== undefined)
          return {
            seconds: group.crawlDelay,
            file: version.file,
            ...(group.crawlDelayLine ? { line: group.crawlDelayLine } : {}),
          };
      }
      return undefined;
    },
    noindex(crawler, target, time) {
      const pages = at(time)?.noindex;
      if (!pages || target === '') return false;
      const set = crawler.tokens.some((token) => token.toLowerCase() === 'googlebot') ? pages.googlebot : pages.any;
      const page = pathOf(target);
      return (
        set.has(page) ||
        set.has(page.endsWith('/') ? page.slice(0, -1) : `${page}/`) ||
        (page.endsWith('/index.html') && set.has(page.slice(0, -10)))
      );
    },
  };
}
