/**
 * The verdict per crawler for one page: meta tags, headers and robots.txt, with the source of each
 * decision.
 */
import { RobotsError } from '../errors.js';
import { extractProductToken, isValidProductToken } from '../robots-txt/parse.js';
import { mergeAudiences, formatDirectives, isNoindex } from '../directives/reconcile.js';
import { mergeDirectives, type ParsedRobots, type Directives, isEmptyDirectives } from '../directives/types.js';
import type { CrawlerVerdict, AuditLocation, DecisionSource, DecisionReasons, DirectiveSource } from './types.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import { parseRobotsLenient, type FoundRobotsTag } from './read-page.js';
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
    if (name !== '*' && !isValidProductToken(name)) {
      const token = extractProductToken(name);
      throw new RobotsError({
        code: 'invalid-crawler-name',
        source,
        key: `crawlers[${index}]`,
        value: crawler,
        problem: 'invalid crawler name',
        expected: 'a robots.txt product token of letters, `-` and `_` (e.g. `googlebot`, `bingbot`), or `*`',
        ...(token ? { suggestion: token.toLowerCase() } : {}),
      });
    }
    const lower = name.toLowerCase();
    if (!names.includes(lower)) names.push(lower);
  });
  if (names.length === 0) {
    throw new RobotsError({ code: 'invalid-crawler-name', source, key: 'crawlers', value: crawlers, problem: 'no crawler given', expected: 'at least one crawler name, e.g. `googlebot`' });
  }
  return names;
}

/** Directives in a form where equal meaning compares equal: `noindex, follow` equals `noindex` (follow is the default). */
export function comparableDirectives(directives: Directives): string {
  return formatDirectives(directives).filter((token) => token !== 'follow').join(', ');
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
  const { parsed, problems } = parseRobotsLenient(tag.content, { file, key: `<meta name="${shorten(tag.rawName, 60)}">` });
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
  return { kind: 'header', location, text: shorten(`${pattern}  X-Robots-Tag: ${value}`), inHead: true, audiences, problems };
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
/** How one crawler treats one URL, and which inputs decided each restriction. */
export function computeVerdict(input: VerdictInput): CrawlerVerdict {
  const told: Array<[DirectiveSource, Directives]> = [];
  for (const source of input.sources) {
    const directives = applicableDirectives(source, input.crawler);
    if (directives) told.push([source, directives]);
  }
  const effective = mergeDirectives(...told.map(([, directives]) => directives));
  const because: DecisionReasons = {};
  const reasons = (test: (directives: Directives) => boolean): DecisionSource[] | undefined => {
    const list = told.filter(([, directives]) => test(directives)).map(([source]) => asDecisionSource(source));
    return list.length > 0 ? list : undefined;
  };

  const match = input.robotsTxt ? explainMatch(input.robotsTxt, input.crawler, input.url) : undefined;
  if (match?.rule && !match.allowed) because.crawl = [robotsTxtSource(match.rule)];

  const nosnippet = effective.flags.has('nosnippet') || effective.maxSnippet === 0;
  const maxSnippet = nosnippet ? 0 : effective.maxSnippet;
  const expired = effective.unavailableAfter !== undefined && Date.parse(effective.unavailableAfter) <= input.now;
  const noindex = isNoindex(effective);
  const index = [
    ...(noindex ? reasons(isNoindex) ?? [] : []),
    ...(expired ? reasons((d) => d.unavailableAfter === effective.unavailableAfter) ?? [] : []),
    ...(input.errorPageFile ? [{ kind: 'error-page' as const, file: input.errorPageFile, text: 'a 404/5xx error page' }] : []),
  ];
  if (index.length > 0) because.index = index;
  const follow = reasons((d) => d.flags.has('nofollow') || d.flags.has('none'));
  if (follow) because.follow = follow;
  const snippet = maxSnippet === undefined ? undefined : reasons((d) => (nosnippet ? d.flags.has('nosnippet') || d.maxSnippet === 0 : d.maxSnippet === maxSnippet));
  if (snippet) because.snippet = snippet;
  const imagePreview = effective.maxImagePreview === undefined ? undefined : reasons((d) => d.maxImagePreview === effective.maxImagePreview);
  if (imagePreview) because.imagePreview = imagePreview;
  const videoPreview = effective.maxVideoPreview === undefined ? undefined : reasons((d) => d.maxVideoPreview === effective.maxVideoPreview);
  if (videoPreview) because.videoPreview = videoPreview;
  const unavailableAfter = effective.unavailableAfter === undefined ? undefined : reasons((d) => d.unavailableAfter === effective.unavailableAfter);
  if (unavailableAfter) because.unavailableAfter = unavailableAfter;

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
