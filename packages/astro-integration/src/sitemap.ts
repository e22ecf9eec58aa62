/**
 * Working with `@astrojs/sitemap`: `robotsSitemapFilter()` keeps noindex and error pages out
 * of the sitemap by reading the built pages' robots tags, and the integration wraps the
 * sitemap's `astro:build:done` so that, right after the sitemap is written, the files it
 * wrote are checked for pages that should not be there.
 */
import {
  capLines,
  isErrorPage,
  isNoindexPage,
  loadSitemapReader,
  outputFileForUrl,
  readRobotsTags,
  resolvePageTags,
  tagsRecord,
  type NormalizedRobotsOptions,
} from '@robots-kit/core/internal/build';
import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_NAME } from './errors.js';
import { localeOfPath, type SiteLocales } from './i18n.js';
import type { IntegrationState } from './state.js';

/**
 * A `filter` for `@astrojs/sitemap` that leaves out every page whose built HTML carries
 * `noindex` or `none` (for all crawlers or for Googlebot) and every error page:
 *
 * ```js
 * sitemap({ filter: robotsSitemapFilter() })
 * ```
 *
 * It reads the pages Astro has written, so it sees exactly the tags the robots integration
 * put there, whichever order the two integrations are listed in. Needs `robots()` in the
 * same config.
 *
 * @param userFilter - Your own filter, applied first: a page is kept only when it returns
 *   true and the page may be indexed. Default: none.
 */
export function robotsSitemapFilter(userFilter?: (page: string) => boolean): (page: string) => boolean {
  return (page) => {
    if (userFilter && !userFilter(page)) return false;
    const context = getSitemapContext();
    if (!context) {
      throw new AstroError(
        `[${PACKAGE_NAME}] robotsSitemapFilter() was called, but the robots() integration is not in this Astro config, so the pages' robots tags are unknown.`,
        "Add `robots()` from '@robots-kit/astro' to `integrations`, next to `sitemap()`.",
      );
    }
    return sitemapExclusion(page, context) === undefined;
  };
}

/**
 * What `robotsSitemapFilter` needs to judge a URL, set by the robots integration in
 * `astro:config:done` and updated with the exact output folder when a build finishes.
 * Module state, because `@astrojs/sitemap` calls the filter with nothing but the URL.
 */
export interface SitemapContext {
  /** Absolute path of the folder the built HTML files are in. */
  dir: string;
  /** Astro's `base`. */
  base: string;
  options: NormalizedRobotsOptions;
  tags: PageTagsCache;
  /** Whether Starlight is in the config: it adds `@astrojs/sitemap` itself, with no filter. */
  starlight: boolean;
  /** Astro's `i18n` locales, for pages judged by the options alone. */
  locales?: SiteLocales;
}

let current: SitemapContext | undefined;

export function setSitemapContext(context: SitemapContext): void {
  current = context;
}

export function getSitemapContext(): SitemapContext | undefined {
  return current;
}

/** Built pages' robots tags by absolute file path, so each file is read once per build. */
export interface PageTagsCache {
  tagsOf(file: string): Record<string, string>;
}

export function createPageTagsCache(): PageTagsCache {
  const tags = new Map<string, Record<string, string>>();
  return {
    tagsOf(file) {
      let found = tags.get(file);
      if (found === undefined) {
        found = readPageTags(file);
        tags.set(file, found);
      }
      return found;
    },
  };
}

/**
 * The robots tags in the head of a built HTML file, `name → content`. Synchronous because
 * `@astrojs/sitemap` calls its `filter` synchronously; callers cache the result per file.
 */
function readPageTags(file: string): Record<string, string> {
  return tagsRecord(readRobotsTags(readFileSync(file, 'utf8')));
}

/** Why a URL does not belong in a sitemap, or undefined when it does. */
type SitemapExclusion = 'error page' | 'noindex';

/**
 * Whether a sitemap URL is an error page, or a page whose built HTML carries noindex (or
 * none) for every crawler or for Googlebot. A URL with no HTML file (an on-demand page) is
 * judged by the options alone: `defaults`, `noindex.paths`, `rules`, `indexable`.
 */
function sitemapExclusion(url: string, context: SitemapContext): SitemapExclusion | undefined {
  const path = pathOf(url);
  if (isErrorPage({ url: path }, context.options.errorPages)) return 'error page';
  const file = outputFileForUrl(context.dir, path, context.base);
  const locale = localeOfPath(path, context.base, context.locales);
  const tags =
    file === undefined
      ? resolvePageTags({ url: path, ...(locale ? { locale } : {}) }, context.options).tags
      : context.tags.tagsOf(file);
  return isNoindexPage(tags) ? 'noindex' : undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The name `@astrojs/sitemap` registers with. */
export const ASTRO_SITEMAP = '@astrojs/sitemap';

type BuildDoneHook = NonNullable<AstroIntegration['hooks']['astro:build:done']>;
type BuildDoneParams = Parameters<BuildDoneHook>[0];

/**
 * What runs around `@astrojs/sitemap`'s `astro:build:done` (build-order.ts wraps it), whether
 * it is listed before or after `robots()`: before it, note the output folder (for
 * `robotsSitemapFilter`) and the `.xml` files already there; after it, read the sitemap files
 * it wrote, note its index file (its name follows the sitemap's `filenameBase`, which
 * robots.txt's `Sitemap:` line must name) and warn about every noindex or error page they
 * list. A non-indexable build is not checked: every page is noindex there.
 */
export async function aroundSitemapHook(
  getState: () => IntegrationState | undefined,
  params: BuildDoneParams,
  run: () => Promise<void>,
): Promise<void> {
  const path = fileURLToPath(params.dir);
  const context = getSitemapContext();
  if (context) context.dir = path;
  const before = await xmlFileStamps(path);
  await run();
  const state = getState();
  if (!state) return;
  const written = await readWrittenSitemaps(path, state.base, changedFiles(before, await xmlFileStamps(path)));
  if (context && state.options.indexable) {
    for (const line of sitemapWarnings(written.listings, context)) state.logger.warn(line);
  }
  state.build?.sitemapIndexes.push(...written.indexes);
}

/** `.xml` files at the top of `dir`, by name, with a stamp that changes when the file is rewritten. */
async function xmlFileStamps(dir: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return new Map();
  }
  const stamps = new Map<string, string>();
  for (const name of names.filter((entry) => entry.toLowerCase().endsWith('.xml'))) {
    try {
      const info = await stat(join(dir, name));
      if (info.isFile()) stamps.set(name, `${info.mtimeMs}:${info.size}:${info.ino}`);
    } catch {
      // Gone between readdir and stat: not written by the sitemap integration.
    }
  }
  return stamps;
}

/** Names in `after` that are new or whose stamp changed since `before`, sorted. */
function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  return [...after]
    .filter(([name, stamp]) => before.get(name) !== stamp)
    .map(([name]) => name)
    .sort();
}

/** A page URL a sitemap lists, and the sitemap file (relative to the output folder) that lists it. */
interface SitemapListing {
  url: string;
  file: string;
}

/** What one `@astrojs/sitemap` hook wrote. */
interface WrittenSitemaps {
  /** Every page URL listed, with the file that lists it. */
  listings: SitemapListing[];
  /** The sitemap index files among the files written, e.g. `sitemap-index.xml`, sorted. */
  indexes: string[];
}

/**
 * Every page URL in the sitemap files just written (`files`, relative to `dir`), following
 * sitemap indexes to their children in the same folder, and which of the files written are
 * sitemap indexes. Files that are not sitemaps, or cannot be read, are skipped: this is a
 * check, not the sitemap's validator.
 */
async function readWrittenSitemaps(dir: string, base: string, files: readonly string[]): Promise<WrittenSitemaps> {
  const queue = [...files];
  const seen = new Set<string>();
  const listings: SitemapListing[] = [];
  const indexes: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let xml: string;
    try {
      xml = await readFile(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const { kind, locs } = (await loadSitemapReader()).parseSitemap(xml);
    if (kind === 'index') {
      if (files.includes(file)) indexes.push(file);
      for (const loc of locs) {
        const child = childFile(dir, base, loc);
        if (child !== undefined) queue.push(child);
      }
    } else if (kind === 'urlset') {
      listings.push(...locs.map((url) => ({ url, file })));
    }
  }
  return { listings, indexes: indexes.sort() };
}

/** The output file a sitemap index entry points at, if it is inside `dir`. */
function childFile(dir: string, base: string, loc: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(loc).pathname);
  } catch {
    return undefined;
  }
  const prefix = base.replace(/\/+$/, '');
  if (prefix && path.startsWith(prefix + '/')) path = path.slice(prefix.length);
  const file = relative(dir, join(dir, path));
  return file === '' || file.startsWith('..') || isAbsolute(file) ? undefined : file.split('\\').join('/');
}

/**
 * One line per sitemap URL that is a noindex or error page (capped, with a count of the
 * rest), then how to fix it; nothing when every listed page may be indexed.
 */
function sitemapWarnings(listings: readonly SitemapListing[], context: SitemapContext, max = 10): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { url, file } of listings) {
    if (seen.has(url)) continue;
    seen.add(url);
    const exclusion = sitemapExclusion(url, context);
    if (exclusion === undefined) continue;
    const what = exclusion === 'noindex' ? 'a page that carries noindex' : 'an error page';
    lines.push(`${file} lists ${url}, ${what}: search engines get contradictory signals.`);
  }
  if (lines.length === 0) return [];
  return [...capLines(lines, max), context.starlight ? STARLIGHT_FIX : FILTER_FIX];
}

const FILTER_FIX =
  'Keep such pages out of the sitemap with `sitemap({ filter: robotsSitemapFilter() })` (from @robots-kit/astro).';

/** Starlight adds `@astrojs/sitemap` only when the config has none, and gives it no filter. */
const STARLIGHT_FIX =
  'Starlight adds @astrojs/sitemap without a filter: list `sitemap({ filter: robotsSitemapFilter() })` (from @astrojs/sitemap and @robots-kit/astro) in `integrations` yourself, and Starlight uses it instead of its own.';
