/**
 * The URL path a built page is served at: Astro's page `pathname` (`blog/post/`, and `''`
 * for the home page) below `base`, e.g. `/docs/blog/post/`.
 */
export function pageUrl(base: string, pathname: string): string {
  return `${base.replace(/\/+$/, '')}/${pathname.replace(/^\/+/, '')}`;
}
