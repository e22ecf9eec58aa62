import type { SiteUrl } from './site-url.js';

/**
 * The path of an absolute URL on the site, including the base path (`/docs/a/`), or undefined
 * when the URL is not http(s) or is on another origin or outside the base path. Without a
 * known site every http(s) URL counts as the site's.
 */
export function urlToSitePath(url: string, site: SiteUrl | undefined): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (site === undefined) return parsed.pathname;
  if (parsed.origin !== site.origin) return undefined;
  const { pathname } = parsed;
  if (site.basePath !== '' && pathname !== site.basePath && !pathname.startsWith(`${site.basePath}/`)) return undefined;
  return pathname;
}
