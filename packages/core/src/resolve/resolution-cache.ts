/**
 * Resolutions of responses rendered on request, remembered: a server resolves the same few
 * combinations of sources for every request (the options are fixed at build time), so each
 * combination is resolved once. The key is everything resolution reads, with the URL reduced
 * to what it decides: which of the options' globs it matches and whether it names an error
 * page. Pages whose sources are not plain JSON (a `Date` from YAML, a class instance) are
 * resolved every time.
 */
import { isNegatedGlob, urlGlobMatcher } from '../glob.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import { isErrorPage, type PageToResolve } from './resolve-page.js';

/** What a cached resolution is looked up by, besides the page (see response-header.ts). */
export interface CacheScope {
  kind: string;
  /** The route's own X-Robots-Tag. */
  routeHeader: string | null | undefined;
}

/**
 * At most this many resolutions per options object: a site has a handful of combinations; a
 * site with a different `Astro.locals.robots` on every page keeps the most recent ones.
 */
const MAX_ENTRIES = 1000;
/** Sources larger than this (in JSON nodes) are resolved every time rather than serialised into a key. */
const MAX_KEY_NODES = 200;

/** A remembered resolution, and the time (ms since the epoch) after which it no longer holds. */
interface CacheEntry {
  value: unknown;
  expires: number;
}

const caches = new WeakMap<NormalizedRobotsOptions, Map<string, CacheEntry>>();

/**
 * `resolve()` for this page, or the result of an earlier call with the same key. Results are
 * shared between calls: the caller freezes them. Thrown errors are not remembered.
 * `expiresAt(value)` says until when a result holds (default: for ever): a resolution that reads
 * the clock (an `unavailable_after` date decides the extra Googlebot tag) is resolved again once
 * its date has passed, so a server running for months does not keep a tag the date ended.
 */
export function cachedResolution<T>(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  scope: CacheScope,
  resolve: () => T,
  expiresAt: (value: T) => number = () => Number.POSITIVE_INFINITY,
): T {
  const key = resolutionKey(page, options, scope);
  if (key === undefined) return resolve();
  let cache = caches.get(options);
  if (cache === undefined) caches.set(options, (cache = new Map()));
  const known = cache.get(key);
  if (known !== undefined) {
    if (Date.now() < known.expires) return known.value as T;
    cache.delete(key);
  }
  const value = resolve();
  // Oldest first out: Map iteration follows insertion order.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { value, expires: expiresAt(value) });
  return value;
}

/**
 * The key of everything resolution reads, or undefined when some source cannot be keyed safely.
 * Built as one string, the URL as one digit per glob: this runs on every request.
 */
export function resolutionKey(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  scope: CacheScope,
): string | undefined {
  if (page.frontMatterText !== undefined) return undefined;
  // Messages name the page's source, else its URL.
  let key = `${scope.kind}\u0000${page.status ?? ''}\u0000${page.source ?? page.url}\u0000${scope.routeHeader ?? ''}:`;
  key += urlFacts(page.url, options);
  // The page's locale, as the adapter gave it (`noindex.locales` and `rules[].locales` read it).
  if (page.locale !== undefined)
    key += `:${typeof page.locale === 'string' ? page.locale : page.locale.join('\u0001')}`;
  if (options.noindex.collections.length > 0 && page.collections !== undefined) {
    const member = new Set(page.collections);
    key += ':';
    for (const name of options.noindex.collections) key += member.has(name) ? '1' : '0';
  }
  const sources: unknown[] = [];
  const data = page.data;
  if (data !== undefined) {
    // A key set to `undefined` is no key to resolution (and to `noindex.data`'s comparisons).
    const value = (name: string): unknown[] =>
      Object.hasOwn(data, name) && data[name] !== undefined ? [data[name]] : [];
    sources.push(value(options.frontMatterKey), ...Object.keys(options.noindex.data ?? {}).map(value));
  }
  for (const own of page.own ?? []) {
    if (own.frontMatterText !== undefined) return undefined;
    if (own.robots !== undefined) sources.push([own.robots, own.source ?? null, own.key ?? null, own.strict ?? null]);
  }
  for (const tag of page.existing ?? []) sources.push(tag.name, tag.content);
  if (sources.length === 0) return key;
  return isPlainJson(sources, { nodes: MAX_KEY_NODES })
    ? `${key}\u0000${data === undefined ? 0 : 1}${JSON.stringify(sources)}`
    : undefined;
}

/** URL path → its facts, per options object: a server sees the same URLs again and again. */
const urlFactCaches = new WeakMap<NormalizedRobotsOptions, Map<string, string>>();

/**
 * What the URL decides, one digit per glob list: whether it names an error page, then each
 * `noindex.paths` glob, each rule's and each header rule's path list. Remembered per URL (up to
 * `MAX_ENTRIES` of them, oldest out): matching every glob list again costs more than the lookup.
 */
function urlFacts(url: string, options: NormalizedRobotsOptions): string {
  let cache = urlFactCaches.get(options);
  if (cache === undefined) urlFactCaches.set(options, (cache = new Map()));
  const known = cache.get(url);
  if (known !== undefined) return known;
  const matches = urlGlobMatcher(url);
  const bit = (globs: readonly string[]): string => (globs.length > 0 && matches(globs) ? '1' : '0');
  let facts = isErrorPage({ url }) ? '1' : bit(options.errorPages);
  // Each glob on its own, an exception by what it names: `/tags/**` with `!/tags/featured/**` is two facts.
  for (const glob of options.noindex.paths) facts += bit([isNegatedGlob(glob) ? glob.slice(1) : glob]);
  for (const rule of options.rules) facts += bit(rule.path);
  for (const rule of options.headers?.rules ?? [])
    facts += bit(typeof rule.path === 'string' ? [rule.path] : rule.path);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(url, facts);
  return facts;
}

/**
 * Whether JSON.stringify writes `value` so that no two different values share a text: only
 * strings, finite numbers, booleans, null, arrays and plain objects (no `undefined`, which it
 * writes as `null` or leaves out), and not too many of them.
 */
function isPlainJson(value: unknown, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], budget)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  // `undefined` properties too are refused: JSON.stringify leaves them out.
  for (const key of Object.keys(value)) if (!isPlainJson((value as Record<string, unknown>)[key], budget)) return false;
  return true;
}
