import { generateRobotsTxtReport, type NormalizedRobotsOptions, type RobotsTxtOptions, type RobotsTxtReport } from '@robots-kit/core';
import type { EleventyDirectories } from '../eleventy-types.js';
import { locateError } from '../locate-error.js';
import { OPTIONS_SOURCE } from '../options-source.js';
import { readUserRobotsTxt } from './read-user-robots-txt.js';
import { robotsTxtCandidates, type RobotsTxtSources } from './robots-txt-sources.js';

export interface SiteRobotsTxtSetup {
  robotsTxt: RobotsTxtOptions;
  options: NormalizedRobotsOptions;
  sources: RobotsTxtSources;
  /** Read at build time: `--input` and `--output` may differ from what the config set. */
  directories: () => EleventyDirectories;
  /** Eleventy's `pathPrefix`; the default sitemap lives below it. */
  pathPrefix: () => string | undefined;
}

export interface SiteRobotsTxt {
  report: RobotsTxtReport;
  /** Problems with the user's own robots.txt files. */
  warnings: string[];
}

/** The sitemap the common `sitemap.xml.njk` template and `@quasibit/eleventy-plugin-sitemap` write, below the path prefix. */
function defaultSitemap(pathPrefix: string | undefined): string {
  const prefix = (pathPrefix ?? '/').replace(/^\/*/, '/').replace(/\/*$/, '/');
  return `${prefix}sitemap.xml`;
}

/** The robots.txt of this build: the options merged with the site's own robots.txt, if it has one. */
export function generateSiteRobotsTxt(setup: SiteRobotsTxtSetup): SiteRobotsTxt {
  const user = readUserRobotsTxt(robotsTxtCandidates(setup.sources, setup.directories()));
  let report: RobotsTxtReport;
  try {
    report = generateRobotsTxtReport(setup.robotsTxt, {
      indexable: setup.options.indexable,
      defaultSitemap: defaultSitemap(setup.pathPrefix()),
      source: OPTIONS_SOURCE,
      ...(setup.options.site === undefined ? {} : { site: setup.options.site }),
      ...(user ? { existing: user.text, existingSource: user.source } : {}),
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const warnings = (user?.ignored ?? []).map(
    (ignored) => `${ignored} was not merged into robots.txt, ${user!.source} was: a site has one robots.txt, so keep only one of them.`,
  );
  const prefix = setup.pathPrefix();
  if (prefix !== undefined && defaultSitemap(prefix) !== '/sitemap.xml') {
    warnings.push(
      `robots.txt is written at the root of the output, but the site is served below \`${prefix}\` (\`pathPrefix\`): crawlers read robots.txt only at the root of a host, so serve it from there or set \`robotsTxt: false\`.`,
    );
  }
  return { report, warnings };
}
