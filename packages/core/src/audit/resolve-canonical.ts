import type { SiteUrl } from './site-url.js';
import { urlToSitePath } from './url-to-site-path.js';

/** Stands in for the origin when the site is unknown, so relative links still resolve. */
const PLACEHOLDER_ORIGIN = 'http://robots-kit.invalid';

/**
 * The canonical link of a page at `pageUrl`, resolved against `<base href>` and the page:
 * `href` absolute (or a path when the site is unknown), `path` when it points into the site.
 */
export function resolveCanonical(
  href: string,
  pageUrl: string,
  baseHref: string | undefined,
  site: SiteUrl | undefined,
): { href: string; path?: string } | undefined {
  try {
    let base = new URL(pageUrl, site?.origin ?? PLACEHOLDER_ORIGIN);
    if (baseHref !== undefined) base = new URL(baseHref, base);
    const url = new URL(href, base);
    const onPlaceholder = url.origin === PLACEHOLDER_ORIGIN;
    const path = onPlaceholder ? url.pathname : urlToSitePath(url.href, site);
    const shown = onPlaceholder ? url.pathname + url.search : url.href;
    return path === undefined ? { href: shown } : { href: shown, path };
  } catch {
    return undefined;
  }
}
