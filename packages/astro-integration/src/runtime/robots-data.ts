import type { NormalizedRobotsOptions } from '@robots-kit/core';

/**
 * What the integration hands to its middleware through a Vite virtual module: plain JSON,
 * because functions and class instances do not survive the middleware bundle.
 */
export interface RobotsData {
  /** The options, validated and with defaults, at `astro:config:setup`. */
  options: NormalizedRobotsOptions;
  /** Route pattern (`/blog/[slug]`) → the root-relative file that renders it (`src/pages/blog/[slug].astro`). */
  routes: Record<string, string>;
  /** Root-relative file → its own directives, for the content files whose front matter has the key. */
  frontMatter: Record<string, unknown>;
}
