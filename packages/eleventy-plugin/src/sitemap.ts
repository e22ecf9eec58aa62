/**
 * Sitemaps: which collection items a sitemap should list, through the plugin's
 * `robotsIndexable` template filter or the `robotsIndexable` function for code outside
 * templates. Pages are resolved exactly as the transform resolves them.
 */
import {
  isErrorPage,
  isNoindexPage,
  normalizeOptions,
  RobotsError,
  type NormalizedRobotsOptions,
  type RobotsOptions,
} from '@robots-kit/core/internal/build';
import { locatePageError, type DataSourceContext } from './data-source.js';
import { PLUGIN_NAME } from './messages.js';
import {
  buildCollectionMembership,
  membershipForBuild,
  type BuildState,
  type CollectionMembership,
} from './page-data.js';
import { cascadeLayers, readStatusCode, resolveEleventyPage } from './transform.js';
import type { EleventyCollectionItem, EleventyFilterContext, EleventyPage, EleventyPageData } from './types.js';

/** The template filter for sitemaps: `{% for item in collections.all | robotsIndexable %}`. */
export const FILTER_NAME = 'robotsIndexable';

type Collections = Readonly<Record<string, readonly EleventyCollectionItem[] | undefined>>;

/** The build's `collections`, as every collection item's data carries it once templates render. */
function collectionsOfItems(items: unknown): Collections | undefined {
  if (!Array.isArray(items)) return undefined;
  for (const item of items as Array<{ data?: { collections?: unknown } } | undefined>) {
    const collections = item?.data?.collections;
    if (typeof collections === 'object' && collections !== null) return collections as Collections;
  }
  return undefined;
}

/** A collection item, or anything shaped like one (`url`, `data`, `page`, `inputPath`). */
export interface CollectionItemLike {
  url?: unknown;
  inputPath?: unknown;
  outputPath?: unknown;
  page?: Partial<EleventyPage>;
  data?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The item's own `page` when it has one (collection membership is keyed by it), else one built from the item. */
function itemPage(item: CollectionItemLike, url: string): EleventyPage & { url: string } {
  const page = item.page;
  if (page && page.url === url && typeof page.inputPath === 'string') return page as EleventyPage & { url: string };
  return {
    url,
    inputPath: text(item.inputPath) ?? text(page?.inputPath) ?? '',
    outputPath: text(item.outputPath) ?? text(page?.outputPath) ?? false,
  };
}

/** Verdicts of `isNoindexPage` by the values it reads; a site has few distinct tag sets. Bounded. */
const noindexByTags = new Map<string, boolean>();
/**
 * `isNoindexPage` of tags the plugin resolved (lower-case names, one value each), remembered by
 * the `robots` and `googlebot` values, the only ones it reads: parsing the same directives for
 * every item of a 2,000-page collection cost a third of the filter's time.
 */
function isNoindexTags(tags: Readonly<Record<string, string>>): boolean {
  const key = `${tags.robots ?? ''}\u0000${tags.googlebot ?? ''}`;
  let noindex = noindexByTags.get(key);
  if (noindex === undefined) {
    if (noindexByTags.size >= 256) noindexByTags.clear();
    noindexByTags.set(key, (noindex = isNoindexPage(tags)));
  }
  return noindex;
}

/**
 * Whether a page belongs in a sitemap: it has a URL (`permalink: false` pages have none),
 * is not an error page, and the tags the plugin gives it carry no `noindex` or `none` for
 * every crawler or for Googlebot. Tags hard-coded in a layout are not seen here (the page
 * may not be rendered yet); `audit: true` reports a noindex page left in a sitemap.
 */
function isIndexableItem(
  item: CollectionItemLike,
  options: NormalizedRobotsOptions,
  membership: CollectionMembership | undefined,
  sources: DataSourceContext,
  resolved?: WeakMap<object, Record<string, string>>,
  state?: Pick<BuildState, 'cascade'>,
): boolean {
  const url = item?.url ?? item?.page?.url;
  if (typeof url !== 'string' || url === '') return false;
  const data = typeof item.data === 'object' && item.data !== null ? (item.data as EleventyPageData) : undefined;
  const status = readStatusCode(data);
  if (isErrorPage(status === undefined ? { url } : { url, status }, options.errorPages)) return false;
  const page = itemPage(item, url);
  const known = resolved?.get(page);
  if (known !== undefined) return !isNoindexTags(known);
  try {
    const layers = state ? cascadeLayers(state, page, data, options.frontMatterKey) : [];
    const tags = resolveEleventyPage(page, data, membership, [], options, layers).tags;
    resolved?.set(page, tags);
    return !isNoindexTags(tags);
  } catch (error) {
    throw locatePageError(error, page, data, options.frontMatterKey, sources, url);
  }
}

/** The items that belong in a sitemap, in their order; a new array. */
function filterIndexable<T>(
  items: unknown,
  options: NormalizedRobotsOptions,
  membership: CollectionMembership | undefined,
  name: string,
  sources: DataSourceContext,
  resolved?: WeakMap<object, Record<string, string>>,
  state?: Pick<BuildState, 'cascade'>,
): T[] {
  if (!Array.isArray(items)) {
    throw new RobotsError({
      code: 'not-a-collection',
      package: PLUGIN_NAME,
      key: name,
      value: items === null ? 'null' : typeof items,
      problem: 'expected a collection to filter, got',
      expected: 'an array of collection items, e.g. `collections.all`',
    });
  }
  return (items as T[]).filter((item) =>
    isIndexableItem(item as CollectionItemLike, options, membership, sources, resolved, state),
  );
}

/**
 * The items of a collection that belong in a sitemap: drops `permalink: false` pages, error
 * pages, and pages whose robots tags carry `noindex` or `none` (for every crawler or for
 * Googlebot), resolved exactly as the plugin resolves them. For `.11ty.js` templates and
 * config code; templates use the plugin's `robotsIndexable` filter, which already knows the
 * plugin's options (in `.11ty.js`: `this.robotsIndexable(data.collections.all)`).
 *
 * ```js
 * import { robotsIndexable } from '@robots-kit/eleventy';
 * const items = robotsIndexable(data.collections.all, robotsOptions);
 * ```
 *
 * @param items - A collection, e.g. `collections.all`.
 * @param options - The options given to the plugin (share one object). Default: `{}`.
 */
export function robotsIndexable<T>(items: readonly T[], options: RobotsOptions = {}): T[] {
  const normalized = normalizeOptions(options, { package: PLUGIN_NAME, source: 'robotsIndexable options' });
  const collections = collectionsOfItems(items);
  // Outside Eleventy's config: its default data file names, paths relative to the working directory.
  return filterIndexable<T>(
    items,
    normalized,
    collections ? buildCollectionMembership(collections) : undefined,
    'robotsIndexable',
    { config: {}, directories: undefined },
  );
}

/** `eleventyImport.collections` of a template's data: what an incremental build rebuilds it for. */
function importedCollections(data: EleventyPageData | undefined): Set<string> {
  const imports = (data?.eleventyImport as { collections?: unknown } | undefined)?.collections;
  return new Set(Array.isArray(imports) ? imports.filter((name): name is string => typeof name === 'string') : []);
}

/**
 * Remembers the template that called the filter and the collection it filtered (found by
 * identity among the build's collections), so that an incremental build can tell when that
 * template's output (a sitemap) no longer matches the pages' robots tags.
 */
function noteSitemapTemplate(
  state: BuildState,
  page: EleventyPage | undefined,
  data: EleventyPageData | undefined,
  items: unknown,
  collections: Collections | undefined,
): void {
  if (!page || typeof page.inputPath !== 'string') return;
  const template = state.sitemapTemplates.get(page.inputPath) ?? {
    collections: new Set<string>(),
    imports: new Set<string>(),
    rendered: false,
  };
  template.rendered = true;
  template.imports = importedCollections(data);
  for (const [name, list] of Object.entries(collections ?? {})) if (list === items) template.collections.add(name);
  state.sitemapTemplates.set(page.inputPath, template);
}

/**
 * The plugin's `robotsIndexable` filter, with the plugin's options. It shares the build's
 * membership index with the transform: whichever needs it first builds it.
 */
export function createRobotsIndexableFilter(
  options: NormalizedRobotsOptions,
  state: BuildState,
  pageData: WeakMap<object, EleventyPageData>,
  sources: DataSourceContext,
): (this: EleventyFilterContext | undefined, items: unknown) => unknown[] {
  return function robotsIndexableFilter(this: EleventyFilterContext | undefined, items: unknown) {
    const collections = collectionsOfItems(items);
    const page = this?.page;
    noteSitemapTemplate(state, page, page ? pageData.get(page) : undefined, items, collections);
    // Pages the transform already resolved from their data are not resolved again.
    return filterIndexable(
      items,
      options,
      membershipForBuild(state, { collections }),
      FILTER_NAME,
      sources,
      state.resolvedFromData,
      state,
    );
  };
}
