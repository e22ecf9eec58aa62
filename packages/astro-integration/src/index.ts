/**
 * The integration itself: `robots()` returns the `{ name, hooks }` Astro runs. Its hooks
 * validate the options, collect what the other modules need (state.ts) and wire them in:
 * the Vite plugin, the middleware, the sitemap checks and the build's last steps.
 */
// `@robots-kit/core/internal/build`, not the main entry: no zod, no audit, no reports on a build that does not use them (issue 21).
import {
  DEFAULTS,
  detectIndexable,
  normalizeOptions,
  RobotsError,
  suggest,
  type NormalizedRobotsOptions,
  type RobotsOptions,
} from '@robots-kit/core/internal/build';
import type { RobotsInput } from '@robots-kit/core';
import type { AstroConfig, AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { fileURLToPath } from 'node:url';
import { finishBuild, onBuildDone, onBuildStart, printPageWarnings } from './build-done.js';
import { OPTIONS_HINT, PACKAGE_NAME, toAstroError } from './errors.js';
import { onDemandGlobs, splitAstroOptions, type AstroRobotsOptions } from './on-demand.js';
import { checkRobotsTxtRoute, generateAstroRobotsTxt, siteRobotsTxtRoute } from './robots-txt.js';
import { watchBuildDoneHooks } from './build-order.js';
import { rootRelativePath } from './front-matter.js';
import { customFetchHandler, fetchHandlerWarning, liveCollectionNames } from './site-setups.js';
import { ASTRO_SITEMAP, createPageTagsCache, setSitemapContext } from './sitemap.js';
import { BUILD_WARNINGS, type IntegrationState } from './state.js';
import { robotsVitePlugin } from './vite-plugin.js';
import { serveToolbarApp, toolbarAppEntry } from './toolbar/server.js';
import { describeLocales, localeNames, siteLocales, unknownLocales, type SiteLocales } from './i18n.js';

export type { RobotsInput } from '@robots-kit/core';
export type { AstroRobotsOptions as RobotsOptions, OnDemandOptions } from './on-demand.js';
export { robotsSitemapFilter } from './sitemap.js';

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
export default function robots(options: AstroRobotsOptions = {}): AstroIntegration {
  let state: IntegrationState | undefined;
  const getState = (): IntegrationState | undefined => state;
  return {
    name: PACKAGE_NAME,
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, addMiddleware, addDevToolbarApp, command, logger }) => {
        const { core, onDemand } = splitAstroOptions(options);
        const normalized = normalizeAstroOptions(core, config);
        const locales = checkedLocales(normalized, config.i18n);
        state = {
          options: normalized,
          ...(locales ? { locales } : {}),
          userOptions: core,
          onDemand,
          onDemandPaths: [],
          onDemandPages: false,
          liveCollections: liveCollectionNames(fileURLToPath(config.srcDir)),
          serverOutput: false,
          endpoints: [],
          root: fileURLToPath(config.root),
          srcDir: fileURLToPath(config.srcDir),
          publicDir: fileURLToPath(config.publicDir),
          base: config.base,
          routes: new Map(),
          trailingSlash: config.trailingSlash,
          hasAstroSitemap: config.integrations.some((integration) => integration.name === ASTRO_SITEMAP),
          lastHook: 'own',
          logger,
        };
        const fetchHandler = customFetchHandler(state.srcDir);
        if (fetchHandler) {
          state.fetchHandler = rootRelativePath(state.root, fetchHandler);
          if (command === 'dev') logger.warn(fetchHandlerWarning(state.fetchHandler));
        }
        updateConfig({
          vite: {
            // Also keeps the middleware bundled in every environment that renders pages (vite-plugin.ts).
            plugins: [robotsVitePlugin(state)],
          },
        });
        // The package's `./middleware` export (src/middleware.ts), resolved by Astro from the site's root.
        addMiddleware({ order: 'post', entrypoint: `${PACKAGE_NAME}/middleware` });
        // What robots-kit decided for the page on screen, and why (toolbar/).
        if (command === 'dev') {
          // A build that failed in this process (a test runner) left its warning list behind: dev logs at once.
          delete (globalThis as Record<symbol, unknown>)[BUILD_WARNINGS];
          addDevToolbarApp(toolbarAppEntry());
        }
        // `audit: { html }`: the report also says where each page's directives came from.
        // The audit's module (with core's audit and reports) loads only when the options ask for it.
        else if (command === 'build' && typeof state.options.audit === 'object')
          (await import('./audit.js')).explainPagesForReport(getState);
      },
      'astro:config:done': async ({ config, injectTypes, buildOutput }) => {
        injectTypes({ filename: 'locals.d.ts', content: LOCALS_TYPES });
        if (!state) return;
        // A theme may set `site` in its own setup, after ours: the options read it from the final config.
        if (state.userOptions.site === undefined && config.site !== undefined && state.options.site !== config.site)
          state.options = await normalizeAstroOptions(state.userOptions, config);
        state.trailingSlash = config.trailingSlash;
        state.base = config.base;
        state.serverOutput = buildOutput === 'server';
        // Another integration may have changed `i18n` in its own setup: checked again on the final config.
        const locales = checkedLocales(state.options, config.i18n);
        if (locales) state.locales = locales;
        else delete state.locales;
        state.options = optionsBelowBase(state.options, config.base);
        // Integrations may add others in their own setup (Starlight adds @astrojs/sitemap): the list is final only now.
        state.hasAstroSitemap = config.integrations.some((integration) => integration.name === ASTRO_SITEMAP);
        // Our last step runs after every other integration's `astro:build:done`, wherever robots() is listed.
        state.lastHook = watchBuildDoneHooks(config.integrations, getState, finishBuild);
        // robots.txt problems (a relative sitemap without `site`, a conflict with public/robots.txt) stop the start, not the end, of a build.
        await generateAstroRobotsTxt(state);
        setSitemapContext({
          dir: fileURLToPath(buildOutput === 'server' ? config.build.client : config.outDir),
          base: config.base,
          options: state.options,
          ...(state.locales ? { locales: state.locales } : {}),
          tags: createPageTagsCache(),
          starlight: config.integrations.some((integration) => integration.name === STARLIGHT),
        });
      },
      'astro:routes:resolved': ({ routes }) => {
        if (!state) return;
        state.onDemandPaths = onDemandGlobs(routes, state.base);
        state.onDemandPages = routes.some(
          (route) => !route.isPrerendered && route.type === 'page' && route.origin === 'project',
        );
        state.endpoints = routes.filter((route) => route.type === 'endpoint').map((route) => route.pattern);
        const robotsTxtRoute = siteRobotsTxtRoute(routes);
        if (robotsTxtRoute) state.robotsTxtRoute = robotsTxtRoute;
        else delete state.robotsTxtRoute;
        const files = routeFiles(routes);
        if (sameEntries(files, state.routes)) return;
        state.routes = files;
        state.invalidate?.();
      },
      'astro:server:setup': ({ server, toolbar }) => serveToolbarApp(server, toolbar, getState),
      'astro:build:start': ({ logger }) => {
        if (!state) return;
        if (!state.options.indexable) logger.warn(nonIndexableWarning(options));
        checkRobotsTxtRoute(state);
        // Only pages rendered on request go through src/fetch.ts in production.
        if (state.fetchHandler && state.onDemandPages) logger.warn(fetchHandlerWarning(state.fetchHandler));
        onBuildStart(state);
      },
      'astro:build:generated': () => {
        if (state) printPageWarnings(state);
      },
      'astro:build:done': async ({ dir, pages }) => {
        if (state)
          await onBuildDone(
            state,
            fileURLToPath(dir),
            pages.map((page) => page.pathname),
          );
      },
    },
  };
}

/**
 * Validates the user's options once, when Astro sets up the integration. `site` comes from
 * the Astro config unless the options set it; `indexable` is detected from the environment
 * of the `astro` process (see `detectIndexable`).
 */
function normalizeAstroOptions(options: RobotsOptions, config: Pick<AstroConfig, 'site'>): NormalizedRobotsOptions {
  const withSite = options.site === undefined && config.site ? { ...options, site: config.site } : options;
  try {
    return normalizeOptions(withSite, { package: PACKAGE_NAME, source: 'robots() options', env: process.env });
  } catch (error) {
    throw toAstroError(error, OPTIONS_HINT);
  }
}

/**
 * The site's locales from Astro's `i18n`, after checking that every locale the options name
 * (`noindex.locales`, `rules[].locales`) is one of them: a locale the site does not have would
 * match no page, silently, so it stops the build with the locales the site has.
 */
function checkedLocales(options: NormalizedRobotsOptions, i18n: AstroConfig['i18n']): SiteLocales | undefined {
  const site = siteLocales(i18n);
  const [unknown] = unknownLocales(options, site);
  if (!unknown) return site;
  const suggestion = suggest(unknown.value, localeNames(site));
  const error = new RobotsError({
    code: 'unknown-locale',
    source: 'robots() options',
    key: unknown.key,
    value: unknown.value,
    problem: site
      ? "the Astro config's `i18n.locales` has no locale"
      : 'the Astro config has no `i18n`, so no page has the locale',
    expected: site
      ? `a path or code of \`i18n.locales\`: ${describeLocales(site)}`
      : "`i18n: { locales: ['en', 'de'], defaultLocale: 'en' }` in the Astro config, or a path rule such as `/de/**`",
    ...(suggestion ? { suggestion } : {}),
  });
  throw toAstroError(error, OPTIONS_HINT);
}

/** The name Starlight registers with. */
const STARLIGHT = '@astrojs/starlight';

/**
 * Path globs (`noindex.paths`, `rules[].path`, `errorPages`) are written below Astro's `base`,
 * as the routes in `src/pages` are: with `base: '/docs'`, `/tags/**` is for `/docs/tags/…`,
 * and the same options work wherever the site is deployed. The middleware and the sitemap
 * filter match the URL a page is served at, which includes the base, so the globs get it too.
 */
function optionsBelowBase(options: NormalizedRobotsOptions, base: string): NormalizedRobotsOptions {
  const prefix = base.replace(/\/+$/, '');
  if (prefix === '') return options;
  // An exception keeps its `!` in front: `!/tags/featured/**` is `!/docs/tags/featured/**`.
  const below = (glob: string): string =>
    glob.startsWith('!') ? `!${below(glob.slice(1))}` : `${prefix}${glob.startsWith('/') ? '' : '/'}${glob}`;
  const moved = {
    ...options,
    noindex: { ...options.noindex, paths: options.noindex.paths.map(below) },
    rules: options.rules.map((rule) => ({ ...rule, path: rule.path.map(below) })),
    errorPages: options.errorPages.map(below),
    // The pages of `links` and `nosnippet` rules too (a link's target `paths` are matched as the link is written).
    ...(options.links
      ? {
          links: {
            ...options.links,
            rules: options.links.rules.map((rule) => ({ ...rule, pages: rule.pages.map(below) })),
          },
        }
      : {}),
    ...(options.nosnippet
      ? {
          nosnippet: {
            ...options.nosnippet,
            rules: options.nosnippet.rules.map((rule) => ({ ...rule, pages: rule.pages.map(below) })),
          },
        }
      : {}),
  };
  // Validated already; normalizing marks the new object as normalized for core.
  return normalizeOptions(moved, { package: PACKAGE_NAME, source: 'robots() options' });
}

/**
 * Injected into `.astro/` at `astro:config:done`, so `Astro.locals.robots` typechecks in
 * every project that uses the integration, without an import in `env.d.ts`. The type is
 * imported from `@robots-kit/astro`, the package the project depends on directly.
 */
const LOCALS_TYPES = `declare namespace App {
  interface Locals {
    /** This page's own robots directives, merged with the site's rules by @robots-kit/astro. */
    robots?: import('@robots-kit/astro').RobotsInput;
  }
}
`;

/** Route pattern → root-relative file that renders it; the first route wins, as in Astro's own matching. */
function routeFiles(routes: readonly IntegrationResolvedRoute[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const route of routes) {
    if (!files.has(route.pattern)) files.set(route.pattern, route.entrypoint);
  }
  return files;
}

/** Whether two maps hold the same keys with the same values, in any order. */
function sameEntries<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    if (!b.has(key) || b.get(key) !== value) return false;
  }
  return true;
}

/** The one line a non-indexable build prints, with the reason, so a preview build is never mistaken for production. */
function nonIndexableWarning(userOptions: RobotsOptions): string {
  const reason = userOptions.indexable === false ? 'option `indexable: false`' : detectIndexable(process.env).reason;
  return `This build is not indexable (${reason}): every page gets \`${DEFAULTS.nonIndexable}\`.`;
}
