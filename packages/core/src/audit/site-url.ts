import { RobotsError } from '../errors/robots-error.js';

/** The site a folder is served as. */
export interface SiteUrl {
  /** `https://example.com` */
  origin: string;
  /** The path the folder is served below, without trailing slash: `''` or `/docs`. */
  basePath: string;
}

/** Reads `--site` / `options.site`: an absolute http(s) URL, optionally with a base path. */
export function parseSiteUrl(site: string, source = 'options'): SiteUrl {
  let url: URL | undefined;
  try {
    url = new URL(site);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    const bare = /^[a-z0-9.-]+\.[a-z]{2,}(?:\/.*)?$/i.test(site);
    throw new RobotsError({
      code: 'invalid-site',
      source,
      key: 'site',
      value: site,
      problem: 'invalid site URL',
      expected: 'an absolute http(s) URL without query or fragment, e.g. `https://example.com`',
      ...(bare ? { suggestion: `https://${site}` } : {}),
    });
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}
