import type { NormalizedRobotsOptions, PageToResolve, RobotsOptions, TrailingSlash } from '@robots-kit/core';
import type { ConfigUsage, ConfigUsagePage } from '@robots-kit/core/internal/adapter';
import type { AstroIntegrationLogger } from 'astro';
import type { SiteLocales } from './i18n.js';

/**
 * Where the middleware finds the recorder of the pages `astro build` renders, on `globalThis`
 * (it runs in the same process as the hooks during a build; absent in dev). It records each
 * page as it gives it to `resolvePage`, for the end-of-build warnings about options that
 * matched no page.
 */
export const PAGE_RECORDER = Symbol.for('@robots-kit/astro: pages of the build');

/**
 * Where the middleware puts its warnings during `astro build` (a set: each line once), on
 * `globalThis`; our `astro:build:generated` prints them as whole lines once every page is
 * generated. Absent in dev and on a server, where the middleware logs at once.
 */
export const BUILD_WARNINGS = Symbol.for('@robots-kit/astro: warnings of the build');

/** What the middleware calls, with the page's URL path as served, its collections and data. */
export interface PageRecorder {
  record(page: ConfigUsagePage): void;
}

/**
 * Where the middleware logs each HTML page it resolves (as given to core, with the tags already
 * in its HTML): in `astro dev` for the dev toolbar app (toolbar/server.ts), in `astro build` with
 * `audit: { html }` for the report (audit.ts); absent otherwise.
 */
export const PAGE_LOG = Symbol.for('@robots-kit/astro: pages resolved');

/** What the middleware calls with each page it resolves. */
export interface PageLog {
  record(page: PageToResolve): void;
}

/** What the integration learns in Astro's hooks and its Vite plugin serves to the middleware. */
export interface IntegrationState {
  options: NormalizedRobotsOptions;
  /** The options as the user wrote them: `headers` is validated again by `generateHeaderFiles`. */
  userOptions: RobotsOptions;
  /** Absolute path of the project root. */
  root: string;
  /** Absolute path of `srcDir`: pages and content collections live there. */
  srcDir: string;
  /** Absolute path of `publicDir`: a `robots.txt` there is merged into the generated one. */
  publicDir: string;
  /** Astro's `base` (`/` or e.g. `/docs`): page URLs, sitemap paths and header paths include it. */
  base: string;
  /** Astro's `i18n` locales, when the config has `i18n`: each page's locale comes from its URL (i18n.ts). */
  locales?: SiteLocales;
  /** Astro's `trailingSlash`, for the audit's URL of each built file. */
  trailingSlash: TrailingSlash;
  /** Whether `@astrojs/sitemap` is among the integrations: `sitemap: true` then means `sitemap-index.xml`. */
  hasAstroSitemap: boolean;
  /** Whether our last step runs in our own `astro:build:done` (we are listed last) or after the last integration's (see build-order.ts). */
  lastHook: 'own' | 'other';
  /** The site's own `/robots.txt` route (`src/pages/robots.txt.ts`), from `astro:routes:resolved`: its output is merged, not replaced. */
  robotsTxtRoute?: RobotsTxtRoute;
  /** The integration's own logger (label `@robots-kit/astro`), also for work done inside other hooks. */
  logger: AstroIntegrationLogger;
  /** Route pattern → root-relative entrypoint, from `astro:routes:resolved`. */
  routes: Map<string, string>;
  /** Patterns of endpoint routes (`ep.html.ts`): their responses are never rewritten, whatever their content type. */
  endpoints: string[];
  /** Root-relative content file → the front matter values robots-kit reads; read on first use, again after a change in dev. */
  frontMatter?: Promise<Map<string, Record<string, unknown>>>;
  /** The `onDemand` option, with its defaults: what responses rendered on request carry. */
  onDemand: { header: boolean; metaTags: boolean };
  /** URL path globs (with `base`) of the routes rendered on request, from `astro:routes:resolved`: they have no file in the output. */
  onDemandPaths: string[];
  /** The live collections `src/live.config.*` defines (site-setups.ts): their pages render on request only. */
  liveCollections: string[];
  /** The site's own request pipeline `src/fetch.*`, root-relative, when it has one (site-setups.ts). */
  fetchHandler?: string;
  /** Whether a page of the site's own (not Astro's `/_image` endpoint) renders on request, from `astro:routes:resolved`. */
  onDemandPages: boolean;
  /** Whether the build's output is `server` (a route renders on request), from `astro:config:done`: Astro then streams prerendered pages too. */
  serverOutput: boolean;
  /** In dev: forget the front matter read so far and make the middleware load fresh data. */
  invalidate?: () => void;
  /** The build in progress: which `astro:build:done` steps have run (see `finishBuild`). */
  build?: BuildProgress;
}

/** `astro:build:done` hooks run in the order the integrations are listed; these say which have run. */
export interface BuildProgress {
  /** The output folder, once our `astro:build:done` has run. */
  dir?: string;
  /** The pathnames of the pages Astro built (`astro:build:done`'s `pages`), once our hook has run. */
  pathnames?: readonly string[];
  /** The sitemap index files the wrapped `@astrojs/sitemap` hooks wrote, relative to `dir`. */
  sitemapIndexes: string[];
  /** Which options the pages the middleware recorded (see `PAGE_RECORDER`) met, reported at the end. */
  configUsage?: ConfigUsage;
  /** Which files' robots values the pages took, for the warning about values no page carried (unused-robots.ts). */
  robotsUsage?: RobotsUsage;
  /** The integrations whose `astro:build:done` changed `robots.txt` in the output, in the order they ran. */
  robotsTxtWriters: string[];
  /** Whether the last step (the audit) has run. */
  finished: boolean;
}

/** A route of the site that answers `/robots.txt`. */
export interface RobotsTxtRoute {
  /** Root-relative file, e.g. `src/pages/robots.txt.ts`. */
  entrypoint: string;
  /** Whether the build writes its output as a file (then it is merged) or it answers on request (then it cannot be). */
  prerendered: boolean;
}

/** What the pages of a build took from their own files, noted as the middleware resolves them. */
export interface RobotsUsage {
  /** Root-relative files whose robots value some page took as its own. */
  files: Set<string>;
  /**
   * `Astro.locals.robots` values pages set, as JSON, with the URL paths of those pages: a page
   * that copied its entry's value there carries it (see `carriedThroughLocals`).
   */
  locals: Map<string, string[]>;
}
