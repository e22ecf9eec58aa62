import { normalizeOptions, RobotsError, type RobotsOptions } from '@robots-kit/core';
import { createBuildState, resetBuildState } from './build-state.js';
import { CAPTURE_KEY, createPageDataCapture } from './capture-page-data.js';
import { createRobotsTransform } from './create-robots-transform.js';
import type { EleventyConfig, EleventyPageData } from './eleventy-types.js';
import { notIndexableNotice } from './not-indexable-notice.js';
import { PLUGIN_NAME } from './plugin-name.js';
import { reportWarnings } from './report-warnings.js';
import { SUPPORTED_ELEVENTY } from './supported-eleventy.js';

export type { RobotsOptions } from '@robots-kit/core';
export type { EleventyConfig } from './eleventy-types.js';

/**
 * Eleventy plugin: every HTML page gets exactly the robots tags it should carry.
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

  const normalized = normalizeOptions(options, { package: PLUGIN_NAME, source: 'addPlugin options' });
  const pageData = new WeakMap<object, EleventyPageData>();
  const state = createBuildState();

  eleventyConfig.addGlobalData('eleventyComputed', { [CAPTURE_KEY]: createPageDataCapture(pageData) });
  const notice = notIndexableNotice(options, normalized);
  eleventyConfig.on('eleventy.before', () => {
    resetBuildState(state);
    if (notice) reportWarnings([notice], eleventyConfig.logger, state.reported);
  });
  eleventyConfig.addTransform(
    PLUGIN_NAME,
    createRobotsTransform({ options: normalized, pageData, state, logger: () => eleventyConfig.logger }),
  );
}
