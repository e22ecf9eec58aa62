/**
 * After the build (`eleventy.after`), once every page is written: the robots.txt warnings
 * that need every page's tags, the X-Robots-Tag header files, and the audit of the written
 * site.
 */
import path from 'node:path';
import { auditSite, RobotsError, type HtmlPage, type NormalizedRobotsOptions } from '@robots-kit/core';
import { auditLogLines, siteWarnings, writeFileAtomic, writeHeaderFiles } from '@robots-kit/core/adapter';
import { locateError, OPTIONS_SOURCE, PLUGIN_NAME, reportWarnings } from './messages.js';
import type { BuildState } from './page-data.js';
import type { SiteRobotsTxt } from './robots-txt.js';
import type { EleventyBuildEvent, EleventyLogger } from './types.js';

interface FinishRobotsTxtSetup {
  generate: () => SiteRobotsTxt;
  state: BuildState;
  indexable: boolean;
  logger: EleventyLogger | undefined;
}

/**
 * The robots.txt part of `eleventy.after`: writes robots.txt again when a passthrough copy
 * overwrote it, and logs the warnings that need both robots.txt and every page.
 */
function finishRobotsTxt(setup: FinishRobotsTxtSetup, event: EleventyBuildEvent): void {
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

interface HeaderFilesSetup {
  /** The `headers` option as the user wrote it. */
  headers: unknown;
  indexable: boolean;
  /** Every HTML page with its resolved tags, for `headers.html`. */
  pages: Iterable<HtmlPage>;
  outputDir: string;
  /** Vercel's files live beside `vercel.json`. Default: the working directory, which Eleventy resolves every path against. */
  projectRoot?: string;
}

/**
 * Writes the X-Robots-Tag header file of every target, each merged into the file already
 * there (a passthrough-copied `_headers`, the previous build's block). Returns lines for the
 * build log: what was written, and what the user must still do with it.
 */
function writeSiteHeaderFiles(setup: HeaderFilesSetup): string[] {
  let files;
  try {
    files = writeHeaderFiles(setup.headers, {
      indexable: setup.indexable,
      pages: setup.pages,
      outputDir: setup.outputDir,
      projectDir: setup.projectRoot ?? process.cwd(),
      source: OPTIONS_SOURCE,
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const written = files.map((file) => path.relative(process.cwd(), file.absolutePath) || file.absolutePath);
  const lines = written.length > 0 ? [`X-Robots-Tag header files written: ${written.join(', ')}.`] : [];
  return [...lines, ...files.flatMap((file) => (file.note ? [`${file.path}: ${file.note}`] : []))];
}

/**
 * The `audit: true` step: checks the written site as crawlers will see it (`robots-kit
 * check`), logs the summary through Eleventy's logger, one line per finding at its
 * severity, and fails the build when a finding is an error, as the CLI does by default.
 */
async function runAudit(outputDir: string, site: string | undefined, logger: EleventyLogger | undefined): Promise<void> {
  const { lines, errors } = auditLogLines(await auditSite(outputDir, site === undefined ? {} : { site }));
  // Logged every build, even when the same as last time.
  const reported = new Set<string>();
  for (const line of lines) reportWarnings([line.message], logger, reported, line.level);
  if (errors > 0) {
    throw new RobotsError({
      code: 'audit-failed',
      package: PLUGIN_NAME,
      source: outputDir,
      problem: `the robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above)`,
      expected: 'none: fix the pages it names, or set `audit: false` in the plugin options to build without the check',
    });
  }
}

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
      const lines = writeSiteHeaderFiles({ headers: setup.headers, indexable: options.indexable, pages: state.pages.values(), outputDir });
      reportWarnings(lines, logger, state.reported, 'info');
    }
    if (options.audit) await runAudit(outputDir, options.site, logger);
  };
}
