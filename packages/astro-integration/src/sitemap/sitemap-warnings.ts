import { capLines } from '@robots-kit/core';
import type { SitemapListing } from './read-written-sitemaps.js';
import { sitemapExclusion } from './sitemap-exclusion.js';
import type { SitemapContext } from './sitemap-context.js';

/**
 * One line per sitemap URL that is a noindex or error page (capped, with a count of the
 * rest), then how to fix it; nothing when every listed page may be indexed.
 */
export function sitemapWarnings(listings: readonly SitemapListing[], context: SitemapContext, max = 10): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { url, file } of listings) {
    if (seen.has(url)) continue;
    seen.add(url);
    const exclusion = sitemapExclusion(url, context);
    if (exclusion === undefined) continue;
    const what = exclusion === 'noindex' ? 'a page that carries noindex' : 'an error page';
    lines.push(`${file} lists ${url}, ${what}: search engines get contradictory signals.`);
  }
  if (lines.length === 0) return [];
  return [...capLines(lines, max), 'Keep such pages out of the sitemap with `sitemap({ filter: robotsSitemapFilter() })` (from @robots-kit/astro).'];
}
