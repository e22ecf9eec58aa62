import { isErrorPage, isNoindexPage, outputFileForUrl, resolvePage } from '@robots-kit/core';
import type { SitemapContext } from './sitemap-context.js';

/** Why a URL does not belong in a sitemap, or undefined when it does. */
export type SitemapExclusion = 'error page' | 'noindex';

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Whether a sitemap URL is an error page, or a page whose built HTML carries noindex (or
 * none) for every crawler or for Googlebot. A URL with no HTML file (an on-demand page) is
 * judged by the options alone: `defaults`, `noindex.paths`, `rules`, `indexable`.
 */
export function sitemapExclusion(url: string, context: SitemapContext): SitemapExclusion | undefined {
  const path = pathOf(url);
  if (isErrorPage({ url: path }, context.options.errorPages)) return 'error page';
  const file = outputFileForUrl(context.dir, path, context.base);
  const tags = file === undefined ? resolvePage({ url: path }, context.options) : context.tags.tagsOf(file);
  return isNoindexPage(tags) ? 'noindex' : undefined;
}
