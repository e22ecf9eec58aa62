/**
 * resolvePage: one page's sources (defaults, content types, rules, front matter, existing tags) to
 * the robots tags it must carry.
 */
import {
  type ExistingRobotsTag,
  type ParsedRobots,
  type RobotsInput,
  type RobotsSource,
  type Directives,
  emptyDirectives,
  mergeDirectives,
  mergeDirectiveList,
} from '../directives/types.js';
import { robotsWarning, type RobotsWarning } from '../errors.js';
import { matchesAnyGlob, matchingGlobs, urlGlobMatcher, urlPath } from '../glob.js';
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import { parseRobots } from '../directives/parse.js';
import { containsDate, restoreImpossibleYamlDates } from '../directives/dates.js';
import { DEFAULTS } from '../options/defaults.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import {
  crawlerValue,
  formatDirectives,
  isNoindex,
  mergeAudiences,
  reconcileWarnings,
} from '../directives/reconcile.js';

/** What an adapter knows about one page. */
export interface PageToResolve {
  /** The page's URL path, e.g. `/blog/post/`. */
  url: string;
  /**
   * The page's data: Eleventy's data cascade, an Astro page's front matter or its collection
   * entry's data. The page's own directives are under `frontMatterKey`, and `noindex.data`
   * compares its other keys (`draft: true`). Default: none.
   */
  data?: Readonly<Record<string, unknown>>;
  /**
   * The raw text of the front matter that `data` was read from, or a function that reads it
   * (called only when the page's directives hold a `Date`): YAML turns an unquoted impossible
   * date (`unavailable_after: 2030-02-30`) into a real one two days later, and with the text the
   * page fails as it does with the date quoted. Default: none (dates are taken as parsed).
   */
  frontMatterText?: string | (() => string | undefined);
  /** Names of the collections the page belongs to. */
  collections?: Iterable<string>;
  /** The HTTP status the page is served with; 4xx and 5xx pages get no robots tags. */
  status?: number;
  /**
   * More of the page's own directives, combined with its front matter like every other source:
   * e.g. `Astro.locals.robots` and a content-collection entry's field. `source`/`key` name them
   * in error messages; `strict` (default: the options' `strict`) set to false turns unknown
   * tokens into warnings, for input the user did not write for robots-kit (a route's own header).
   */
  own?: ReadonlyArray<{
    robots: unknown;
    source?: string;
    key?: string;
    frontMatterText?: string | (() => string | undefined);
    strict?: boolean;
  }>;
  /** Robots tags already in the page's HTML (a theme's hard-coded tag), merged rather than duplicated. */
  existing?: readonly ExistingRobotsTag[];
  /** The page's source file, for error messages. */
  source?: string;
  /**
   * The page's locale, as the adapter's framework decides it (Astro's router from the URL, Eleventy's
   * `locale`/`lang` data or `page.lang`), or every name of it (Astro's `{ path, codes }` form: the
   * path and each code). `noindex.locales` and `rules[].locales` match it. Default: none.
   */
  locale?: string | readonly string[];
}
export interface ResolvedPage {
  /** Meta name to content, `robots` first, e.g. `{ robots: 'noindex, follow' }`. */
  tags: Record<string, string>;
  warnings: RobotsWarning[];
}

/** `/404`, `/404.html`, `/500/`, `/fr/404/`: a 4xx or 5xx status as the last path segment. */
const ERROR_PAGE_URL = /(?:^|\/)[45]\d\d(?:\.html?)?\/?$/i;
/** Error pages never carry robots tags (functional specification, "Error templates"). */
export function isErrorPage(page: { url: string; status?: number }, errorPages: readonly string[] = []): boolean {
  if (page.status !== undefined && page.status >= 400 && page.status <= 599) return true;
  return ERROR_PAGE_URL.test(urlPath(page.url)) || matchesAnyGlob(page.url, errorPages);
}

/** Which `noindex` conditions a page meets, each as written in the options. */
export interface NoindexMatch {
  /** `noindex.collections` names the page belongs to. */
  collections: string[];
  /** `noindex.paths` globs its URL matches (none when an exception, `!/tags/featured/**`, leaves it out). */
  paths: string[];
  /** `noindex.data` keys whose value in the page's data is one of the listed values. */
  data: string[];
  /** `noindex.locales` entries that name the page's locale. */
  locales: string[];
}
/** `pt_BR` and `PT-br` are one locale, as BCP 47 and Astro's router compare them. */
export function normalizeLocale(locale: string): string {
  return locale.trim().replaceAll('_', '-').toLowerCase();
}
/** The entries of `wanted` (as written) that name the page's locale, compared ignoring case and `_`/`-`. */
export function matchLocales(locale: PageToResolve['locale'], wanted: readonly string[] | undefined): string[] {
  if (locale === undefined || !wanted || wanted.length === 0) return [];
  // Adapters pass strings; anything else (a number from hand-written data) names no locale rather than throwing.
  const names = new Set(
    (typeof locale === 'string' ? [locale] : locale).filter((name) => typeof name === 'string').map(normalizeLocale),
  );
  return wanted.filter((name) => names.has(normalizeLocale(name)));
}
/** Whether a rule applies: its globs (when it has any) match the URL and its locales (when it has any) name the page's locale. */
export function ruleApplies(
  rule: NormalizedRobotsOptions['rules'][number],
  locale: PageToResolve['locale'],
  matchesUrl: (globs: readonly string[]) => boolean,
): boolean {
  return (
    (rule.path.length === 0 || matchesUrl(rule.path)) &&
    (rule.locales === undefined || matchLocales(locale, rule.locales).length > 0)
  );
}
/**
 * Whether the page's data has `key` (its own key, never one of `Object.prototype`) set to one
 * of `values`, compared exactly: `true` is not `"true"`.
 */
export function dataValueMatches(
  data: Readonly<Record<string, unknown>> | undefined,
  key: string,
  values: readonly unknown[],
): boolean {
  if (!data || !Object.hasOwn(data, key)) return false;
  const value = data[key];
  return values.some((wanted) => wanted === value);
}
/** The `noindex` conditions (collections, path globs, data values) the page meets. */
export function matchNoindex(
  page: Pick<PageToResolve, 'url' | 'collections' | 'data' | 'locale'>,
  noindex: NormalizedRobotsOptions['noindex'],
  matchesUrl: (globs: readonly string[]) => boolean = urlGlobMatcher(page.url),
): NoindexMatch {
  const member = new Set(noindex.collections.length > 0 ? (page.collections ?? []) : []);
  return {
    collections: noindex.collections.filter((name) => member.has(name)),
    paths: matchingGlobs(matchesUrl, noindex.paths),
    data: Object.entries(noindex.data ?? {}).flatMap(([key, values]) =>
      dataValueMatches(page.data, key, values) ? [key] : [],
    ),
    locales: matchLocales(page.locale, noindex.locales),
  };
}
/** The value with the impossible dates YAML rolled over put back as written, when the front matter text is at hand. */
function asWritten(value: unknown, frontMatterText: PageToResolve['frontMatterText']): unknown {
  if (frontMatterText === undefined || !containsDate(value)) return value;
  const text = typeof frontMatterText === 'function' ? frontMatterText() : frontMatterText;
  return text === undefined ? value : restoreImpossibleYamlDates(value, text);
}
/**
 * Every source of directives that applies to the page, parsed: defaults, content types, rules, front
 * matter, existing tags. `origins`, when given, receives where each one came from, at the same index.
 */
export function collectSources(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  warnings: RobotsWarning[],
  origins?: RobotsSource[],
): ParsedRobots[] {
  const sources: ParsedRobots[] = [];
  const add = (input: RobotsInput | unknown, source: RobotsSource, strict = options.strict): void => {
    const parsed = parseRobots(input, source, { strict });
    warnings.push(...parsed.warnings);
    sources.push(parsed);
    origins?.push(source);
  };

  if (options.defaults !== undefined) add(options.defaults, { file: 'options', key: 'defaults' });
  // Bing's AI opt-out is a tag, not a robots.txt token: `blockAiBots.bing` puts it on every page (issue 40).
  const blockAiBots = options.robotsTxt === false ? undefined : options.robotsTxt.blockAiBots;
  if (typeof blockAiBots === 'object' && blockAiBots.bing === true)
    add('bingbot: noarchive, nocache', { file: 'options', key: 'robotsTxt.blockAiBots.bing' });
  const matchesUrl = urlGlobMatcher(page.url);
  const noindex = matchNoindex(page, options.noindex, matchesUrl);
  if (
    noindex.collections.length > 0 ||
    noindex.paths.length > 0 ||
    noindex.data.length > 0 ||
    noindex.locales.length > 0
  ) {
    add(DEFAULTS.contentTypeNoindex, { file: 'options', key: 'noindex' });
  }
  options.rules.forEach((rule, i) => {
    if (ruleApplies(rule, page.locale, matchesUrl)) add(rule.robots, { file: 'options', key: `rules[${i}].robots` });
  });
  // Header rules that match the page's URL are its directives too: the host sends them with the
  // page, so its tags, its sitemap entry and its extra Googlebot tag must agree with them.
  options.headers?.rules?.forEach((rule, i) => {
    if (!matchesUrl(typeof rule.path === 'string' ? [rule.path] : rule.path)) return;
    const source = { file: 'options', key: `headers.rules[${i}].robots` };
    if (rule.userAgent === undefined) return add(rule.robots, source);
    // A rule for one crawler (validated at build time: a product token, no other crawler in `robots`).
    const parsed = parseRobots(rule.robots, source, { strict: options.strict });
    warnings.push(...parsed.warnings);
    sources.push({
      all: emptyDirectives(),
      crawlers: new Map([[rule.userAgent.toLowerCase(), parsed.all]]),
      warnings: [],
    });
    origins?.push(source);
  });
  const data = page.data;
  // The page's own source that asks for indexing (`index`, `all`, `true`), if any: a tag already in its HTML may overrule it.
  let ownIndex: RobotsSource | undefined;
  const addOwn = (input: unknown, source: RobotsSource, strict?: boolean): void => {
    add(input, source, strict);
    const { flags } = sources[sources.length - 1]!.all;
    if (ownIndex === undefined && (flags.has('index') || flags.has('all'))) ownIndex = source;
  };
  // Only the page's own key: `constructor` or `toString` must not be read from Object.prototype.
  if (data && Object.hasOwn(data, options.frontMatterKey) && data[options.frontMatterKey] !== undefined) {
    addOwn(asWritten(data[options.frontMatterKey], page.frontMatterText), {
      file: page.source ?? page.url,
      key: options.frontMatterKey,
    });
  }
  for (const own of page.own ?? []) {
    if (own.robots !== undefined)
      addOwn(
        asWritten(own.robots, own.frontMatterText),
        { file: own.source ?? page.source ?? page.url, key: own.key ?? options.frontMatterKey },
        own.strict,
      );
  }
  for (const tag of page.existing ?? []) {
    const name = tag.name.trim().toLowerCase();
    // A theme's tag is not the user's input: unknown tokens and bad values in it only warn.
    const parsed = parseRobots(
      tag.content,
      { file: page.source ?? page.url, key: `<meta name="${tag.name}">` },
      { strict: false, dropInvalid: true },
    );
    warnings.push(...parsed.warnings);
    if (ownIndex !== undefined && isNoindex(parsed.all)) warnings.push(ownIndexOverruled(ownIndex, tag));
    sources.push(
      name === ALL_CRAWLERS_META_NAME
        ? parsed
        : { all: emptyDirectives(), crawlers: new Map([[name, parsed.all]]), warnings: [] },
    );
    origins?.push({ file: page.source ?? page.url, key: `<meta name="${tag.name}" content="${tag.content}">` });
  }
  if (!options.indexable) add(DEFAULTS.nonIndexable, { file: 'options', key: 'indexable' });
  return sources;
}

/**
 * A page that asks to be indexed (`robots: all`) while its HTML already carries a noindex (a
 * layout's or a theme's tag): the most restrictive wins, by design, but the page's own word is
 * lost without a trace otherwise.
 */
function ownIndexOverruled(own: RobotsSource, tag: ExistingRobotsTag): RobotsWarning {
  return robotsWarning({
    code: 'own-index-overruled',
    ...(own.file === undefined ? {} : { source: own.file }),
    ...(own.key === undefined ? {} : { key: own.key }),
    problem: "asks for the page to be indexed, but the page's HTML (its layout or theme) already has",
    value: `<meta name="${tag.name}" content="${tag.content}">`,
    expected:
      'one word on it: the most restrictive wins, so the page stays out of search results; remove that tag from the layout, or set it through robots-kit (front matter, `rules`) where it belongs',
  });
}

const GOOGLEBOT = 'googlebot';
function crawlerOrder(a: string, b: string): number {
  if (a === GOOGLEBOT) return -1;
  if (b === GOOGLEBOT) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
/**
 * Whether the page gets the extra Googlebot tag (`googlebot` option): only a page Googlebot may
 * index when it is built, so neither noindex (for every crawler or for Googlebot) nor past its
 * `unavailable_after` date at `now`. Written on any other page, the tag would be the only one a
 * reader of Googlebot's own tag sees (Lighthouse's `is-crawlable`) and would hide the page's noindex.
 */
export function getsExtraGooglebotTag(
  all: Directives,
  googlebot: Directives | undefined,
  now: number = Date.now(),
): boolean {
  const effective = googlebot ? mergeDirectives(all, googlebot) : all;
  if (isNoindex(effective)) return false;
  return effective.unavailableAfter === undefined || !(Date.parse(effective.unavailableAfter) <= now);
}
/**
 * The tags a page must carry, with the warnings met on the way. Sources combine additively and
 * the most restrictive directive wins. A crawler's own tag is complete on its own: it carries
 * the `robots` tag's directives as well as its own (`googlebot: noindex, noimageindex` beside
 * `robots: noindex`), so that a reader that looks only at that crawler's tag and falls back to
 * `robots` when there is none (Lighthouse, several SEO tools) and one that sums both (Google's
 * specification) reach the same verdict; a crawler tag that would say no more than `robots` is
 * left out. Pages Googlebot may index at build time get the extra Googlebot tag.
 * `settings` must come from `normalizeOptions` (here or, as plain JSON, in an earlier
 * process): this module holds no validation code, so the runtime entry can resolve pages
 * without loading zod. The public `resolvePage`/`resolvePageDetailed` validate first.
 */
export function resolvePageTags(page: PageToResolve, settings: NormalizedRobotsOptions): ResolvedPage {
  if (isErrorPage(page, settings.errorPages)) return { tags: {}, warnings: [] };

  const warnings: RobotsWarning[] = [];
  const { all, crawlers } = mergeAudiences(collectSources(page, settings, warnings));
  const robots = formatDirectives(all).join(', ');
  warnings.push(...reconcileWarnings(all, ALL_CRAWLERS_META_NAME));

  const tags: Record<string, string> = {};
  if (robots !== '') tags[ALL_CRAWLERS_META_NAME] = robots;

  if (settings.googlebot) {
    const own = crawlers.get(GOOGLEBOT);
    if (getsExtraGooglebotTag(all, own))
      crawlers.set(GOOGLEBOT, mergeDirectiveList([...(own ? [own] : []), { flags: new Set(), ...settings.googlebot }]));
  }

  for (const name of [...crawlers.keys()].sort(crawlerOrder)) {
    const own = crawlers.get(name)!;
    const content = crawlerValue(all, own, robots);
    if (content !== undefined) tags[name] = content;
    if (!all.flags.has('indexifembedded')) warnings.push(...reconcileWarnings(mergeDirectives(all, own), name));
  }
  return { tags, warnings };
}
