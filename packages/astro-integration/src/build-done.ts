/**
 * Our `astro:build:done`: writes robots.txt and the X-Robots-Tag header files from the pages
 * as built (with the tags the middleware put in them), then hands over to the audit.
 */
import { type HtmlPage } from '@robots-kit/core';
import { outputFileForUrl, siteWarnings, writeFileAtomic, writeHeaderFiles as writeCoreHeaderFiles } from '@robots-kit/core/adapter';
import { join, relative } from 'node:path';
import { finishBuild } from './audit.js';
import { HEADERS_HINT, toAstroError } from './errors.js';
import { generateAstroRobotsTxt } from './robots-txt.js';
import { createPageTagsCache, getSitemapContext, type PageTagsCache } from './sitemap.js';
import type { IntegrationState } from './state.js';

/**
 * Our `astro:build:done`: robots.txt and the header files, written from the pages as built
 * (each HTML file read once, only when a step needs the pages' tags), then the audit unless
 * a sitemap integration still has to write its files.
 */
export async function onBuildDone(state: IntegrationState, dir: string, pathnames: readonly string[]): Promise<void> {
  const context = getSitemapContext();
  if (context) context.dir = dir;
  const tags = context?.tags ?? createPageTagsCache();
  let pages: HtmlPage[] | undefined;
  const readPages = (): HtmlPage[] => (pages ??= builtPages(dir, state.base, pathnames, tags));
  await writeRobotsTxt(state, dir, readPages);
  writeHeaderFiles(state, dir, readPages);
  state.build ??= { sitemapsPending: 0, finished: false };
  state.build.dir = dir;
  await finishBuild(state);
}

/**
 * Every page Astro built (`astro:build:done`'s `pages`) with the robots tags its HTML file
 * carries after the middleware ran: the input of the robots.txt warnings and of
 * `headers.html`. Pages with no HTML file in `dir` (on-demand routes) are left out.
 */
function builtPages(dir: string, base: string, pathnames: readonly string[], cache: PageTagsCache): HtmlPage[] {
  const pages: HtmlPage[] = [];
  for (const pathname of pathnames) {
    const url = pageUrl(base, pathname);
    const file = outputFileForUrl(dir, url, base);
    if (file !== undefined) pages.push({ url, tags: cache.tagsOf(file) });
  }
  return pages;
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
  const report = await generateAstroRobotsTxt(state);
  if (report === undefined) return;
  writeFileAtomic(join(dir, 'robots.txt'), report.text);
  const { logger, options, base } = state;
  logger.info(`\`robots.txt\` created at \`${relative(process.cwd(), dir) || '.'}\``);
  if (base.replace(/\/+$/, '') !== '') {
    logger.warn(`robots.txt is served at ${base.replace(/\/+$/, '')}/robots.txt, but crawlers read it only at the root of the host (/robots.txt): publish it there too.`);
  }
  for (const line of siteWarnings(report, options.indexable ? pages() : [], { indexable: options.indexable })) logger.warn(line);
}

/**
 * Writes the X-Robots-Tag header files of `headers.targets`: `_headers` and `.htaccess` into
 * the output folder, merged with the copies of `public/`; Vercel's file at the project root.
 * Each file's note (what to do with it) goes to the build log.
 */
function writeHeaderFiles(state: IntegrationState, dir: string, pages: () => HtmlPage[]): void {
  const headers = state.userOptions.headers;
  if (headers === undefined) return;
  let files;
  try {
    files = writeCoreHeaderFiles(headers, {
      indexable: state.options.indexable,
      ...(state.options.headers?.html ? { pages: pages() } : {}),
      outputDir: dir,
      projectDir: state.root,
      source: 'robots() options',
    });
  } catch (error) {
    throw toAstroError(error, HEADERS_HINT);
  }
  for (const file of files) {
    const folder = file.base === 'output' ? dir : state.root;
    state.logger.info(`\`${file.path}\` created at \`${relative(process.cwd(), folder) || '.'}\``);
    if (file.note) state.logger.info(file.note);
  }
}
