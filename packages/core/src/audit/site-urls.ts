/**
 * URLs and files of a built site: the site origin and base path, file to URL, URL to candidate
 * files.
 */
import { RobotsError } from '../errors.js';
import type { TrailingSlash, SiteUrl } from './types.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';

/** Characters browsers leave as they are in a URL path although `encodeURIComponent` escapes them. */
const PATH_SAFE_ESCAPES = /%(?:24|26|2B|2C|3A|3B|3D|40)/g;
/** A file or folder name as it appears in a URL path: `a b` → `a%20b`, `ü` → `%C3%BC`, `a:b` stays. */
export function encodePathSegment(segment: string): string {
  // Nearly every name is letters, digits, `-`, `_` and `.`, which stay as they are: the
  // escaping and its regular expression, run for every page's every folder, are skipped.
  let plain = true;
  for (let i = 0; i < segment.length && plain; i++) {
    const c = segment.charCodeAt(i);
    plain =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x2d ||
      c === 0x5f ||
      c === 0x2e;
  }
  if (plain) return segment;
  return encodeURIComponent(segment).replace(PATH_SAFE_ESCAPES, (escape) => decodeURIComponent(escape));
}

/**
 * The form URL paths are compared in: percent-escapes decoded where they are valid, so
 * `/caf%C3%A9/` from a sitemap and `/café/` from a file name meet.
 */
export function urlPathKey(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
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

const HTML_EXTENSION = /\.html?$/i;
/**
 * The URL path a host serves an HTML file at, below `basePath` (`''` or `/docs`):
 * `a/index.html` → `/a/` (`/a` with `never`); `a.html` → `/a` (`/a.html` with `always`).
 */
export function fileToUrl(file: string, trailingSlash: TrailingSlash, basePath = ''): string {
  const segments = file.split('/');
  const last = segments[segments.length - 1]!;
  // `last.replace(HTML_EXTENSION, '')` without the regular expression: this runs for every page.
  const lower = last.toLowerCase();
  const stem = last.slice(0, last.length - (lower.endsWith('.html') ? 5 : lower.endsWith('.htm') ? 4 : 0));
  let path: string;
  if (stem.toLowerCase() === 'index') {
    const folders = segments.slice(0, -1).map(encodePathSegment);
    path = folders.length === 0 ? '/' : `/${folders.join('/')}${trailingSlash === 'never' ? '' : '/'}`;
  } else {
    segments[segments.length - 1] = trailingSlash === 'always' ? last : stem;
    path = `/${segments.map(encodePathSegment).join('/')}`;
  }
  return basePath === '' ? path : path === '/' && trailingSlash === 'never' ? basePath : basePath + path;
}

/**
 * The file a URL path ending in `.html` names, relative to the output folder: `/docs/de.html`
 * → `de.html` below `/docs`. A static host serves such a URL from that very file whatever
 * `trailingSlash` says, which is what `build.format: 'file'` sites link to (Astro's
 * `Astro.url.pathname` ends in `.html` there). Undefined for any other path.
 */
export function htmlFileOfPath(path: string, basePath = ''): string | undefined {
  if (!HTML_EXTENSION.test(path)) return undefined;
  if (basePath !== '' && !path.startsWith(`${basePath}/`)) return undefined;
  const file = urlPathKey(path.slice(basePath.length)).replace(/^\/+/, '');
  return file === '' ? undefined : file;
}

const INDEX_FILE = /\/index\.html?$/i;
/**
 * The page URLs a requested path can be served by, best first: itself; `/a/index.html` also
 * as `/a/`; and with `ignore`, the path with the trailing slash toggled and without `.html`.
 */
export function urlCandidates(path: string, trailingSlash: TrailingSlash): string[] {
  const candidates = [path];
  if (INDEX_FILE.test(path)) {
    const folder = path.replace(INDEX_FILE, '/');
    candidates.push(trailingSlash === 'never' && folder !== '/' ? folder.slice(0, -1) : folder);
  }
  if (trailingSlash === 'ignore' && path !== '/') {
    candidates.push(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    if (HTML_EXTENSION.test(path)) candidates.push(path.replace(HTML_EXTENSION, ''));
  }
  return candidates;
}

/**
 * The path of an absolute URL on the site, including the base path (`/docs/a/`), or undefined
 * when the URL is not http(s) or is on another origin or outside the base path. Without a
 * known site every http(s) URL counts as the site's.
 */
export function urlToSitePath(url: string, site: SiteUrl | undefined): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (site === undefined) return parsed.pathname;
  if (parsed.origin !== site.origin) return undefined;
  const { pathname } = parsed;
  if (site.basePath !== '' && pathname !== site.basePath && !pathname.startsWith(`${site.basePath}/`)) return undefined;
  return pathname;
}

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
