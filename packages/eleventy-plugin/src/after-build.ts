/**
 * After the build (`eleventy.after`), once every page is written: the robots.txt warnings
 * that need every page's tags, the X-Robots-Tag header files, and the audit of the written
 * site.
 */
import path from 'node:path';
import {
  capLines,
  isErrorPage,
  isNoindexPage,
  loadAudit,
  loadHeaderFileWriter,
  loadOutputFiles,
  loadPlainSitemapReader,
  loadSitemapReader,
  RobotsError,
  siteWarnings,
  writeBuildManifest,
  type HtmlPage,
  type NormalizedRobotsOptions,
  type PageExplanation,
} from '@robots-kit/core/internal/build';
import { explainPages } from './dev-report.js';
import { locateError, OPTIONS_SOURCE, PLUGIN_NAME, reportWarnings, withoutStack } from './messages.js';
import type { BuildState } from './page-data.js';
import { normalizePathPrefix, type SiteRobotsTxt } from './robots-txt.js';
import type { EleventyBuildEvent, EleventyConfig, EleventyLogger } from './types.js';

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
async function finishRobotsTxt(setup: FinishRobotsTxtSetup, event: EleventyBuildEvent): Promise<void> {
  const { state, logger } = setup;
  let report = state.robotsTxt;
  const writesFiles = (event.outputMode ?? 'fs') === 'fs';
  if (state.copiedRobotsTxt !== undefined && writesFiles) {
    const site = setup.generate();
    report = site.report;
    reportWarnings(site.warnings, logger, state.reported);
    // The output-file helpers load only in this rare case.
    const { writeFileAtomic } = await loadOutputFiles();
    writeFileAtomic(path.join(event.directories.output, 'robots.txt'), report.text);
    reportWarnings(
      [
        `robots.txt: a passthrough copy also copied ${state.copiedRobotsTxt} there; it was merged into the generated robots.txt, which was written again after the build.`,
      ],
      logger,
      state.reported,
      'info',
    );
  }
  if (report === undefined) {
    // An incremental build renders only what changed. Otherwise the options asked for a file the
    // site does not get: a build error, not a line in the log (the deployment would lack it).
    if (!event.incremental) {
      throw withoutStack(
        new RobotsError({
          code: 'robots-txt-not-written',
          package: PLUGIN_NAME,
          source: OPTIONS_SOURCE,
          key: 'robotsTxt',
          problem:
            "robots.txt was not written: the plugin adds it as an `11ty.js` virtual template, and this build's template formats (`setTemplateFormats`, `templateFormats` or `--formats`) leave out `11ty.js`, so Eleventy skipped it",
          expected:
            '`11ty.js` among the template formats (`eleventyConfig.addTemplateFormats("11ty.js")`, or add it to your list), or `robotsTxt: false` in the plugin options if the site has no robots.txt',
        }),
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
  /** `pathPrefix`: Apache's and nginx's patterns match the whole request path. Default: `/`. */
  servedAt?: string;
}

/**
 * Writes the X-Robots-Tag header file of every target, each merged into the file already
 * there (a passthrough-copied `_headers`, the previous build's block). Returns lines for the
 * build log (what was written, and what the user must still do with it) and the files written
 * outside the output folder.
 */
async function writeSiteHeaderFiles(setup: HeaderFilesSetup): Promise<{ lines: string[]; outside: string[] }> {
  // The header writers load only on builds whose options ask for header files, without the audit.
  const { writeHeaderFiles } = await loadHeaderFileWriter();
  let files;
  try {
    files = writeHeaderFiles(setup.headers, {
      indexable: setup.indexable,
      pages: setup.pages,
      outputDir: setup.outputDir,
      projectDir: setup.projectRoot ?? process.cwd(),
      source: OPTIONS_SOURCE,
      ...(setup.servedAt === undefined ? {} : { servedAt: setup.servedAt }),
    });
  } catch (error) {
    throw locateError(error, undefined);
  }
  const name = (file: { absolutePath: string }) => path.relative(process.cwd(), file.absolutePath) || file.absolutePath;
  const updated = files.filter((file) => file.changed).map(name);
  const unchanged = files.filter((file) => !file.changed).map(name);
  const lines = [
    ...(updated.length > 0 ? [`X-Robots-Tag header files updated: ${updated.join(', ')}.`] : []),
    ...(unchanged.length > 0 ? [`X-Robots-Tag header files unchanged: ${unchanged.join(', ')}.`] : []),
  ];
  const output = path.resolve(setup.outputDir);
  const outside = files
    .map((file) => path.resolve(file.absolutePath))
    .filter((file) => {
      const inOutput = path.relative(output, file);
      return inOutput.startsWith('..') || path.isAbsolute(inOutput);
    });
  return { lines: [...lines, ...files.flatMap((file) => (file.note ? [`${file.path}: ${file.note}`] : []))], outside };
}

/**
 * Files written outside the output folder (`vercel-headers.json`, a `mergeInto` `vercel.json`
 * at the project root) must not wake `--watch` and `--serve`: with the input folder at the
 * project root, each write would start a build that writes them again, forever. Eleventy reads
 * `watchIgnores` when the watcher starts, which is after the first build.
 */
function ignoreWhenWatching(files: readonly string[], config: Pick<EleventyConfig, 'watchIgnores'>): void {
  for (const file of files) config.watchIgnores?.add(path.relative(process.cwd(), file).split(path.sep).join('/'));
}

/**
 * The `audit: true` step: checks the written site as crawlers will see it (`robots-kit
 * check`), logs the summary through Eleventy's logger, one line per finding at its
 * severity, and fails the build when a finding is an error, as the CLI does by default.
 */
async function runAudit(
  outputDir: string,
  logger: EleventyLogger | undefined,
  htmlFile?: string,
  explanations?: ReadonlyMap<string, PageExplanation>,
): Promise<void> {
  // The audit and its reports load only on builds that run it.
  const { auditSite, auditLogLines, writeAuditHtml } = await loadAudit();
  // Nothing but the folder, as `robots-kit check _site` gets it: both read the site, its path
  // prefix and whether the build is a preview (judged as one) from the build manifest.
  const report = await auditSite(outputDir);
  const { lines, errors } = auditLogLines(report);
  // Logged every build, even when the same as last time.
  const reported = new Set<string>();
  for (const line of lines) reportWarnings([line.message], logger, reported, line.level);
  // `audit: { html }`: the report page, written before a failing audit stops the build, so it can show why.
  if (htmlFile !== undefined) {
    const file = await writeAuditHtml(report, path.resolve(htmlFile), explanations ? { explanations } : {});
    reportWarnings(
      [`HTML audit report written to ${path.relative(process.cwd(), file) || file}.`],
      logger,
      reported,
      'info',
    );
  }
  if (errors > 0) {
    throw loggedOnce(
      withoutStack(
        new RobotsError({
          code: 'audit-failed',
          package: PLUGIN_NAME,
          source: outputDir,
          problem: `the robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above)`,
          expected:
            'none: fix the pages it names, or set `audit: false` in the plugin options to build without the check',
        }),
      ),
    );
  }
}

/**
 * Eleventy's command line prints a failed build's error twice: once where the build fails
 * (`errorHandler.once`, which skips an error marked as logged) and once as its fatal error. The
 * audit's findings are already in the log above, so its error is marked to be printed once.
 */
function loggedOnce<T extends Error>(error: T): T {
  Object.defineProperty(error, '__errorAlreadyLogged', { value: true, enumerable: false });
  return error;
}

/**
 * `--incremental`: Eleventy rebuilds a template that filters a collection only for the
 * collections its `eleventyImport` names. A sitemap that does not name its collection keeps a
 * page that turned noindex: said once when first seen, and again whenever it happened.
 */
function sitemapTemplateWarnings(state: BuildState): string[] {
  if (!state.incremental) return [];
  const lines: string[] = [];
  for (const [inputPath, template] of state.sitemapTemplates) {
    const needed = template.collections.size > 0 ? [...template.collections] : ['all'];
    const missing = needed.filter((name) => !template.imports.has(name));
    if (missing.length === 0) continue;
    const fix = `add \`eleventyImport: { collections: [${missing.map((name) => `'${name}'`).join(', ')}] }\` to its front matter`;
    if (!template.rendered && state.indexabilityChanged.length > 0) {
      lines.push(
        `${inputPath} was not rebuilt by this incremental build, so its output is stale for ${state.indexabilityChanged.join(', ')}, whose robots tags changed: ${fix}, or run a full build.`,
      );
    } else if (!template.advised) {
      template.advised = true;
      lines.push(
        `${inputPath} uses \`robotsIndexable\`, but \`--incremental\` rebuilds it only for the collections its \`eleventyImport\` names: ${fix}, so a page that turns noindex leaves it on the next build.`,
      );
    }
  }
  return lines;
}

/**
 * One line per URL of a sitemap this build wrote that is a noindex page or an error page
 * (capped), then the fix: a sitemap template written without `robotsIndexable` says so, even
 * without the audit. A URL of no page of the build (a custom URL) is not judged.
 */
async function sitemapListingWarnings(
  state: BuildState,
  options: NormalizedRobotsOptions,
  pathPrefix: string,
): Promise<string[]> {
  const { readPlainSitemap } = await loadPlainSitemapReader();
  const prefix = pathPrefix.replace(/\/+$/, '');
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const [outputPath, xml] of state.sitemapOutputs) {
    const locs: string[] = [];
    const onLoc = (loc: string): void => void locs.push(loc);
    // The full reader (htmlparser2) only for a file the plain reader cannot read.
    const kind = readPlainSitemap(xml, onLoc) ?? (await loadSitemapReader()).forEachSitemapLoc(xml, onLoc);
    if (kind !== 'urlset') continue;
    const file = path.relative(process.cwd(), outputPath) || outputPath;
    for (const loc of locs) {
      if (seen.has(loc)) continue;
      seen.add(loc);
      const url = pagePathOf(loc, prefix);
      if (url === undefined) continue;
      const page = state.pages.get(url);
      const what = isErrorPage({ url }, options.errorPages)
        ? 'an error page'
        : page && isNoindexPage(page.tags)
          ? 'a page that carries noindex'
          : undefined;
      if (what) lines.push(`${file} lists ${loc}, ${what}: search engines get contradictory signals.`);
    }
  }
  if (lines.length === 0) return [];
  return [
    ...capLines(lines, 10),
    'Keep such pages out of the sitemap with the `robotsIndexable` filter (`collections.all | robotsIndexable`), or set `audit: true` for the build to fail on it.',
  ];
}
/** A sitemap URL as a page URL of the build: its path without `pathPrefix`, decoded as `page.url` is. */
function pagePathOf(loc: string, prefix: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURI(new URL(loc, 'https://robots-kit.invalid').pathname);
  } catch {
    return undefined;
  }
  if (prefix !== '' && pathname.startsWith(`${prefix}/`)) pathname = pathname.slice(prefix.length);
  return pathname;
}

export interface AfterBuildSetup {
  options: NormalizedRobotsOptions;
  /** `eleventyConfig`: its `pathPrefix` and `watchIgnores`, read when the build is done. */
  config: Pick<EleventyConfig, 'pathPrefix' | 'watchIgnores'>;
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
    const pathPrefix = normalizePathPrefix(setup.config.pathPrefix);
    if (setup.generateRobotsTxt)
      await finishRobotsTxt({ generate: setup.generateRobotsTxt, state, indexable: options.indexable, logger }, event);
    const base = pathPrefix === '/' ? undefined : { path: pathPrefix, setting: '`pathPrefix`' };
    reportWarnings(state.usage.report({ source: OPTIONS_SOURCE, ...(base ? { base } : {}) }), logger, state.reported);
    reportWarnings(sitemapTemplateWarnings(state), logger, state.reported);
    // With `audit: true` the audit reports these as errors, from the files written; in a build that
    // is not indexable (a preview) every page is noindex on purpose.
    if (!options.audit && options.indexable && state.sitemapOutputs.size > 0)
      reportWarnings(await sitemapListingWarnings(state, options, pathPrefix), logger, state.reported);
    if ((event.outputMode ?? 'fs') !== 'fs') return;
    const outputDir = event.directories.output;
    // What `robots-kit check` needs to read the folder as this build's audit does (path prefix, preview).
    writeBuildManifest(outputDir, {
      generator: PLUGIN_NAME,
      ...(options.site === undefined ? {} : { site: options.site }),
      base: pathPrefix,
      indexable: options.indexable,
    });
    if (setup.headers !== undefined) {
      const written = await writeSiteHeaderFiles({
        headers: setup.headers,
        indexable: options.indexable,
        pages: state.pages.values(),
        outputDir,
        servedAt: pathPrefix,
      });
      ignoreWhenWatching(written.outside, setup.config);
      reportWarnings(written.lines, logger, state.reported, 'info');
    }
    if (options.audit) {
      await runAudit(
        outputDir,
        logger,
        typeof options.audit === 'object' ? options.audit.html : undefined,
        explainPages(state.explained, options),
      );
    }
  };
}
