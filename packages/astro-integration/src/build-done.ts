/**
 * Our `astro:build:done` and the build's last step: the header files from the pages as built
 * (with the tags the middleware put in them), then, once every wrapped `@astrojs/sitemap` hook
 * has written its files too, robots.txt (whose `Sitemap:` line names the index the sitemap
 * wrote), the end-of-build warnings and the audit.
 */
import {
  createConfigUsage,
  loadHeaderFileWriter,
  loadOutputFiles,
  normalizeOptions,
  outputFileForUrl,
  siteWarnings,
  type HtmlPage,
  type NormalizedRobotsOptions,
  writeBuildManifest,
} from '@robots-kit/core/internal/build';
import { join, relative } from 'node:path';
import { HEADERS_HINT, logLine, PACKAGE_NAME, toAstroError } from './errors.js';
import { readOptional } from './build-order.js';
import { generateAstroRobotsTxt, readPublicRobotsTxt, type ExistingRobotsTxt } from './robots-txt.js';
import { createPageTagsCache, getSitemapContext } from './sitemap.js';
import { noteRobotsUsage, startRobotsUsage, unusedRobotsWarnings } from './unused-robots.js';
import { BUILD_WARNINGS, PAGE_RECORDER, type IntegrationState, type PageRecorder } from './state.js';

/** Where the options were written, in messages. */
const OPTIONS_SOURCE = 'robots() options';

/**
 * Our `astro:build:start`: a new build, and a new record of its pages for the middleware to
 * fill (see `PAGE_RECORDER`), against the options as the user wrote them, below `base`.
 */
export function onBuildStart(state: IntegrationState): void {
  const usage = createConfigUsage(optionsAsWritten(state));
  const robotsUsage = startRobotsUsage();
  const recorder: PageRecorder = {
    record: (page) => {
      usage.record({ ...page, url: belowBase(page.url, state.base) });
      noteRobotsUsage(robotsUsage, page);
    },
  };
  (globalThis as Record<symbol, unknown>)[PAGE_RECORDER] = recorder;
  (globalThis as Record<symbol, unknown>)[BUILD_WARNINGS] = new Set<string>();
  state.build = { finished: false, sitemapIndexes: [], robotsTxtWriters: [], configUsage: usage, robotsUsage };
}

/**
 * Our `astro:build:generated`, once every page is generated: the middleware's warnings, each
 * once, as whole lines (see `BUILD_WARNINGS`).
 */
export function printPageWarnings(state: IntegrationState): void {
  const scope = globalThis as Record<symbol, Set<string> | undefined>;
  const lines = scope[BUILD_WARNINGS];
  delete scope[BUILD_WARNINGS];
  for (const line of lines ?? []) state.logger.warn(line);
}

/**
 * Our `astro:build:done`: notes the output folder and the pages, and finishes the build when
 * `robots()` is listed last; otherwise the last integration's hook finishes it (build-order.ts).
 */
export async function onBuildDone(state: IntegrationState, dir: string, pathnames: readonly string[]): Promise<void> {
  const context = getSitemapContext();
  if (context) context.dir = dir;
  state.build ??= { finished: false, sitemapIndexes: [], robotsTxtWriters: [] };
  state.build.dir = dir;
  state.build.pathnames = pathnames;
  printPageWarnings(state);
  if (state.lastHook === 'own') await finishBuild(state);
}

/**
 * The last step of a build, run after every integration's `astro:build:done`, in whichever
 * order they were listed (build-order.ts): the header files, robots.txt (merged with what the
 * build left there, and naming the sitemap index written by then), the end-of-build warnings,
 * then with `audit: true` the audit of the finished output, sitemap included.
 */
export async function finishBuild(state: IntegrationState): Promise<void> {
  const build = state.build;
  if (!build || build.finished || build.dir === undefined || build.pathnames === undefined) return;
  build.finished = true;
  delete (globalThis as Record<symbol, unknown>)[PAGE_RECORDER];
  const pages = builtPagesOf(state, build.dir);
  await writeHeaderFiles(state, build.dir, pages);
  await writeRobotsTxt(state, build.dir, pages);
  for (const line of unmatchedOptions(state)) state.logger.warn(logLine(line));
  if (build.robotsUsage && state.frontMatter) {
    const lines = unusedRobotsWarnings(
      await state.frontMatter,
      state.options.frontMatterKey,
      build.robotsUsage,
      state.onDemandPages,
    );
    for (const line of lines) state.logger.warn(line);
  }
  // What `robots-kit check dist/` needs to read the output as this build's audit does (site, base, preview).
  writeBuildManifest(build.dir, {
    generator: PACKAGE_NAME,
    ...(state.options.site === undefined ? {} : { site: state.options.site }),
    base: state.base,
    trailingSlash: state.trailingSlash,
    indexable: state.options.indexable,
    onDemandPaths: state.onDemandPaths,
  });
  // Loaded only here: the audit's module brings core's audit and its reports.
  if (state.options.audit) await (await import('./audit.js')).runAudit(state, build.dir);
}

/**
 * The options as written (`state.options` has the globs below `base`, see index.ts), for the
 * report of options no page met. Live collections are left out of the collection lists: their
 * entries are loaded by pages rendered on request, never by a page of the build, so "no page
 * of this build is in the collection" would be false for them.
 */
function optionsAsWritten(state: IntegrationState): NormalizedRobotsOptions {
  const options = normalizeOptions(state.userOptions, { package: PACKAGE_NAME, source: OPTIONS_SOURCE });
  const live = state.liveCollections;
  if (live.length === 0) return options;
  const built = (names: readonly string[]): string[] => names.filter((name) => !live.includes(name));
  const withoutLive = {
    ...options,
    noindex: { ...options.noindex, collections: built(options.noindex.collections) },
    ...(options.links
      ? {
          links: {
            ...options.links,
            rules: options.links.rules.map((rule) => ({ ...rule, collections: built(rule.collections) })),
          },
        }
      : {}),
    ...(options.nosnippet
      ? {
          nosnippet: {
            ...options.nosnippet,
            rules: options.nosnippet.rules.map((rule) => ({ ...rule, collections: built(rule.collections) })),
          },
        }
      : {}),
  };
  return normalizeOptions(withoutLive, { package: PACKAGE_NAME, source: OPTIONS_SOURCE });
}

/** A page's URL path without Astro's `base`, as the options' globs are written: `/docs/tags/a/` → `/tags/a/`. */
function belowBase(url: string, base: string): string {
  const prefix = base.replace(/\/+$/, '');
  return prefix !== '' && (url === prefix || url.startsWith(`${prefix}/`)) ? url.slice(prefix.length) || '/' : url;
}

/**
 * One warning per collection name, path glob or data condition of the options that no page of
 * the build met, with a did-you-mean from the site's collections, paths and data. The pages
 * are the ones the middleware recorded, with the collections and data it resolved them with;
 * a build that prerendered none (every route on demand) has nothing to report.
 */
function unmatchedOptions(state: IntegrationState): string[] {
  return (
    state.build?.configUsage?.report({
      source: OPTIONS_SOURCE,
      base: { path: state.base, setting: '`base`' },
      onDemandPaths: state.onDemandPaths,
    }) ?? []
  );
}

/**
 * Every page Astro built (`astro:build:done`'s `pages`) with the robots tags its HTML file
 * carries after the middleware ran, read once and only when a step needs them: the input of
 * the robots.txt warnings and of `headers.html`. Pages with no HTML file in `dir` (on-demand
 * routes) are left out.
 */
function builtPagesOf(state: IntegrationState, dir: string): () => HtmlPage[] {
  let pages: HtmlPage[] | undefined;
  return () => {
    if (pages) return pages;
    const tags = getSitemapContext()?.tags ?? createPageTagsCache();
    pages = [];
    for (const pathname of state.build?.pathnames ?? []) {
      const url = pageUrl(state.base, pathname);
      const file = outputFileForUrl(dir, url, state.base);
      if (file !== undefined) pages.push({ url, tags: tags.tagsOf(file) });
    }
    return pages;
  };
}

/**
 * The URL path a built page is served at: Astro's page `pathname` (`blog/post/`, and `''`
 * for the home page) below `base`, e.g. `/docs/blog/post/`.
 */
function pageUrl(base: string, pathname: string): string {
  return `${base.replace(/\/+$/, '')}/${pathname.replace(/^\/+/, '')}`;
}

/**
 * Writes `robots.txt` into the output folder (atomically), then warns about what crawlers
 * will make of it: lines they ignore, AI bots still allowed, crawler groups that drop the
 * `*` group's disallows, and noindex pages robots.txt keeps them from seeing. A
 * non-indexable build disallows everything on purpose, so its pages are not checked.
 */
async function writeRobotsTxt(state: IntegrationState, dir: string, pages: () => HtmlPage[]): Promise<void> {
  if (state.options.robotsTxt === false) return;
  const served = await builtRobotsTxt(state, dir);
  const report = await generateAstroRobotsTxt(state, served);
  if (report === undefined) return;
  const { writeFileAtomic } = await loadOutputFiles();
  const status = writeFileAtomic(join(dir, 'robots.txt'), report.text);
  const { logger, options, base } = state;
  logger.info(`\`robots.txt\` ${status} at \`${relative(process.cwd(), dir) || '.'}\``);
  if (served) logger.info(`robots.txt keeps every line of ${served.source} and adds the robotsTxt options' lines.`);
  if (base.replace(/\/+$/, '') !== '') {
    logger.warn(
      `robots.txt is served at ${base.replace(/\/+$/, '')}/robots.txt, but crawlers read it only at the root of the host (/robots.txt): publish it there too.`,
    );
  }
  // Iterated only when robots.txt disallows something: otherwise no built page is read for it.
  const lazyPages = {
    *[Symbol.iterator]() {
      yield* pages();
    },
  };
  // With `audit: true` the audit reports robots.txt's ignored lines, group traps and noindex pages
  // it hides (robots-txt-syntax, group-override, noindex-disallowed): each problem once, there.
  const audited = Boolean(options.audit);
  const warnings = audited
    ? report.warnings.filter((warning) => warning.code === 'ai-bot-not-blocked')
    : report.warnings;
  for (const line of siteWarnings({ ...report, warnings }, options.indexable && !audited ? lazyPages : [], {
    indexable: options.indexable,
  }))
    logger.warn(logLine(line));
}

/**
 * The robots.txt the build left in the output folder when something other than Astro's copy of
 * `public/robots.txt` wrote it: the site's own prerendered route, or an integration's
 * `astro:build:done` (listed before or after `robots()`). Ours is merged into it as into
 * `public/robots.txt`, so none of its lines is lost. Undefined when the file there is the copy
 * of `public/robots.txt` (then merged under that name) or there is none.
 */
async function builtRobotsTxt(state: IntegrationState, dir: string): Promise<ExistingRobotsTxt | undefined> {
  const text = await readOptional(join(dir, 'robots.txt'));
  if (text === undefined) return undefined;
  const writers = state.build?.robotsTxtWriters ?? [];
  if (writers.length > 0) {
    const names = writers.map((name) => `\`${name}\``).join(', then ');
    return { text, source: `the robots.txt ${names} wrote in \`astro:build:done\`` };
  }
  if (state.robotsTxtRoute?.prerendered) return { text, source: state.robotsTxtRoute.entrypoint };
  const copied = await readPublicRobotsTxt(state.root, state.publicDir);
  if (copied !== undefined && Buffer.from(copied.text).equals(text)) return undefined;
  return { text, source: `the robots.txt the build wrote at \`${relative(state.root, join(dir, 'robots.txt'))}\`` };
}

/**
 * Writes the X-Robots-Tag header files of `headers.targets`: `_headers` and `.htaccess` into
 * the output folder, merged with the copies of `public/`; Vercel's file at the project root.
 * Each file's note (what to do with it) goes to the build log.
 */
async function writeHeaderFiles(state: IntegrationState, dir: string, pages: () => HtmlPage[]): Promise<void> {
  const headers = state.userOptions.headers;
  if (headers === undefined) return;
  const { writeHeaderFiles: writeCoreHeaderFiles } = await loadHeaderFileWriter();
  let files;
  try {
    files = writeCoreHeaderFiles(headers, {
      indexable: state.options.indexable,
      // Paths relative to the output folder, as the rule globs are written; Apache's and nginx's get `base` (`servedAt`).
      ...(state.options.headers?.html
        ? { pages: pages().map((page) => ({ ...page, url: belowBase(page.url, state.base) })) }
        : {}),
      outputDir: dir,
      projectDir: state.root,
      source: 'robots() options',
      servedAt: state.base,
    });
  } catch (error) {
    throw toAstroError(error, HEADERS_HINT);
  }
  for (const file of files) {
    const folder = file.base === 'output' ? dir : state.root;
    state.logger.info(`\`${file.path}\` ${file.status} at \`${relative(process.cwd(), folder) || '.'}\``);
    if (file.note) state.logger.info(logLine(file.note));
  }
}
