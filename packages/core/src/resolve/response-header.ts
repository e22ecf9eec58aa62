/**
 * X-Robots-Tag for a response a server renders on request: the header values come from the
 * same resolution that gives the page's meta tags (the header rules matched on the URL path
 * included), plus the header the route set itself, in the syntax of Google's specification
 * (`noindex, follow`, then `googlebot: nofollow` for one crawler). Non-HTML responses (a PDF,
 * JSON) get the path rules alone. No validation code here: it runs on every request, from the
 * runtime entry, with options normalized at build time.
 */
import { ALL_CRAWLERS_META_NAME } from '../directives/vocabulary.js';
import type { RobotsWarning } from '../errors.js';
import { matchesAnyGlob } from '../glob.js';
import type { NormalizedRobotsOptions } from '../options/schema.js';
import { cachedResolution } from './resolution-cache.js';
import { CONTENT_USAGE, contentUsageValue, mergeContentUsage } from '../directives/vocabulary.js';
import { isErrorPage, resolvePageTags, type PageToResolve } from './resolve-page.js';

/** The header's name as the specification writes it (HTTP header names are case-insensitive). */
export const X_ROBOTS_TAG = 'X-Robots-Tag';
/** The AI Preferences header, `Content-Usage: train-ai=n` (from `headers.contentUsage` and the rules' `contentUsage`). */
export { CONTENT_USAGE };

/** What a server knows about one response, besides the page's own sources. */
export interface ResponseToResolve {
  /**
   * HTML pages resolve like built pages (their own directives, rules, header rules, existing
   * tags…); anything else gets the path rules (`rules`, `headers.rules`) only.
   */
  kind: 'html' | 'other';
  /**
   * The X-Robots-Tag the route set itself, as `Headers.get` returns it (several headers joined
   * with `, `): merged, most restrictive wins, so that the response carries each directive once.
   * Default: none.
   */
  routeHeader?: string | null;
}

/** Frozen, and shared by every call with the same sources: resolutions are remembered (resolution-cache.ts). */
export interface ResolvedResponse {
  /** The meta tags the page carries (`{}` for anything but a 2xx HTML page). */
  readonly tags: Readonly<Record<string, string>>;
  /**
   * The X-Robots-Tag values, one per audience, `robots` directives first: `['noindex, follow',
   * 'googlebot: nofollow']`. Empty for error statuses and when nothing is restricted.
   */
  readonly header: readonly string[];
  /**
   * The `Content-Usage` value (`train-ai=n`): `headers.contentUsage`, then the matching rules'
   * `contentUsage` in option order, a later term replacing an earlier one. Unset for error
   * statuses and when no preference applies.
   */
  readonly contentUsage?: string;
  readonly warnings: readonly RobotsWarning[];
}

/**
 * The meta tags and the X-Robots-Tag values of one response rendered on request. `page.status`
 * decides first: 4xx and 5xx responses (and error pages) get neither. For HTML, the meta tags
 * are the page's resolution (header rules included) and the header is that resolution with the
 * route's own header added; for anything else the header holds `rules` and header rules matched
 * on the URL path, the route's own header, and `noindex, nofollow` in a non-indexable build.
 */
export function resolveResponse(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  response: ResponseToResolve,
): ResolvedResponse {
  const scope = { kind: response.kind, routeHeader: response.routeHeader };
  return cachedResolution(
    page,
    options,
    scope,
    () => {
      const resolved = resolveUncached(page, options, response);
      Object.freeze(resolved.tags);
      Object.freeze(resolved.header);
      for (const warning of resolved.warnings) Object.freeze(warning);
      Object.freeze(resolved.warnings);
      return Object.freeze(resolved);
    },
    resolutionExpiry,
  );
}

/** `unavailable_after: <date>` as resolution writes it into a tag (directives/reconcile.ts). */
const UNAVAILABLE_AFTER = /unavailable_after: ([^,]+)/g;

/**
 * Until when a resolution holds: the earliest `unavailable_after` date still ahead in its tags or
 * header (once it passes, the page loses its extra Googlebot tag), else for ever.
 */
function resolutionExpiry(resolved: ResolvedResponse): number {
  let expires = Number.POSITIVE_INFINITY;
  const now = Date.now();
  for (const text of [...Object.values(resolved.tags), ...resolved.header])
    for (const match of text.matchAll(UNAVAILABLE_AFTER)) {
      const date = Date.parse(match[1]!);
      if (date > now && date < expires) expires = date;
    }
  return expires;
}

function resolveUncached(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  response: ResponseToResolve,
): ResolvedResponse {
  if (isErrorPage(page, options.errorPages)) return { tags: {}, header: [], warnings: [] };
  const usage = contentUsageFor(page.url, options);
  const resolved = resolveHeaders(page, options, response);
  return usage === undefined ? resolved : { ...resolved, contentUsage: usage };
}

/** The Content-Usage value of a URL: the site-wide preferences, then each matching rule's (issue 40). */
function contentUsageFor(url: string, options: NormalizedRobotsOptions): string | undefined {
  const matching = (options.headers?.rules ?? []).filter(
    (rule) =>
      rule.contentUsage !== undefined && matchesAnyGlob(url, typeof rule.path === 'string' ? [rule.path] : rule.path),
  );
  return contentUsageValue(
    mergeContentUsage(options.headers?.contentUsage, ...matching.map((rule) => rule.contentUsage)),
  );
}

function resolveHeaders(
  page: PageToResolve,
  options: NormalizedRobotsOptions,
  response: ResponseToResolve,
): ResolvedResponse {
  const route = routeHeaderSource(response.routeHeader, page.source ?? page.url);
  if (response.kind === 'other') {
    const resolved = resolvePageTags(
      { ...page, data: undefined, collections: undefined, existing: undefined, own: route },
      pathRulesOnly(options),
    );
    return { tags: {}, header: robotsHeaderValues(resolved.tags), warnings: resolved.warnings };
  }
  // The page's resolution already holds the header rules that match its URL (resolve-page.ts).
  const meta = resolvePageTags(page, options);
  if (route.length === 0) return { tags: meta.tags, header: robotsHeaderValues(meta.tags), warnings: meta.warnings };
  // Warnings of the page's own sources are already in `meta`: only those of the route's header are new.
  const withHeaders = resolvePageTags({ ...page, own: [...(page.own ?? []), ...route] }, options);
  const known = new Set(meta.warnings.map((warning) => warning.message));
  return {
    tags: meta.tags,
    header: robotsHeaderValues(withHeaders.tags),
    warnings: [...meta.warnings, ...withHeaders.warnings.filter((warning) => !known.has(warning.message))],
  };
}

/**
 * Meta tags as X-Robots-Tag values: the `robots` content as is, then `name: content` for each
 * crawler, in the order resolution gives them. A host that joins them into one line
 * (`noindex, googlebot: nofollow`) keeps the meaning: a crawler prefix scopes what follows it.
 */
export function robotsHeaderValues(tags: Readonly<Record<string, string>>): string[] {
  const values: string[] = [];
  const all = tags[ALL_CRAWLERS_META_NAME];
  if (all) values.push(all);
  for (const [name, content] of Object.entries(tags)) {
    if (name !== ALL_CRAWLERS_META_NAME && content) values.push(`${name}: ${content}`);
  }
  return values;
}

/**
 * The route's own header as a source. Not the user's robots-kit input, so an unknown token in
 * it warns rather than failing the response, as a theme's hard-coded meta tag does.
 */
function routeHeaderSource(value: string | null | undefined, source: string): NonNullable<PageToResolve['own']> {
  if (value === undefined || value === null || value.trim() === '') return [];
  return [{ robots: value, source: `${source} (its own ${X_ROBOTS_TAG} header)`, key: X_ROBOTS_TAG, strict: false }];
}

/**
 * The options as they apply to a file that is not a page: its URL path rules (`rules` and
 * `headers.rules`) and the non-indexable switch. `defaults`, content types
 * and the extra Googlebot tag describe pages, and the header files of static hosts leave them
 * out for files too.
 */
function pathRulesOnly(options: NormalizedRobotsOptions): NormalizedRobotsOptions {
  const { defaults: _pageDefaults, ...rest } = options;
  return { ...rest, noindex: { collections: [], paths: [], data: {} }, googlebot: false };
}
