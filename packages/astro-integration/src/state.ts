import type { NormalizedRobotsOptions, TrailingSlash } from '@robots-kit/core';

/** What the integration learns in Astro's hooks and its Vite plugin serves to the middleware. */
export interface IntegrationState {
  options: NormalizedRobotsOptions;
  /** Absolute path of the project root. */
  root: string;
  /** Absolute path of `srcDir`: pages and content collections live there. */
  srcDir: string;
  /** Astro's `trailingSlash`, for the audit's URL of each built file. */
  trailingSlash: TrailingSlash;
  /** Route pattern → root-relative entrypoint, from `astro:routes:resolved`. */
  routes: Map<string, string>;
  /** Root-relative content file → its own directives; read on first use, again after a change in dev. */
  frontMatter?: Promise<Map<string, unknown>>;
  /** In dev: forget the front matter read so far and make the middleware load fresh data. */
  invalidate?: () => void;
}
