/**
 * What the plugin learns about pages while Eleventy builds: each page's data (captured by a
 * preprocessor, or through `eleventyComputed` for paginated pages), which collections each page
 * is in, its locale, and the rest of one build's state, reset before every build of `--serve`
 * and `--watch`.
 */
import {
  createConfigUsage,
  type ConfigUsage,
  type HtmlPage,
  type NormalizedRobotsOptions,
  type PageToResolve,
  type RobotsTxtReport,
} from '@robots-kit/core/internal/build';
import { DataCascade, type CascadeConfig } from './data-cascade.js';
import type { EleventyCollectionItem, EleventyPage, EleventyPageData } from './types.js';

/** The `eleventyComputed` key of the capture; each page's data gets this key, set to `undefined`. */
export const CAPTURE_KEY = 'robotsKitCapturePageData';

/**
 * The `eleventyComputed` entry that remembers each page's data, keyed by `data.page`
 * (the object a transform later receives as `this.page`; upstream issue #2965).
 * Eleventy first calls computed entries with a proxy to find their dependencies,
 * where `page.url` is usually still empty: that pass is skipped (for paginated pages
 * the URL is known, but the proxy's `page` is never a transform's `this.page`, and the
 * WeakMap lets it go). Reading `page.url` also orders this entry after Eleventy's own
 * `page.url` computation. The data object is kept by reference, so values computed
 * after this entry, and `collections`, are there when the transform reads them.
 */
export function createPageDataCapture(store: WeakMap<object, EleventyPageData>): (data: EleventyPageData) => undefined {
  return function robotsKitCapturePageData(data: EleventyPageData): undefined {
    const page = data?.page;
    if (typeof page === 'object' && page !== null && typeof page.url === 'string' && page.url !== '') {
      store.set(page, data);
    }
    return undefined;
  };
}

/**
 * The preprocessor that remembers each template's data, keyed by `data.page`. Eleventy
 * runs preprocessors once per template with the data object its page later renders with
 * (src/Template.js `getTemplates`: computed data and `collections` are added to that same
 * object), so no global `eleventyComputed` key is needed: such a key moves every template
 * onto Eleventy's computed-data path and runs twice per template. Paginated templates are
 * the exception: each page gets a new data object and a new `page` after this runs, so
 * only their data gets the `eleventyComputed` capture (copied into every page's data).
 */
export function createPageDataPreprocessor(
  store: WeakMap<object, EleventyPageData>,
  cascade?: DataCascade,
): (data: EleventyPageData) => Promise<void> | undefined {
  const capture = createPageDataCapture(store);
  return function robotsKitPageData(data: EleventyPageData): Promise<void> | undefined {
    if (typeof data !== 'object' || data === null) return undefined;
    const page = data.page;
    if (typeof page === 'object' && page !== null) store.set(page, data);
    if ('pagination' in data) {
      const computed = data.eleventyComputed;
      if (computed === undefined || computed === null) data.eleventyComputed = { [CAPTURE_KEY]: capture };
      // A new object: the template's `eleventyComputed` may be shared with other templates (a data file's).
      else if (typeof computed === 'object' && !Array.isArray(computed))
        data.eleventyComputed = { ...computed, [CAPTURE_KEY]: capture };
    }
    // The layers of the data cascade below the page's robots value, before computed data replaces it.
    return typeof page?.inputPath === 'string' ? cascade?.capture(page.inputPath, data) : undefined;
  };
}

/** Which collections each page of one build belongs to. */
export interface CollectionMembership {
  /** What identifies the collections it was built from (`collections.all`); a new build has a new one. */
  readonly source: object;
  readonly byPage: WeakMap<EleventyPage, Set<string>>;
  /** Pages 2..n of a pagination are in no collection: they share their template's membership. */
  readonly byInputPath: Map<string, Set<string>>;
  /** Every page in a collection as its item: its data, for pages whose data was not captured. */
  readonly itemByPage: WeakMap<EleventyPage, EleventyCollectionItem>;
}

function addTo<K>(
  map: { get(key: K): Set<string> | undefined; set(key: K, value: Set<string>): unknown },
  key: K,
  name: string,
): void {
  const names = map.get(key);
  if (names) names.add(name);
  else map.set(key, new Set([name]));
}

/**
 * One pass over every collection, once per build: looking membership up per page
 * would make the build grow with the square of the page count.
 */
export function buildCollectionMembership(
  collections: Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>,
): CollectionMembership {
  const membership: CollectionMembership = {
    source: collectionsIdentity(collections),
    byPage: new WeakMap(),
    byInputPath: new Map(),
    itemByPage: new WeakMap(),
  };
  for (const [name, items] of Object.entries(collections)) {
    if (!Array.isArray(items)) continue;
    for (const item of items as readonly EleventyCollectionItem[]) {
      if (typeof item?.page === 'object' && item.page !== null) {
        addTo(membership.byPage, item.page, name);
        membership.itemByPage.set(item.page, item);
      }
      if (typeof item?.inputPath === 'string') addTo(membership.byInputPath, item.inputPath, name);
    }
  }
  return membership;
}

/**
 * What the plugin learns during one build. The plugin function runs once per
 * config load, but `--serve` and `--watch` run many builds: this is reset in
 * `eleventy.before` so nothing leaks from one build into the next.
 */
export interface BuildState {
  membership: CollectionMembership | undefined;
  /** Warnings already logged; a feed renders a page's transforms a second time. */
  reported: Set<string>;
  /**
   * Every HTML page the transform gave tags, by URL: the robots.txt warnings and
   * `headers.html` read them after the build. An incremental build renders only what
   * changed, so there the pages of earlier builds are kept and updated instead.
   */
  pages: Map<string, HtmlPage>;
  /** The robots.txt of this build, once the virtual template has rendered it. */
  robotsTxt: RobotsTxtReport | undefined;
  /** A file that a passthrough copy the plugin could not take over copied to `/robots.txt` in this build. */
  copiedRobotsTxt: string | undefined;
  /** The pages of the build, for the end-of-build report of options that matched none. Kept across incremental builds, like `pages`. */
  usage: ConfigUsage;
  /** `--incremental`: Eleventy renders only the changed template and what declares it uses it. */
  incremental: boolean;
  /** Templates that used the `robotsIndexable` filter (sitemaps), by input path; kept across builds. */
  sitemapTemplates: Map<string, SitemapTemplate>;
  /** Pages whose indexability this incremental build changed (`/post/` gained a noindex). */
  indexabilityChanged: string[];
  /**
   * The tags each `page` of this build resolved to from its data alone (no tags already in
   * its HTML): the sitemap filter reuses what the transform resolved instead of resolving
   * every page a second time.
   */
  resolvedFromData: WeakMap<object, Record<string, string>>;
  /** With `audit: { html }`: each page as the transform resolved it, by URL, for where its directives came from in the report. Kept across incremental builds, like `pages`. */
  explained?: Map<string, PageToResolve>;
  /** Each layer of the data cascade that sets the robots key, read apart (with the config: the plugin's own state). */
  cascade: DataCascade | undefined;
  /** The XML sitemaps this build wrote (`<urlset>`, `<sitemapindex>`), by output path: checked after the build for noindex and error pages. */
  sitemapOutputs: Map<string, string>;
}

/** A template that filters a collection with `robotsIndexable`, as an incremental build needs to know it. */
export interface SitemapTemplate {
  /** The collections it filtered (`all`), when they could be told apart. */
  collections: Set<string>;
  /** Its `eleventyImport.collections`: what Eleventy rebuilds it for in an incremental build. */
  imports: Set<string>;
  /** Whether this build rendered it. */
  rendered: boolean;
  /** Whether the user was told, once per process, to declare what it imports. */
  advised?: boolean;
}

export function createBuildState(options: NormalizedRobotsOptions, config?: CascadeConfig): BuildState {
  return {
    cascade: config === undefined ? undefined : new DataCascade(options.frontMatterKey, config),
    membership: undefined,
    reported: new Set(),
    pages: new Map(),
    robotsTxt: undefined,
    copiedRobotsTxt: undefined,
    usage: createConfigUsage(options),
    incremental: false,
    sitemapTemplates: new Map(),
    indexabilityChanged: [],
    resolvedFromData: new WeakMap(),
    sitemapOutputs: new Map(),
    ...(typeof options.audit === 'object' ? { explained: new Map<string, PageToResolve>() } : {}),
  };
}

export function resetBuildState(state: BuildState, build: { incremental?: boolean } = {}): void {
  state.membership = undefined;
  state.reported.clear();
  state.cascade?.reset();
  state.incremental = build.incremental === true;
  if (!build.incremental) {
    state.pages.clear();
    state.usage.reset();
    state.explained?.clear();
  }
  state.robotsTxt = undefined;
  state.copiedRobotsTxt = undefined;
  state.indexabilityChanged = [];
  state.sitemapOutputs.clear();
  state.resolvedFromData = new WeakMap();
  for (const template of state.sitemapTemplates.values()) template.rendered = false;
}

/**
 * What identifies one build's collections. Not the `collections` object itself: on a
 * paginated page `data.collections` is a new Proxy on every read (Eleventy's `ProxyWrap`
 * wraps plain objects afresh), which would rebuild the index for every paginated page and
 * make the build grow with pages × paginated pages. Arrays are handed through unwrapped,
 * so `collections.all` is the same array for every page of a build.
 */
function collectionsIdentity(collections: Readonly<Record<string, unknown>>): object {
  const all = collections.all;
  return Array.isArray(all) ? all : collections;
}

/**
 * The membership index of the current build, built once per build, on first use.
 * `data.collections` is complete only once templates render, so this runs at transform
 * time. Different collections mean a new build even if `eleventy.before` was missed.
 */
export function membershipForBuild(
  state: BuildState,
  data: Pick<EleventyPageData, 'collections'> | undefined,
): CollectionMembership | undefined {
  const collections = data?.collections;
  if (typeof collections !== 'object' || collections === null) return state.membership;
  if (state.membership?.source !== collectionsIdentity(collections)) {
    state.membership = buildCollectionMembership(collections);
  }
  return state.membership;
}

/*
 * Each page's locale, for `noindex.locales` and `rules[].locales`. Eleventy has no
 * single i18n setting: sites say a page's language in its data (`locale`, as
 * eleventy-plugin-i18n does, or `lang`, as Eleventy's i18n docs put in directory data files),
 * Eleventy 3's `I18nPlugin` computes `page.lang` from the URL, and some sites only have URL
 * prefixes (`/de/…`). They are read in that order: what a page's data says beats what is
 * derived from its URL.
 */

/** Where a page's locale came from, for the README and the tests. */
export type LocaleSource = 'locale' | 'lang' | 'page.lang' | 'url';
/** The data keys read, in order. */
const DATA_KEYS = ['locale', 'lang'] as const;

/** A data value that can be a locale: a non-empty string of a sane length (data may hold anything). */
function asLocale(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= 64 ? trimmed : undefined;
}

/** Every locale the options name: only these can make a URL segment a locale. */
export function optionLocales(options: NormalizedRobotsOptions): readonly string[] {
  // Asked for every page (the transform, the sitemap filter): worked out once per options object.
  let locales = localesOfOptions.get(options);
  if (locales === undefined) {
    locales = [...(options.noindex.locales ?? []), ...options.rules.flatMap((rule) => rule.locales ?? [])];
    localesOfOptions.set(options, locales);
  }
  return locales;
}
const localesOfOptions = new WeakMap<NormalizedRobotsOptions, readonly string[]>();

/**
 * The page's locale and where it came from:
 * 1. its `locale` data (front matter, directory or global data, computed data);
 * 2. its `lang` data;
 * 3. `page.lang`, which Eleventy 3's `I18nPlugin` sets from the URL's first segment, or its
 *    `defaultLanguage` for pages without one;
 * 4. the first segment of the URL (without `pathPrefix`, as Eleventy's `page.url` is), when it
 *    is one of the locales the options name (`/de/about/` with `noindex: { locales: ['de'] }`).
 * Undefined when none applies: then no locale option matches the page.
 */
export function eleventyLocale(
  page: Pick<EleventyPage, 'url'> & { lang?: unknown },
  data: Readonly<Record<string, unknown>> | undefined,
  locales: readonly string[],
): { locale: string; from: LocaleSource } | undefined {
  for (const key of DATA_KEYS) {
    // Only the page's own keys: `constructor` must not come from Object.prototype.
    const value = data && Object.hasOwn(data, key) ? asLocale(data[key]) : undefined;
    if (value !== undefined) return { locale: value, from: key };
  }
  const dataPage = data?.page as (EleventyPageData['page'] & { lang?: unknown }) | undefined;
  const lang = asLocale(dataPage?.lang) ?? asLocale(page.lang);
  if (lang !== undefined) return { locale: lang, from: 'page.lang' };
  if (locales.length === 0 || typeof page.url !== 'string') return undefined;
  const segment = page.url.split('/')[1];
  if (!segment) return undefined;
  const normalized = segment.replaceAll('_', '-').toLowerCase();
  const named = locales.find((locale) => locale.replaceAll('_', '-').toLowerCase() === normalized);
  return named === undefined ? undefined : { locale: segment, from: 'url' };
}
