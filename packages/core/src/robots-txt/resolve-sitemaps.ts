import { RobotsError } from '../errors/robots-error.js';
import type { RobotsTxtContext, RobotsTxtOptions } from './options-types.js';

const KEY = 'robotsTxt.sitemap';

function resolveOne(value: string, key: string, site: string | undefined, source: string | undefined): string {
  if (/^https?:\/\//i.test(value)) return new URL(value).href;
  if (site === undefined) {
    throw new RobotsError({
      code: 'robots-txt-sitemap-needs-site',
      ...(source === undefined ? {} : { source }),
      key,
      value,
      problem: 'relative sitemap path, but robots.txt needs an absolute URL and the `site` option is not set to resolve it against, got',
      expected: 'an absolute URL such as `https://example.com/sitemap.xml`, or `site` set to the site\'s URL',
      suggestion: `site: 'https://example.com'`,
    });
  }
  let base: URL;
  try {
    base = new URL(site);
  } catch {
    throw new RobotsError({ code: 'invalid-site', ...(source === undefined ? {} : { source }), key: 'site', value: site, problem: '`site` is not an absolute URL, got', expected: 'the site\'s URL, e.g. `https://example.com`' });
  }
  return new URL(value, base).href;
}

/**
 * The sitemap URLs to write, absolute: `true` stands for
 * `context.defaultSitemap`, and paths are resolved against `context.site`.
 */
export function resolveSitemaps(sitemap: RobotsTxtOptions['sitemap'], context: RobotsTxtContext): string[] {
  if (sitemap === undefined) return [];
  if (sitemap === true) {
    if (context.defaultSitemap === undefined) {
      throw new RobotsError({
        code: 'robots-txt-no-default-sitemap',
        ...(context.source === undefined ? {} : { source: context.source }),
        key: KEY,
        value: true,
        problem: '`sitemap: true` asks for the default sitemap, but this build has none, got',
        expected: 'a sitemap URL or path',
        suggestion: '/sitemap-index.xml',
      });
    }
    return [resolveOne(context.defaultSitemap, KEY, context.site, context.source)];
  }
  const list = typeof sitemap === 'string' ? [sitemap] : sitemap;
  return list.map((value, index) => resolveOne(value, typeof sitemap === 'string' ? KEY : `${KEY}[${index}]`, context.site, context.source));
}
