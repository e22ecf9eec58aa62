import path from 'node:path';
import { RobotsError, type NormalizedRobotsOptions, type RobotsTxtOptions } from '@robots-kit/core';
import type { BuildState } from '../build-state.js';
import type { EleventyConfig, EleventyDirectories, EleventyLogger, EleventyPassthroughEvent } from '../eleventy-types.js';
import { PLUGIN_NAME } from '../plugin-name.js';
import { reportWarnings } from '../report-warnings.js';
import { claimPassthroughRobotsTxt } from './claim-passthrough-robots-txt.js';
import { generateSiteRobotsTxt, type SiteRobotsTxt } from './generate-site-robots-txt.js';
import { noteCopiedRobotsTxt } from './note-copied-robots-txt.js';
import { ROBOTS_TXT_TEMPLATE, ROBOTS_TXT_TEMPLATE_DATA, robotsTxtTemplate } from './robots-txt-template.js';
import type { RobotsTxtSources } from './robots-txt-sources.js';

export interface RobotsTxtRegistration {
  robotsTxt: RobotsTxtOptions;
  options: NormalizedRobotsOptions;
  state: BuildState;
  logger: () => EleventyLogger | undefined;
}

/** Eleventy's defaults, for a config object that lacks `directories` (never the case in Eleventy 3). */
const DEFAULT_DIRECTORIES: EleventyDirectories = { input: '.', output: '_site' };

/**
 * Emits robots.txt as a virtual template (so it is in `--serve`, `toJSON()` and the written
 * site like any page), generated on every build from the options merged with the site's own
 * robots.txt: a passthrough copy the plugin takes over, `<input>/robots.txt`, or a file a glob
 * passthrough copy was seen copying there.
 *
 * @returns the generator, for `eleventy.after`.
 */
export function registerRobotsTxt(eleventyConfig: EleventyConfig, setup: RobotsTxtRegistration): () => SiteRobotsTxt {
  if (typeof eleventyConfig.addTemplate !== 'function') {
    throw new RobotsError({
      code: 'unsupported-eleventy',
      package: PLUGIN_NAME,
      problem: 'this Eleventy cannot add virtual templates (it has no `eleventyConfig.addTemplate`), so robots.txt cannot be emitted',
      expected: 'Eleventy 3, or `robotsTxt: false` in the plugin options',
    });
  }
  const directories = () => eleventyConfig.directories ?? DEFAULT_DIRECTORIES;
  const sources: RobotsTxtSources = {
    claimed: eleventyConfig.passthroughCopies ? claimPassthroughRobotsTxt(eleventyConfig.passthroughCopies, directories()) : [],
    copied: new Set(),
  };
  // Files no longer copied are no longer watched by Eleventy; their edits must still rebuild.
  for (const file of [...sources.claimed, path.join(directories().input, 'robots.txt')]) eleventyConfig.addWatchTarget?.(file);

  const generate = () =>
    generateSiteRobotsTxt({ robotsTxt: setup.robotsTxt, options: setup.options, sources, directories, pathPrefix: () => eleventyConfig.pathPrefix });
  eleventyConfig.addTemplate(
    ROBOTS_TXT_TEMPLATE,
    robotsTxtTemplate(() => {
      const site = generate();
      setup.state.robotsTxt = site.report;
      reportWarnings(site.warnings, setup.logger(), setup.state.reported);
      return site.report.text;
    }),
    { ...ROBOTS_TXT_TEMPLATE_DATA },
  );
  eleventyConfig.on('eleventy.passthrough', (event: EleventyPassthroughEvent | undefined) => noteCopiedRobotsTxt(event, sources, setup.state));
  return generate;
}
