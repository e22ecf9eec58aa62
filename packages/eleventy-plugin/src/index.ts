import { normalizeOptions, RobotsError, type RobotsOptions } from '@robots-kit/core';
import { createBuildState, resetBuildState } from './build-state.js';
import { CAPTURE_KEY, createPageDataCapture } from './capture-page-data.js';
import { createAfterBuild } from './create-after-build.js';
import { createRobotsTransform } from './create-robots-transform.js';
import type { EleventyBuildEvent, EleventyConfig, EleventyPageData } from './eleventy-types.js';
import { membershipForBuild } from './membership-for-build.js';
import { notIndexableNotice } from './not-indexable-notice.js';
import { OPTIONS_SOURCE } from './options-source.js';
import { PLUGIN_NAME } from './plugin-name.js';
import { reportWarnings } from './report-warnings.js';
import { registerRobotsTxt } from './robots-txt/register-robots-txt.js';
import { collectionsOfItems } from './sitemap/collections-of-items.js';
import { filterIndexable } from './sitemap/filter-indexable.js';
import { SUPPORTED_ELEVENTY } from './supported-eleventy.js';

export type { RobotsOptions } from '@robots-kit/core';
export type { EleventyConfig } from './eleventy-types.js';
export type { CollectionItemLike } from './sitemap/is-indexable-item.js';
export { robotsIndexable } from './sitemap/robots-indexable.js';

/** The template filter for sitemaps: `{% for item in collections.all | robotsIndexable %}`. */
const FILTER_NAME = 'robotsIndexable';

/**
 * Eleventy plugin: every HTML page gets exactly the robots tags it should carry, and the
 * site its robots.txt, X-Robots-Tag header files and sitemap filter.
 *
 * ```js
 * import robots from '@robots-kit/eleventy';
 * export default function (eleventyConfig) {
 *   eleventyConfig.addPlugin(robots, { noindex: { collections: ['drafts'], paths: ['/tags/**'] } });
 * }
 * ```
 *
 * Options are validated once, here: a typo fails the build before any page renders.
 */
export default function robotsPlugin(eleventyConfig: EleventyConfig, options: RobotsOptions = {}): void {
  if (typeof eleventyConfig?.versionCheck !== 'function') {
    throw new RobotsError({
      code: 'unsupported-eleventy',
      package: PLUGIN_NAME,
      problem: 'this Eleventy is too old (it has no `eleventyConfig.versionCheck`)',
      expected: `Eleventy ${SUPPORTED_ELEVENTY}`,
    });
  }
  eleventyConfig.versionCheck(SUPPORTED_ELEVENTY);

  const normalized = normalizeOptions(options, { package: PLUGIN_NAME, source: OPTIONS_SOURCE });
  const pageData = new WeakMap<object, EleventyPageData>();
  const state = createBuildState();
  const logger = () => eleventyConfig.logger;

  eleventyConfig.addGlobalData('eleventyComputed', { [CAPTURE_KEY]: createPageDataCapture(pageData) });
  const notice = notIndexableNotice(options, normalized);
  eleventyConfig.on('eleventy.before', (event?: EleventyBuildEvent) => {
    resetBuildState(state, event);
    if (notice) reportWarnings([notice], logger(), state.reported);
  });
  eleventyConfig.addTransform(PLUGIN_NAME, createRobotsTransform({ options: normalized, pageData, state, logger }));
  eleventyConfig.addFilter(FILTER_NAME, function robotsIndexableFilter(items: unknown) {
    return filterIndexable(items, normalized, membershipForBuild(state, { collections: collectionsOfItems(items) }), FILTER_NAME);
  });

  const generateRobotsTxt =
    normalized.robotsTxt === false ? undefined : registerRobotsTxt(eleventyConfig, { robotsTxt: normalized.robotsTxt, options: normalized, state, logger });
  eleventyConfig.on('eleventy.after', createAfterBuild({ options: normalized, headers: options.headers, state, generateRobotsTxt, logger }));
}
