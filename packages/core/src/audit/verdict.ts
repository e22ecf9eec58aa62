/**
 * The verdict per crawler for one page: meta tags, headers and robots.txt, with the source of each
 * decision.
 */
import { RobotsError } from '../errors.js';
import { extractProductToken, isValidProductToken } from '../robots-txt/parse.js';
import { mergeAudiences, formatDirectives, isNoindex } from '../directives/reconcile.js';
import {
  mergeDirectives,
  mergeDirectiveList,
  type ParsedRobots,
  type Directives,
  type MutableDirectives,
  isEmptyDirectives,
} from '../directives/types.js';
import type { CrawlerVerdict, AuditLocation, DecisionSource, DecisionReasons, DirectiveSource } from './types.js';
import { ALL_CRAWLERS_META_NAME, isNonCrawlerMetaName } from '../directives/vocabulary.js';
import { parseRobotsLenient, type FoundRobotsTag } from './page-facts.js';
import { shorten } from './findings.js';
import type { RobotsDecidingRule, ParsedRobotsTxt } from '../robots-txt/types.js';
import { explainMatch } from '../robots-txt/match.js';

/** `googlebot and *`, `googlebot, bingbot and *`. */
export function listCrawlers(crawlers: Iterable<string>): string {
  const names = [...new Set(crawlers)];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const DEFAULT_AUDIT_CRAWLERS: readonly string[] = ['googlebot', '*'];
/** Crawler names as robots.txt product tokens (`googlebot`, `bingbot`) or `*`; lower-cased, de-duplicated. */
export function normalizeCrawlers(crawlers: readonly string[] | undefined, source = 'options'): string[] {
  if (crawlers === undefined) return [...DEFAULT_AUDIT_CRAWLERS];
  const names: string[] = [];
  crawlers.forEach((crawler, index) => {
    const name = crawler.trim();
    const invalid = name !== '*' && !isValidProductToken(name);
    if (invalid || isNonCrawlerMetaName(name)) {
      const token = invalid ? extractProductToken(name) : '';
      throw new RobotsError({
        code: 'invalid-crawler-name',
        source,
        key: `crawlers[${index}]`,
        value: crawler,
        // A meta name of its own (`viewport`): its tags would be read as robots tags.
        problem: invalid
          ? 'invalid crawler name'
          : 'not a crawler but a meta name of its own (its tags would be read as robots tags)',
        expected: 'a robots.txt product token of letters, `-` and `_` (e.g. `googlebot`, `bingbot`), or `*`',
        ...(token ? { suggestion: token.toLowerCase() } : {}),
      });
    }
    const lower = name.toLowerCase();
    if (!names.includes(lower)) names.push(lower);
  });
  if (names.length === 0) {
    throw new RobotsError({
      code: 'invalid-crawler-name',
      source,
      key: 'crawlers',
      value: crawlers,
      problem: 'no crawler given',
      expected: 'at least one crawler name, e.g. `googlebot`',
    });
  }
  return names;
}

/** Directives in a form where equal meaning compares equal: `noindex, follow` equals `noindex` (follow is the default). */
export function comparableDirectives(directives: Directives): string {
  return formatDirectives(directives)
    .filter((token) => token !== 'follow')
    .join(', ');
}

/** Whether a verdict limits the crawler in any way (the unlimited `-1` and `large` settings do not). */
export function isRestricted(verdict: CrawlerVerdict): boolean {
  return (
    !verdict.crawlable ||
    !verdict.indexable ||
    !verdict.followLinks ||
    (verdict.maxSnippet !== undefined && verdict.maxSnippet !== -1) ||
    (verdict.maxImagePreview !== undefined && verdict.maxImagePreview !== 'large') ||
    (verdict.maxVideoPreview !== undefined && verdict.maxVideoPreview !== -1) ||
    verdict.unavailableAfter !== undefined
  );
}

/** The page's tags or headers say `noindex` (or `none`) to this crawler. */
export function verdictIsNoindex(verdict: CrawlerVerdict): boolean {
  return verdict.directives.includes('noindex') || verdict.directives.includes('none');
}

/** A robots meta tag as a directive source: `robots` speaks to every crawler, another name to that crawler only. */
export function metaSource(tag: FoundRobotsTag, file: string): DirectiveSource {
  const { parsed, problems } = parseRobotsLenient(tag.content, {
    file,
    key: `<meta name="${shorten(tag.rawName, 60)}">`,
  });
  const audiences = new Map<string, Directives>();
  if (tag.name === ALL_CRAWLERS_META_NAME) {
    audiences.set(ALL_CRAWLERS_META_NAME, parsed.all);
    for (const [name, directives] of parsed.crawlers) audiences.set(name, directives);
  } else {
    const own = parsed.crawlers.get(tag.name);
    audiences.set(tag.name, own ? mergeDirectives(parsed.all, own) : parsed.all);
  }
  return {
    kind: 'meta',
    location: { file, line: tag.line },
    text: shorten(`<meta name="${tag.rawName}" content="${tag.content}">`),
    inHead: tag.inHead,
    audiences,
    problems,
  };
}

/** An `X-Robots-Tag` value (`noindex`, `googlebot: nofollow`) that a rule for `pattern` sets, as a directive source. */
export function headerSource(value: string, location: AuditLocation, pattern: string): DirectiveSource {
  const { parsed, problems } = parseRobotsLenient(value, { file: location.file, key: 'X-Robots-Tag' });
  const audiences = new Map<string, Directives>();
  if (!isEmptyDirectives(parsed.all) || parsed.crawlers.size === 0) audiences.set(ALL_CRAWLERS_META_NAME, parsed.all);
  for (const [name, directives] of parsed.crawlers) audiences.set(name, directives);
  return {
    kind: 'header',
    location,
    text: shorten(`${pattern}  X-Robots-Tag: ${value}`),
    inHead: true,
    audiences,
    problems,
  };
}

/** A robots.txt rule as the reason for a decision: `Disallow: /private/` on its line. */
export function robotsTxtSource(rule: RobotsDecidingRule): DecisionSource {
  const key = rule.type === 'allow' ? 'Allow' : 'Disallow';
  return { kind: 'robots.txt', file: 'robots.txt', line: rule.line, text: shorten(`${key}: ${rule.value}`) };
}

/** What one source tells `crawler` (lower-cased; `*` hears only what is said to every crawler), or undefined. */
export function applicableDirectives(source: DirectiveSource, crawler: string): Directives | undefined {
  const all = source.audiences.get(ALL_CRAWLERS_META_NAME);
  const own = crawler === '*' ? undefined : source.audiences.get(crawler);
  if (all && own) return mergeDirectives(all, own);
  return all ?? own;
}

export interface VerdictInput {
  /** Lower-cased crawler name, or `*`. */
  crawler: string;
  /** The URL path as requested (percent-encoded). */
  url: string;
  sources: readonly DirectiveSource[];
  robotsTxt?: ParsedRobotsTxt;
  /** The page's file when it is a 404/5xx page. */
  errorPageFile?: string;
  /** Milliseconds since the epoch. */
  now: number;
}
function asDecisionSource(source: DirectiveSource): DecisionSource {
  return { kind: source.kind, ...source.location, text: source.text };
}
/** The restrictions a crawler can be under, each decided by one or more inputs. */
export type RestrictionKind = 'index' | 'follow' | 'snippet' | 'imagePreview' | 'videoPreview' | 'unavailableAfter';
/** What several inputs tell one crawler together, and which of them decided each restriction. */
export interface Restrictions<T> {
  effective: MutableDirectives;
  /** The `unavailable_after` date has passed at `now`. */
  expired: boolean;
  /** Per restriction, the inputs that set it (in input order); no entry when nothing restricts. */
  by: Partial<Record<RestrictionKind, T[]>>;
}
/**
 * Merges what each input tells one crawler (most restrictive wins) and names the inputs behind
 * each restriction: the tags and headers of a built page for the audit, or the options, front
 * matter and theme tags a page was resolved from for the dev toolbar. Generic so that both
 * attribute decisions by one rule.
 */
export function restrictionsBy<T>(told: ReadonlyArray<readonly [T, Directives]>, now: number): Restrictions<T> {
  const effective = mergeDirectiveList(told.map(([, directives]) => directives));
  const by: Partial<Record<RestrictionKind, T[]>> = {};
  const set = (kind: RestrictionKind, test: (directives: Directives) => boolean): void => {
    const list = told.filter(([, directives]) => test(directives)).map(([input]) => input);
    if (list.length > 0) by[kind] = [...(by[kind] ?? []), ...list.filter((input) => !by[kind]?.includes(input))];
  };
  const nosnippet = effective.flags.has('nosnippet') || effective.maxSnippet === 0;
  const expired = effective.unavailableAfter !== undefined && Date.parse(effective.unavailableAfter) <= now;
  if (isNoindex(effective)) set('index', isNoindex);
  if (expired) set('index', (d) => d.unavailableAfter === effective.unavailableAfter);
  set('follow', (d) => d.flags.has('nofollow') || d.flags.has('none'));
  if (nosnippet) set('snippet', (d) => d.flags.has('nosnippet') || d.maxSnippet === 0);
  else if (effective.maxSnippet !== undefined) set('snippet', (d) => d.maxSnippet === effective.maxSnippet);
  if (effective.maxImagePreview !== undefined)
    set('imagePreview', (d) => d.maxImagePreview === effective.maxImagePreview);
  if (effective.maxVideoPreview !== undefined)
    set('videoPreview', (d) => d.maxVideoPreview === effective.maxVideoPreview);
  if (effective.unavailableAfter !== undefined)
    set('unavailableAfter', (d) => d.unavailableAfter === effective.unavailableAfter);
  return { effective, expired, by };
}

/** How one crawler treats one URL, and which inputs decided each restriction. */
export function computeVerdict(input: VerdictInput): CrawlerVerdict {
  const told: Array<[DirectiveSource, Directives]> = [];
  for (const source of input.sources) {
    const directives = applicableDirectives(source, input.crawler);
    if (directives) told.push([source, directives]);
  }
  const { effective, expired, by } = restrictionsBy(told, input.now);
  const because: DecisionReasons = {};
  const match = input.robotsTxt ? explainMatch(input.robotsTxt, input.crawler, input.url) : undefined;
  if (match?.rule && !match.allowed) because.crawl = [robotsTxtSource(match.rule)];
  for (const [kind, sources] of Object.entries(by) as Array<[RestrictionKind, DirectiveSource[]]>)
    because[kind] = sources.map(asDecisionSource);
  if (input.errorPageFile)
    because.index = [
      ...(because.index ?? []),
      { kind: 'error-page', file: input.errorPageFile, text: 'a 404/5xx error page' },
    ];
  const noindex = isNoindex(effective);
  const maxSnippet = effective.flags.has('nosnippet') ? 0 : effective.maxSnippet;

  return {
    crawlable: match?.allowed ?? true,
    indexable: !noindex && !expired && !input.errorPageFile,
    followLinks: !effective.flags.has('nofollow') && !effective.flags.has('none'),
    ...(maxSnippet === undefined ? {} : { maxSnippet }),
    ...(effective.maxImagePreview === undefined ? {} : { maxImagePreview: effective.maxImagePreview }),
    ...(effective.maxVideoPreview === undefined ? {} : { maxVideoPreview: effective.maxVideoPreview }),
    ...(effective.unavailableAfter === undefined ? {} : { unavailableAfter: effective.unavailableAfter }),
    directives: formatDirectives(effective),
    because,
  };
}
