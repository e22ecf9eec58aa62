import type { RobotsInput, RobotsOptions } from '@robots-kit/core';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { runAudit } from './audit/run-audit.js';
import { LOCALS_TYPES } from './options/locals-types.js';
import { nonIndexableWarning } from './options/non-indexable-warning.js';
import { normalizeAstroOptions } from './options/normalize-astro-options.js';
import { routeFiles } from './options/route-files.js';
import { sameEntries } from './options/same-entries.js';
import { PACKAGE_NAME } from './package-name.js';
import type { IntegrationState } from './state.js';
import { robotsVitePlugin } from './vite/robots-vite-plugin.js';

export type { RobotsInput, RobotsOptions } from '@robots-kit/core';

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
 * demand, carries exactly the robots tags `@robots-kit/core` resolves for it.
 *
 * @param options - The robots-kit options (see the README for each one and its default).
 *   `site` defaults to the Astro config's `site`.
 */
export default function robots(options: RobotsOptions = {}): AstroIntegration {
  let state: IntegrationState | undefined;
  return {
    name: PACKAGE_NAME,
    hooks: {
      'astro:config:setup': ({ config, updateConfig, addMiddleware }) => {
        state = {
          options: normalizeAstroOptions(options, config),
          root: fileURLToPath(config.root),
          srcDir: fileURLToPath(config.srcDir),
          routes: new Map(),
          trailingSlash: config.trailingSlash,
        };
        updateConfig({
          vite: {
            plugins: [robotsVitePlugin(state)],
            // The middleware imports a virtual module, so Vite must bundle it rather than leave it to Node.
            ssr: { noExternal: [PACKAGE_NAME] },
          },
        });
        addMiddleware({ order: 'post', entrypoint: `${PACKAGE_NAME}/middleware` });
      },
      'astro:config:done': ({ config, injectTypes }) => {
        injectTypes({ filename: 'locals.d.ts', content: LOCALS_TYPES });
        if (state) state.trailingSlash = config.trailingSlash;
      },
      'astro:routes:resolved': ({ routes }) => {
        if (!state) return;
        const files = routeFiles(routes);
        if (sameEntries(files, state.routes)) return;
        state.routes = files;
        state.invalidate?.();
      },
      'astro:build:start': ({ logger }) => {
        if (state && !state.options.indexable) logger.warn(nonIndexableWarning(options));
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (state?.options.audit) await runAudit(fileURLToPath(dir), state.options.site, state.trailingSlash, logger);
      },
    },
  };
}
