import { outputFileForUrl, type HtmlPage } from '@robots-kit/core';
import { pageUrl } from './page-url.js';
import type { PageTagsCache } from './page-tags-cache.js';

/**
 * Every page Astro built (`astro:build:done`'s `pages`) with the robots tags its HTML file
 * carries after the middleware ran: the input of the robots.txt warnings and of
 * `headers.html`. Pages with no HTML file in `dir` (on-demand routes) are left out.
 */
export function builtPages(dir: string, base: string, pathnames: readonly string[], cache: PageTagsCache): HtmlPage[] {
  const pages: HtmlPage[] = [];
  for (const pathname of pathnames) {
    const url = pageUrl(base, pathname);
    const file = outputFileForUrl(dir, url, base);
    if (file !== undefined) pages.push({ url, tags: cache.tagsOf(file) });
  }
  return pages;
}
