/**
 * The plugin function Eleventy calls: checks the Eleventy version, validates the options
 * once, and wires the page-data capture, the transform, the sitemap filter, robots.txt and
 * the after-build steps into Eleventy.
 */
import {
  detectIndexable,
  loadTemplateParser,
  normalizeOptions,
  RobotsError,
  type NormalizedRobotsOptions,
  type RobotsOptions,
} from '@robots-kit/core/internal/build';
import { createAfterBuild } from './after-build.js';
import { registerAuditReport } from './dev-report.js';
import { OPTIONS_SOURCE, PLUGIN_NAME, reportWarnings } from './messages.js';
import {
  CAPTURE_KEY,
  createBuildState,
  createPageDataCapture,
  createPageDataPreprocessor,
  resetBuildState,
} from './page-data.js';
import { registerRobotsTxt } from './robots-txt.js';
import { createRobotsIndexableFilter, FILTER_NAME, robotsIndexable } from './sitemap.js';
import { createRobotsTransform } from './transform.js';
import type { EleventyBuildEvent, EleventyConfig, EleventyPageData } from './types.js';

/** The Eleventy versions this plugin is built and tested for (matches `11ty.compatibility` in package.json). */
const SUPPORTED_ELEVENTY = '>=3.0';

/**
 * The build-log line for a build whose pages are all kept out of search engines,
 * with the reason; `undefined` for an indexable build.
 */
function notIndexableNotice(
  userOptions: { indexable?: unknown } | undefined,
  options: NormalizedRobotsOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (options.indexable) return undefined;
  const reason =
    userOptions?.indexable === false ? '`indexable: false` in the plugin options' : detectIndexable(env).reason;
  return `this build is not indexable (${reason}): every page gets \`noindex, nofollow\`.`;
}

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
 * Options are validated once, here, by core's options schema: a typo fails the build before any
 * page renders. Synchronous, and returns nothing.
 */
export function robotsPlugin(eleventyConfig: EleventyConfig, options: RobotsOptions = {}): void {
  if (typeof eleventyConfig?.versionCheck !== 'function') {
    throw new RobotsError({
      code: 'unsupported-eleventy',
      package: PLUGIN_NAME,
      problem: 'this Eleventy is too old (it has no `eleventyConfig.versionCheck`)',
      expected: `Eleventy ${SUPPORTED_ELEVENTY}`,
    });
  }
  eleventyConfig.versionCheck(SUPPORTED_ELEVENTY);
  // A second `addPlugin` would register a second transform, filter and robots.txt beside the
  // first, each with its own options, and one set would quietly win: said instead.
  // Known by our transform, which a reset of the config (a `--serve` reload of it) clears.
  const transforms = (eleventyConfig as { transforms?: unknown }).transforms;
  if (typeof transforms === 'object' && transforms !== null && Object.hasOwn(transforms, PLUGIN_NAME)) {
    throw new RobotsError({
      code: 'plugin-added-twice',
      package: PLUGIN_NAME,
      source: OPTIONS_SOURCE,
      problem:
        'the plugin is added twice to the same Eleventy config, each time with its own options, of which only one set could apply',
      expected: 'one `eleventyConfig.addPlugin(robots, options)` call with all the options',
    });
  }

  wirePlugin(eleventyConfig, options, normalizeOptions(options, { package: PLUGIN_NAME, source: OPTIONS_SOURCE }));
}

/** Wires the page-data capture, the transform, the filter, robots.txt and the after-build steps, with the options normalized. */
function wirePlugin(eleventyConfig: EleventyConfig, options: RobotsOptions, normalized: NormalizedRobotsOptions): void {
  const pageData = new WeakMap<object, EleventyPageData>();
  const state = createBuildState(normalized, eleventyConfig);
  const logger = () => eleventyConfig.logger;

  // Page data by a preprocessor, which keeps templates on Eleventy's fast path; a global
  // `eleventyComputed` key only where there is no preprocessor API.
  if (typeof eleventyConfig.addPreprocessor === 'function')
    eleventyConfig.addPreprocessor(
      `${PLUGIN_NAME}/page-data`,
      '*',
      createPageDataPreprocessor(pageData, state.cascade),
    );
  else eleventyConfig.addGlobalData('eleventyComputed', { [CAPTURE_KEY]: createPageDataCapture(pageData) });
  const notice = notIndexableNotice(options, normalized);
  eleventyConfig.on('eleventy.before', async (event?: EleventyBuildEvent) => {
    resetBuildState(state, event);
    if (notice) reportWarnings([notice], logger(), state.reported);
    // The transform is synchronous: parse5, which only a page with an unusual head `<template>`
    // needs, is loaded before the first page rather than missed by it.
    await loadTemplateParser();
  });
  const sources = {
    config: eleventyConfig,
    get directories() {
      return eleventyConfig.directories;
    },
  };
  eleventyConfig.addTransform(
    PLUGIN_NAME,
    createRobotsTransform({ options: normalized, sources, pageData, state, logger }),
  );
  eleventyConfig.addFilter(FILTER_NAME, createRobotsIndexableFilter(normalized, state, pageData, sources));

  const generateRobotsTxt =
    normalized.robotsTxt === false
      ? undefined
      : registerRobotsTxt(eleventyConfig, { robotsTxt: normalized.robotsTxt, options: normalized, state, logger });
  eleventyConfig.on(
    'eleventy.after',
    createAfterBuild({
      options: normalized,
      config: eleventyConfig,
      headers: options.headers,
      state,
      generateRobotsTxt,
      logger,
    }),
  );
  registerAuditReport(eleventyConfig, { options: normalized, state, siteUrl: () => normalized.site });
}

/**
 * What `require('@robots-kit/eleventy')` returns in a CommonJS config: Node's `require()` of
 * this ES module returns its `module.exports` export (package entry), and `addPlugin` takes
 * only a function or a plugin object, not a module namespace. So it is the plugin function
 * itself, carrying the named exports as properties, for `const { robotsPlugin, robotsIndexable }
 * = require(…)` and for code that reads `.default`.
 */
export const commonJsExport = Object.assign(robotsPlugin, { default: robotsPlugin, robotsPlugin, robotsIndexable });
