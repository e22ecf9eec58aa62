import type { NormalizedRobotsOptions } from '@robots-kit/core';
import { runAudit } from './audit/run-audit.js';
import type { BuildState } from './build-state.js';
import type { EleventyBuildEvent, EleventyLogger } from './eleventy-types.js';
import { writeHeaderFiles } from './header-files/write-header-files.js';
import { reportWarnings } from './report-warnings.js';
import { finishRobotsTxt } from './robots-txt/finish-robots-txt.js';
import type { SiteRobotsTxt } from './robots-txt/generate-site-robots-txt.js';

export interface AfterBuildSetup {
  options: NormalizedRobotsOptions;
  /** The `headers` option as the user wrote it; `undefined` writes no header files. */
  headers: unknown;
  state: BuildState;
  /** `undefined` with `robotsTxt: false`. */
  generateRobotsTxt: (() => SiteRobotsTxt) | undefined;
  logger: () => EleventyLogger | undefined;
}

/**
 * The `eleventy.after` listener: once every page is written, the robots.txt warnings, the
 * header files, then the audit of the finished output. `toJSON()` and `toNDJSON()` builds
 * write nothing, so they only get the warnings.
 */
export function createAfterBuild(setup: AfterBuildSetup): (event?: EleventyBuildEvent) => Promise<void> {
  return async function robotsKitAfterBuild(event) {
    if (!event?.directories) return;
    const { state, options } = setup;
    const logger = setup.logger();
    if (setup.generateRobotsTxt) finishRobotsTxt({ generate: setup.generateRobotsTxt, state, indexable: options.indexable, logger }, event);
    if ((event.outputMode ?? 'fs') !== 'fs') return;
    const outputDir = event.directories.output;
    if (setup.headers !== undefined) {
      const lines = writeHeaderFiles({ headers: setup.headers, indexable: options.indexable, pages: state.pages.values(), outputDir });
      reportWarnings(lines, logger, state.reported, 'info');
    }
    if (options.audit) await runAudit(outputDir, options.site, logger);
  };
}
