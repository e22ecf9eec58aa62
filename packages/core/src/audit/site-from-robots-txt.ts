import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import type { SiteUrl } from './site-url.js';

/** The origin of the first absolute http(s) `Sitemap:` line, the usual sign of where a site lives. */
export function siteFromRobotsTxt(robotsTxt: ParsedRobotsTxt | undefined): SiteUrl | undefined {
  for (const sitemap of robotsTxt?.sitemaps ?? []) {
    try {
      const url = new URL(sitemap.url);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { origin: url.origin, basePath: '' };
    } catch {
      // a relative sitemap line: the syntax check reports it
    }
  }
  return undefined;
}
