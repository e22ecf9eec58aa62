import { gunzipSync } from 'node:zlib';
import { decodeUtf8 } from './decode-utf8.js';
import { parseSitemap } from './parse-sitemap.js';
import { readBytes } from './read-bytes.js';
import { resolveInside } from './resolve-inside.js';
import type { SiteUrl } from './site-url.js';
import type { AuditLocation, AuditSitemap } from './types.js';
import { urlPathKey } from './url-path-key.js';
import { urlToSitePath } from './url-to-site-path.js';

/** The sitemap protocol's size limit, uncompressed. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** A sitemap index holds at most 50,000 children; beyond this many files something is wrong. */
const MAX_SITEMAP_FILES = 1000;

/** File names crawlers and generators use when robots.txt names none. */
export const WELL_KNOWN_SITEMAPS = ['sitemap-index.xml', 'sitemap_index.xml', 'sitemap.xml', 'sitemap-0.xml'];

/** A URL listed in a sitemap. */
export interface SitemapEntry {
  /** As written in `<loc>`. */
  loc: string;
  /** The URL path on the site (percent-encoded, with base path). */
  path: string;
  /** The sitemap file that lists it. */
  file: string;
}

export interface SitemapRead {
  sitemaps: AuditSitemap[];
  /** Keyed by {@link urlPathKey} of the path; the first listing wins. */
  entries: Map<string, SitemapEntry>;
  /** Sitemap references with no file: where they were referenced from. */
  missing: Array<{ url: string; from: AuditLocation }>;
  invalid: Array<{ file: string; reason: string }>;
  /** `<loc>` entries on another origin, by sitemap file. */
  foreign: Map<string, string[]>;
  /** The site, adopted from the first `<loc>` when none was known. */
  site: SiteUrl | undefined;
}

interface Reference {
  url: string;
  /** Relative file, when known without a site (well-known names). */
  file?: string;
  from?: AuditLocation;
}

function decode(bytes: Uint8Array, file: string): { text?: string; reason?: string } {
  let body = bytes;
  if (file.toLowerCase().endsWith('.gz')) {
    try {
      body = gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch {
      return { reason: 'not valid gzip, or larger than 50 MB uncompressed' };
    }
  }
  const decoded = decodeUtf8(body);
  return decoded.text === undefined ? { reason: decoded.skipped } : { text: decoded.text };
}

function siteOf(url: string): SiteUrl | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? { origin, basePath: '' } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the sitemaps robots.txt names (or, when it names none, the well-known files), following
 * sitemap indexes to their children. Sitemaps on another origin are listed but not read.
 */
export async function readSitemaps(root: string, declared: readonly Reference[], initialSite: SiteUrl | undefined): Promise<SitemapRead> {
  const result: SitemapRead = { sitemaps: [], entries: new Map(), missing: [], invalid: [], foreign: new Map(), site: initialSite };
  // Crawlers only find the well-known names when robots.txt names no sitemap.
  const queue: Reference[] = declared.length > 0 ? [...declared] : WELL_KNOWN_SITEMAPS.map((file) => ({ url: file, file }));
  const visited = new Set<string>();

  while (queue.length > 0 && visited.size < MAX_SITEMAP_FILES) {
    const reference = queue.shift()!;
    const well = reference.file !== undefined;
    const sitePath = well ? undefined : urlToSitePath(reference.url, result.site);
    if (!well && sitePath === undefined) {
      result.sitemaps.push({ url: reference.url, kind: 'external', urlCount: 0 });
      continue;
    }
    const file = reference.file ?? urlPathKey(sitePath!).slice((result.site?.basePath ?? '').length).replace(/^\/+/, '');
    if (visited.has(file)) continue;
    visited.add(file);
    const absolute = resolveInside(root, file);
    const bytes = absolute === undefined ? { skipped: 'missing' } : await readBytes(absolute, MAX_SITEMAP_BYTES);
    if (!(bytes instanceof Uint8Array)) {
      if (well && bytes.skipped === 'missing') continue;
      if (bytes.skipped === 'missing') {
        result.sitemaps.push({ url: reference.url, file, kind: 'missing', urlCount: 0 });
        result.missing.push({ url: reference.url, from: reference.from ?? { file } });
      } else {
        result.sitemaps.push({ url: reference.url, file, kind: 'invalid', urlCount: 0 });
        result.invalid.push({ file, reason: bytes.skipped });
      }
      continue;
    }
    const { text, reason } = decode(bytes, file);
    const parsed = text === undefined ? undefined : parseSitemap(text);
    if (!parsed || parsed.kind === 'invalid') {
      result.sitemaps.push({ url: reference.url, file, kind: 'invalid', urlCount: 0 });
      result.invalid.push({ file, reason: reason ?? 'neither a <urlset> nor a <sitemapindex> document' });
      continue;
    }
    result.sitemaps.push({ url: reference.url, file, kind: parsed.kind, urlCount: parsed.locs.length });
    for (const loc of parsed.locs) {
      result.site ??= siteOf(loc);
      if (parsed.kind === 'index') {
        queue.push({ url: loc, from: { file } });
        continue;
      }
      const path = urlToSitePath(loc, result.site);
      if (path === undefined) {
        const list = result.foreign.get(file) ?? [];
        list.push(loc);
        result.foreign.set(file, list);
        continue;
      }
      const key = urlPathKey(path);
      if (!result.entries.has(key)) result.entries.set(key, { loc, path, file });
    }
  }
  return result;
}
