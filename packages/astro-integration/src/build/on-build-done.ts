import type { HtmlPage } from '@robots-kit/core';
import type { IntegrationState } from '../state.js';
import { getSitemapContext } from '../sitemap/sitemap-context.js';
import { builtPages } from './built-pages.js';
import { createPageTagsCache } from './page-tags-cache.js';
import { finishBuild } from './finish-build.js';
import { writeHeaderFiles } from './write-header-files.js';
import { writeRobotsTxt } from './write-robots-txt.js';

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
