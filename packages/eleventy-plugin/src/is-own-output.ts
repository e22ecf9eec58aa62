import type { EleventyTransformContext } from './eleventy-types.js';

/**
 * Whether a transform call is Eleventy transforming a page's own output. The
 * `renderTransforms` filter, which `@11ty/eleventy-plugin-rss` runs on each feed entry's
 * content under the post's `page`, passes the feed's base URL as `baseHref`; Eleventy's
 * own call (src/Template.js `runTransforms`) passes none.
 */
export function isOwnOutput(context: Partial<EleventyTransformContext> | undefined): boolean {
  return context?.baseHref === undefined;
}
