import { AstroError } from 'astro/errors';
import { PACKAGE_NAME } from '../package-name.js';
import { sitemapExclusion } from './sitemap-exclusion.js';
import { getSitemapContext } from './sitemap-context.js';

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
