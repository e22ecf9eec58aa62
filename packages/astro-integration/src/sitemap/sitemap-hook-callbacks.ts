import { fileURLToPath } from 'node:url';
import { finishBuild } from '../build/finish-build.js';
import type { IntegrationState } from '../state.js';
import { readWrittenSitemaps } from './read-written-sitemaps.js';
import { getSitemapContext } from './sitemap-context.js';
import { sitemapWarnings } from './sitemap-warnings.js';
import type { SitemapHookCallbacks } from './wrap-astro-sitemap.js';
import { changedFiles, xmlFileStamps } from './xml-file-stamps.js';

/**
 * What runs around `@astrojs/sitemap`'s `astro:build:done`: before it, note the output folder
 * (for `robotsSitemapFilter`) and the `.xml` files already there; after it, read the sitemap
 * files it wrote and warn about every noindex or error page they list, then finish the build
 * if our own hook has run. A non-indexable build is not checked: every page is noindex there.
 */
export function sitemapHookCallbacks(getState: () => IntegrationState | undefined): SitemapHookCallbacks<Map<string, string>> {
  return {
    async before({ dir }) {
      const path = fileURLToPath(dir);
      const context = getSitemapContext();
      if (context) context.dir = path;
      return xmlFileStamps(path);
    },
    async after({ dir }, before) {
      const state = getState();
      if (!state) return;
      const path = fileURLToPath(dir);
      const context = getSitemapContext();
      if (context && state.options.indexable) {
        const written = changedFiles(before, await xmlFileStamps(path));
        const listings = await readWrittenSitemaps(path, state.base, written);
        for (const line of sitemapWarnings(listings, context)) state.logger.warn(line);
      }
      if (state.build) state.build.sitemapsPending = Math.max(0, state.build.sitemapsPending - 1);
      await finishBuild(state);
    },
  };
}
