/**
 * One page's body pass: the `links` and `nosnippet` rules that apply to it (by URL glob,
 * collection and its own data) turned into the plan `rewriteBody` runs, and `rewritePageBody`,
 * the one call the adapters make. A page with no rule gets no plan, and its HTML is returned
 * without being read: sites without these options, and pages no rule names, pay nothing.
 */
import { robotsWarning, type RobotsWarning } from '../errors.js';
import { urlGlobMatcher } from '../glob.js';
import { rewriteBody, type BodyLinkRule, type BodyPlan } from '../html/body-rewrite.js';
import { parseSimpleSelector, type SimpleSelector } from '../html/simple-selector.js';
import {
  BODY_DATA_KEYS,
  checkSelectorCount,
  matchesHostGlob,
  readPageLinks,
  readPageNosnippet,
  type NormalizedLinkRule,
} from '../options/body-options.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import type { PageToResolve } from './resolve-page.js';

/** Where a link points, worked out only as far as a rule asks. */
export interface LinkTarget {
  /** Whether it leaves the site (another host than `site`; any absolute URL when `site` is unknown). */
  external: boolean;
  /** Lower-cased host, `''` for a relative link when `site` is unknown. */
  host: string;
  /** Whether its path matches any of the globs. */
  pathMatches(globs: readonly string[]): boolean;
}
export interface PageBodyResult {
  html: string;
  changed: boolean;
  warnings: RobotsWarning[];
}
/** What `rewritePageBody` needs of a page: what path rules, collections and its data say. */
export type BodyPage = Pick<PageToResolve, 'url' | 'data' | 'collections' | 'source'>;

/** Whether the options ask for a body pass on any page. Adapters skip all body work when not. */
export function hasBodyRules(options: NormalizedRobotsOptions): boolean {
  return options.links !== undefined || options.nosnippet !== undefined;
}

/** Parsed selectors, shared by every page; bounded, since pages' own data can name new ones. */
const selectorCache = new Map<string, SimpleSelector>();
function selector(text: string): SimpleSelector {
  let parsed = selectorCache.get(text);
  if (!parsed) {
    if (selectorCache.size >= 4096) selectorCache.clear();
    parsed = parseSimpleSelector(text, 'selector');
    selectorCache.set(text, parsed);
  }
  return parsed;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const PLACEHOLDER = 'http://robots-kit.invalid';
/** A root-relative path that needs no URL parsing to be read: no dot segments, escapes, backslashes or odd characters. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_~!$'()*+,;=:@/.-]*(?=[?#]|$)/;
/** Bounded caches shared by every page: the same nav links and globs come back on every page of a site. */
const MAX_CACHED = 10_000;
const siteHosts = new Map<string, string>();
const rootRelative = new Map<string, Map<string, LinkTarget>>();
const pathMatches = new WeakMap<readonly string[], Map<string, boolean>>();
/** Whether a URL path matches any of the globs, remembered per glob list. */
function pathMatchesGlobs(path: string, globs: readonly string[]): boolean {
  let cache = pathMatches.get(globs);
  if (!cache) pathMatches.set(globs, (cache = new Map()));
  let matches = cache.get(path);
  if (matches === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    matches = urlGlobMatcher(path)(globs);
    cache.set(path, matches);
  }
  return matches;
}
function siteHostOf(site: string): string {
  let host = siteHosts.get(site);
  if (host === undefined) {
    if (siteHosts.size >= 100) siteHosts.clear();
    host = new URL(site).host.toLowerCase();
    siteHosts.set(site, host);
  }
  return host;
}
class Target implements LinkTarget {
  constructor(
    readonly external: boolean,
    readonly host: string,
    private readonly path: string | undefined,
  ) {}
  pathMatches(globs: readonly string[]): boolean {
    return this.path !== undefined && pathMatchesGlobs(this.path, globs);
  }
}
/** `link` resolved against the page: http(s) only; `#top`, `mailto:`, `javascript:` are not links to rel-mark. */
function linkResolver(pageUrl: string, site: string | undefined): (href: string) => LinkTarget | undefined {
  const siteHost = site === undefined ? '' : siteHostOf(site);
  let base: URL | undefined;
  const parse = (href: string): URL | undefined => {
    try {
      return new URL(href, (base ??= new URL(pageUrl, site ?? PLACEHOLDER)));
    } catch {
      return undefined;
    }
  };
  return (raw) => {
    const href = raw.trim();
    if (href === '' || href.charCodeAt(0) === 0x23 /* # */) return undefined;
    const rooted = href.charCodeAt(0) === 0x2f && href.charCodeAt(1) !== 0x2f; // `/path`, not `//host`
    if (rooted || (!href.startsWith('//') && !SCHEME.test(href))) {
      // Within the site: its path read directly when plain (`/blog/post/`), through URL otherwise.
      if (rooted) {
        // Root-relative links resolve the same on every page: read once per site and href.
        let cache = rootRelative.get(siteHost);
        if (!cache) {
          if (rootRelative.size >= 100) rootRelative.clear();
          rootRelative.set(siteHost, (cache = new Map()));
        }
        let target = cache.get(href);
        if (target === undefined) {
          let plain = PLAIN_PATH.exec(href)?.[0];
          if (plain?.includes('/.')) plain = undefined;
          target = new Target(false, siteHost, plain ?? parse(href)?.pathname);
          if (cache.size >= MAX_CACHED) cache.clear();
          cache.set(href, target);
        }
        return target;
      }
      return new Target(false, siteHost, parse(href)?.pathname);
    }
    const url = parse(href);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
    return new Target(
      site === undefined ? true : url.host.toLowerCase() !== siteHost,
      url.hostname.toLowerCase(),
      url.pathname,
    );
  };
}

function appliesTo(
  rule: { pages: readonly string[]; collections: readonly string[] },
  matchUrl: () => (globs: readonly string[]) => boolean,
  collections: ReadonlySet<string>,
): boolean {
  if (rule.collections.length > 0 && !rule.collections.some((name) => collections.has(name))) return false;
  return rule.pages.length === 0 || matchUrl()(rule.pages);
}
function ownValue(data: PageToResolve['data'], key: string | false): unknown {
  return key !== false && data !== undefined && Object.hasOwn(data, key) ? data[key] : undefined;
}
function targetTest(rule: NormalizedLinkRule): ((link: LinkTarget) => boolean) | undefined {
  const { external, hosts, paths } = rule;
  if (external === undefined && hosts.length === 0 && paths.length === 0) return undefined;
  return (link) =>
    (external === undefined || link.external === external) &&
    (hosts.length === 0 || hosts.some((glob) => matchesHostGlob(link.host, glob))) &&
    (paths.length === 0 || link.pathMatches(paths));
}

/** The plan of one page's body pass, or undefined when no rule applies to it. */
export function pageBodyPlan(page: BodyPage, options: NormalizedRobotsOptions): BodyPlan<LinkTarget> | undefined {
  if (!hasBodyRules(options)) return undefined;
  const source = page.source ?? page.url;
  let matcher: ((globs: readonly string[]) => boolean) | undefined;
  const matchUrl = (): ((globs: readonly string[]) => boolean) => (matcher ??= urlGlobMatcher(page.url));
  const collections = new Set(page.collections ?? []);
  const linksKey = options.links?.dataKey ?? false;
  const nosnippetKey = options.nosnippet?.dataKey ?? false;
  const ownLinks = ownValue(page.data, linksKey);
  const ownNosnippet = ownValue(page.data, nosnippetKey);
  const pageLinks = ownLinks === undefined || linksKey === false ? [] : readPageLinks(ownLinks, linksKey, source);
  const pageNosnippet =
    ownNosnippet === undefined || nosnippetKey === false ? [] : readPageNosnippet(ownNosnippet, nosnippetKey, source);

  const linkRules = [
    ...(pageLinks === false
      ? []
      : (options.links?.rules ?? []).filter((rule) => appliesTo(rule, matchUrl, collections))),
    ...(pageLinks === false ? [] : pageLinks),
  ];
  const nosnippetSelectors = [
    ...(pageNosnippet === false
      ? []
      : (options.nosnippet?.rules ?? [])
          .filter((rule) => appliesTo(rule, matchUrl, collections))
          .flatMap((rule) => rule.selectors)),
    ...(pageNosnippet === false ? [] : pageNosnippet),
  ];
  if (linkRules.length === 0 && nosnippetSelectors.length === 0) return undefined;

  const texts = [...new Set([...linkRules.flatMap((rule) => rule.within), ...nosnippetSelectors])];
  checkSelectorCount(
    texts,
    typeof linksKey === 'string' && ownLinks !== undefined ? linksKey : nosnippetKey || BODY_DATA_KEYS.nosnippet,
    source,
  );
  const bit = (text: string): number => 1 << texts.indexOf(text);
  const links: Array<BodyLinkRule<LinkTarget>> = linkRules.map((rule) => {
    const target = targetTest(rule);
    return {
      rel: rule.rel,
      withinMask: rule.within.reduce((mask, text) => mask | bit(text), 0),
      ...(target ? { target } : {}),
    };
  });
  return {
    selectors: texts.map(selector),
    links,
    nosnippetMask: nosnippetSelectors.reduce((mask, text) => mask | bit(text), 0),
    resolveLink: linkResolver(page.url, options.site),
  };
}

/** Whether any rule applies to the page (a streaming adapter reads the page whole only then). Throws on bad page data, as `rewritePageBody` does. */
export function pageHasBodyRules(page: BodyPage, options: NormalizedRobotsOptions): boolean {
  return pageBodyPlan(page, options) !== undefined;
}

/**
 * The adapters' one call: the page's links and `data-nosnippet` rules applied to its HTML. Without
 * rules for the page, the same string comes back unread. A page's bad `links`/`nosnippet` data
 * throws a RobotsError naming the page's file and the key; elements Google would ignore
 * `data-nosnippet` on are left alone, with a warning.
 */
export function rewritePageBody(html: string, page: BodyPage, options: NormalizedRobotsOptions): PageBodyResult {
  const plan = pageBodyPlan(page, options);
  if (!plan) return { html, changed: false, warnings: [] };
  const result = rewriteBody(html, plan);
  const warnings = result.ignored.map((ignored) =>
    robotsWarning({
      code: 'nosnippet-ignored',
      source: page.source ?? page.url,
      key: 'nosnippet',
      value: ignored.selector,
      problem: `matched a \`<${ignored.tag}>\`, which Google ignores \`data-nosnippet\` on, so it was left without it; selector`,
      expected: 'a selector of `span`, `div` or `section` elements (wrap the content in a `<div class=…>`)',
    }),
  );
  return { html: result.html, changed: result.changed, warnings };
}
