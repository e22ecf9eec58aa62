/** Reading sitemaps (index, gzip) of a built site, bounded in size and depth. */
import { Parser } from 'htmlparser2';
import { gunzipSync } from 'node:zlib';
import { decodeUtf8, readBytes, resolveInside } from './read-files.js';
import type { SiteUrl, AuditLocation, AuditSitemap, SitemapRead } from './types.js';
import { urlPathKey, urlToSitePath } from './site-urls.js';

/** What a sitemap file holds. */
export interface ParsedSitemap {
  /** `index`: a `<sitemapindex>` of child sitemaps; `urlset`: page URLs; `invalid`: neither. */
  kind: 'index' | 'urlset' | 'invalid';
  /** The `<loc>` values (children for an index, pages for a urlset), trimmed. */
  locs: string[];
}
/** Protocol limit per file is 50,000; a generous cap keeps a hostile file from eating memory. */
export const MAX_SITEMAP_LOCS = 200_000;
function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}
/**
 * Reads the `<loc>` entries of a sitemap or sitemap index with htmlparser2 in XML mode.
 * Only the predefined and numeric entities are decoded; a DTD's own entities are never
 * expanded, so entity bombs stay inert.
 */
export function parseSitemap(xml: string): ParsedSitemap {
  const locs: string[] = [];
  const stack: string[] = [];
  let root: string | undefined;
  let text: string | undefined;
  const parser = new Parser(
    {
      onopentagname(name) {
        const local = localName(name);
        root ??= local;
        stack.push(local);
        if (local === 'loc') text = '';
      },
      ontext(data) {
        if (text !== undefined && text.length < 10_000) text += data;
      },
      onclosetag() {
        const local = stack.pop();
        const parent = stack[stack.length - 1];
        if (local === 'loc' && text !== undefined && (parent === 'url' || parent === 'sitemap') && locs.length < MAX_SITEMAP_LOCS) {
          const loc = text.trim();
          if (loc !== '') locs.push(loc);
        }
        if (local === 'loc') text = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  const kind = root === 'sitemapindex' ? 'index' : root === 'urlset' ? 'urlset' : 'invalid';
  return { kind, locs: kind === 'invalid' ? [] : locs };
}

/** The sitemap protocol's size limit, uncompressed. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** A sitemap index holds at most 50,000 children; beyond this many files something is wrong. */
const MAX_SITEMAP_FILES = 1000;
/** File names crawlers and generators use when robots.txt names none. */
export const WELL_KNOWN_SITEMAPS = ['sitemap-index.xml', 'sitemap_index.xml', 'sitemap.xml', 'sitemap-0.xml'];
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
