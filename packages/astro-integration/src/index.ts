import type { RobotsInput, RobotsOptions } from '@robots-kit/core';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { createPageTagsCache } from './build/page-tags-cache.js';
import { onBuildDone } from './build/on-build-done.js';
import { LOCALS_TYPES } from './options/locals-types.js';
import { nonIndexableWarning } from './options/non-indexable-warning.js';
import { normalizeAstroOptions } from './options/normalize-astro-options.js';
import { routeFiles } from './options/route-files.js';
import { sameEntries } from './options/same-entries.js';
import { PACKAGE_NAME } from './package-name.js';
import { generateAstroRobotsTxt } from './robots-txt/generate-astro-robots-txt.js';
import { setSitemapContext } from './sitemap/sitemap-context.js';
import { sitemapHookCallbacks } from './sitemap/sitemap-hook-callbacks.js';
import { ASTRO_SITEMAP, wrapAstroSitemap } from './sitemap/wrap-astro-sitemap.js';
import type { IntegrationState } from './state.js';
import { robotsVitePlugin } from './vite/robots-vite-plugin.js';

export type { RobotsInput, RobotsOptions } from '@robots-kit/core';
export { robotsSitemapFilter } from './sitemap/robots-sitemap-filter.js';

declare global {
  namespace App {
    interface Locals {
      /** This page's own robots directives, merged with the site's rules by @robots-kit/astro. */
      robots?: RobotsInput;
    }
  }
}

/**
 * The Astro integration: every page the site renders, in `astro build`, `astro dev` and on
 * demand, carries exactly the robots tags `@robots-kit/core` resolves for it; `astro build`
 * also writes robots.txt and the X-Robots-Tag header files, and `astro dev` serves robots.txt.
 *
 * @param options - The robots-kit options (see the README for each one and its default).
 *   `site` defaults to the Astro config's `site`.
 */
export default function robots(options: RobotsOptions = {}): AstroIntegration {
  let state: IntegrationState | undefined;
  const getState = (): IntegrationState | undefined => state;
  return {
    name: PACKAGE_NAME,
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, addMiddleware, logger }) => {
        state = {
          options: normalizeAstroOptions(options, config),
          userOptions: options,
          root: fileURLToPath(config.root),
          srcDir: fileURLToPath(config.srcDir),
          publicDir: fileURLToPath(config.publicDir),
          base: config.base,
          routes: new Map(),
          trailingSlash: config.trailingSlash,
          hasAstroSitemap: config.integrations.some((integration) => integration.name === ASTRO_SITEMAP),
          sitemapHooks: wrapAstroSitemap(config.integrations, sitemapHookCallbacks(getState)),
          logger,
        };
        // robots.txt problems (a relative sitemap without `site`, a conflict with public/robots.txt) stop the start, not the end, of a build.
        await generateAstroRobotsTxt(state);
        updateConfig({
          vite: {
            plugins: [robotsVitePlugin(state)],
            // The middleware imports a virtual module, so Vite must bundle it rather than leave it to Node.
            ssr: { noExternal: [PACKAGE_NAME] },
          },
        });
        addMiddleware({ order: 'post', entrypoint: `${PACKAGE_NAME}/middleware` });
      },
      'astro:config:done': ({ config, injectTypes, buildOutput }) => {
        injectTypes({ filename: 'locals.d.ts', content: LOCALS_TYPES });
        if (!state) return;
        state.trailingSlash = config.trailingSlash;
        state.base = config.base;
        setSitemapContext({
          dir: fileURLToPath(buildOutput === 'server' ? config.build.client : config.outDir),
          base: config.base,
          options: state.options,
          tags: createPageTagsCache(),
        });
      },
      'astro:routes:resolved': ({ routes }) => {
        if (!state) return;
        const files = routeFiles(routes);
        if (sameEntries(files, state.routes)) return;
        state.routes = files;
        state.invalidate?.();
      },
      'astro:build:start': ({ logger }) => {
        if (!state) return;
        if (!state.options.indexable) logger.warn(nonIndexableWarning(options));
        state.build = { sitemapsPending: state.sitemapHooks, finished: false };
      },
      'astro:build:done': async ({ dir, pages }) => {
        if (state) await onBuildDone(state, fileURLToPath(dir), pages.map((page) => page.pathname));
      },
    },
  };
}
