import path from 'node:path';
import { siteWarnings, writeFileAtomic } from '@robots-kit/core';
import type { BuildState } from '../build-state.js';
import type { EleventyBuildEvent, EleventyLogger } from '../eleventy-types.js';
import { reportWarnings } from '../report-warnings.js';
import type { SiteRobotsTxt } from './generate-site-robots-txt.js';

export interface FinishRobotsTxtSetup {
  generate: () => SiteRobotsTxt;
  state: BuildState;
  indexable: boolean;
  logger: EleventyLogger | undefined;
}

/**
 * The robots.txt part of `eleventy.after`: writes robots.txt again when a passthrough copy
 * overwrote it, and logs the warnings that need both robots.txt and every page.
 */
export function finishRobotsTxt(setup: FinishRobotsTxtSetup, event: EleventyBuildEvent): void {
  const { state, logger } = setup;
  let report = state.robotsTxt;
  const writesFiles = (event.outputMode ?? 'fs') === 'fs';
  if (state.copiedRobotsTxt !== undefined && writesFiles) {
    const site = setup.generate();
    report = site.report;
    reportWarnings(site.warnings, logger, state.reported);
    writeFileAtomic(path.join(event.directories.output, 'robots.txt'), report.text);
    reportWarnings(
      [`robots.txt: a passthrough copy also copied ${state.copiedRobotsTxt} there; it was merged into the generated robots.txt, which was written again after the build.`],
      logger,
      state.reported,
      'info',
    );
  }
  if (report === undefined) {
    // An incremental build renders only what changed.
    if (!event.incremental) {
      reportWarnings(
        ['robots.txt was not generated: the plugin adds it as an `11ty.js` virtual template, so `11ty.js` must be one of the template formats (`eleventyConfig.addTemplateFormats("11ty.js")`), or set `robotsTxt: false`.'],
        logger,
        state.reported,
      );
    }
    return;
  }
  reportWarnings(siteWarnings(report, state.pages.values(), { indexable: setup.indexable }), logger, state.reported);
}
