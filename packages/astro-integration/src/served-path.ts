/**
 * The URL path a response is served at, as the options' globs and locales are matched against
 * it: the path requested (not the page rendered in its place after a rewrite), in the form hosts
 * serve it (`/about`, not the `/about.html` a `build.format: 'file'` build renders).
 */
import type { APIContext } from 'astro';

/**
 * The URL path the response is served at. After a rewrite (a page's `Astro.rewrite()`,
 * middleware's `next('/other')`, an i18n fallback with `fallbackType: 'rewrite'`) `context.url`
 * is the page rendered in its place, but the rules and the locale are those of the path
 * requested, which Astro keeps as `originPathname`: without `base`, decoded, its trailing slash
 * as the config writes URLs. It is taken only when it names another page than `context.url`.
 */
export function requestedPathname(context: Pick<APIContext, 'url' | 'originPathname'>, base: string): string {
  const pathname = context.url.pathname;
  const origin = context.originPathname;
  if (!origin || !origin.startsWith('/')) return pathname;
  const prefix = base.replace(/\/+$/, '');
  let current = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
  try {
    current = decodeURI(current);
  } catch {
    // A malformed escape: compared as it is.
  }
  if (pageKey(current) === pageKey(origin)) return pathname;
  // Encoded as the URL parser encodes a path, which is how `context.url.pathname` comes. With
  // `build.format: 'file'` and `trailingSlash: 'always'` Astro writes `/about.html/`: the file's path is meant.
  const path = origin.replace(/\.html\/+$/, '.html').replace(/[?#]/g, encodeURIComponent);
  return new URL(`${prefix}${path}`, context.url).pathname;
}
/** A path with no trailing slash, `.html` or `/index`: the forms one page is requested by. */
function pageKey(path: string): string {
  return path
    .replace(/\/+$/, '')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
}

/**
 * The URL path the page is served at, the path globs are matched against: the same in `astro
 * dev` and in the build, whatever `build.format`. Prerendering with `build.format: 'file'` (or
 * `'preserve'`) renders `/about` as `/about.html` and `/` as `/index.html`; hosts serve them
 * at `/about` and `/`. A route whose own pattern ends in `.html` keeps it.
 */
export function servedPath(pathname: string, routePattern: string): string {
  if (!pathname.endsWith('.html') || routePattern.endsWith('.html')) return pathname;
  const path = pathname.slice(0, -'.html'.length);
  return path.endsWith('/index') ? path.slice(0, -'index'.length) : path;
}
