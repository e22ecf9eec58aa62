import type { NormalizedRobotsOptions } from '@robots-kit/core';
import type { PageTagsCache } from '../build/page-tags-cache.js';

/**
 * What `robotsSitemapFilter` needs to judge a URL, set by the robots integration in
 * `astro:config:done` and updated with the exact output folder when a build finishes.
 * Module state, because `@astrojs/sitemap` calls the filter with nothing but the URL.
 */
export interface SitemapContext {
  /** Absolute path of the folder the built HTML files are in. */
  dir: string;
  /** Astro's `base`. */
  base: string;
  options: NormalizedRobotsOptions;
  tags: PageTagsCache;
}

let current: SitemapContext | undefined;

export function setSitemapContext(context: SitemapContext): void {
  current = context;
}

export function getSitemapContext(): SitemapContext | undefined {
  return current;
}
