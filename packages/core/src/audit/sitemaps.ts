/**
 * Reading sitemaps (index, gzip) of a built site as a stream of URLs: every `<loc>` counted and
 * checked, memory bounded by one file at a time whatever the number and size of the files.
 */
import { Parser } from 'htmlparser2';
import { gunzipSync } from 'node:zlib';
import { decodeUtf8, ownString, readBytes, resolveInside } from './read-files.js';
import type { SiteUrl, AuditLocation, AuditSitemap, SitemapRead, SitemapEntry } from './types.js';
import { urlPathKey, urlToSitePath } from './site-urls.js';
import { readPlainSitemap } from './plain-sitemap.js';

/** What a sitemap file holds. */
export interface ParsedSitemap {
  /** `index`: a `<sitemapindex>` of child sitemaps; `urlset`: page URLs; `invalid`: neither. */
  kind: 'index' | 'urlset' | 'invalid';
  /** The `<loc>` values (children for an index, pages for a urlset), trimmed. */
  locs: string[];
}
/** The sitemap protocol's limit of URLs (or child sitemaps) per file. */
export const SITEMAP_PROTOCOL_MAX_URLS = 50_000;
/** A `<loc>` longer than this is cut: no URL is, and a hostile one could fill memory. */
const MAX_LOC_LENGTH = 10_000;
function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}
/**
 * Calls `onLoc` for each `<loc>` of a sitemap or sitemap index, read as htmlparser2 reads it in
 * XML mode (a plain file by {@link readPlainSitemap}, any other with htmlparser2), and returns
 * what the file is. Each value is a copy, so none keeps the file's text
 * alive. Only the predefined and numeric entities are decoded; a DTD's own entities are never
 * expanded, so entity bombs stay inert. A file that is neither kind reports no `<loc>`.
 */
export function forEachSitemapLoc(
  xml: string,
  onLoc: (loc: string, kind: 'index' | 'urlset') => void,
): ParsedSitemap['kind'] {
  return readPlainSitemap(xml, onLoc) ?? parseSitemapXml(xml, onLoc);
}
/** {@link forEachSitemapLoc} with htmlparser2, for any file {@link readPlainSitemap} does not read. */
export function parseSitemapXml(
  xml: string,
  onLoc: (loc: string, kind: 'index' | 'urlset') => void,
): ParsedSitemap['kind'] {
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
        if (text !== undefined && text.length < MAX_LOC_LENGTH) text += data;
      },
      onclosetag() {
        const local = stack.pop();
        const parent = stack[stack.length - 1];
        const listing = root === 'urlset' || root === 'sitemapindex';
        if (local === 'loc' && text !== undefined && listing && (parent === 'url' || parent === 'sitemap')) {
          const loc = text.trim();
          if (loc !== '') onLoc(ownString(loc), root === 'urlset' ? 'urlset' : 'index');
        }
        if (local === 'loc') text = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return root === 'sitemapindex' ? 'index' : root === 'urlset' ? 'urlset' : 'invalid';
}
/** Every `<loc>` of a sitemap or sitemap index, in order (see {@link forEachSitemapLoc}). */
export function parseSitemap(xml: string): ParsedSitemap {
  const locs: string[] = [];
  const kind = forEachSitemapLoc(xml, (loc) => locs.push(loc));
  return { kind, locs };
}

/** The sitemap protocol's size limit, uncompressed. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Sitemap files read at most: a sitemap index that lists more is cut there, and says so. */
export const MAX_SITEMAP_FILES = 1000;
/** File names crawlers and generators use when robots.txt names none. */
export const WELL_KNOWN_SITEMAPS = ['sitemap-index.xml', 'sitemap_index.xml', 'sitemap.xml', 'sitemap-0.xml'];
export interface SitemapReference {
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
    } catch (error) {
      const tooLarge = error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      return { reason: tooLarge ? "larger than 50 MB uncompressed, the sitemap protocol's limit" : 'not valid gzip' };
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

/** What one file of the walk gave: its kind and its `<loc>` values, each handed over as it is read. */
type Visit = (loc: string, kind: 'index' | 'urlset', file: string) => boolean | void;
/**
 * Reads the sitemaps robots.txt names (or, when it names none, the well-known files) and the
 * children of sitemap indexes, one file at a time, calling `visit` for every `<loc>`; `visit`
 * returning false stops the walk. Sitemaps on another origin are listed but not read.
 */
async function walk(
  root: string,
  declared: readonly SitemapReference[],
  result: SitemapRead,
  visit: Visit,
): Promise<void> {
  // Crawlers only find the well-known names when robots.txt names no sitemap.
  const queue: SitemapReference[] =
    declared.length > 0 ? [...declared] : WELL_KNOWN_SITEMAPS.map((file) => ({ url: file, file }));
  const visited = new Set<string>();
  let stop = false;
  while (queue.length > 0 && !stop) {
    const reference = queue.shift()!;
    const well = reference.file !== undefined;
    const sitePath = well ? undefined : urlToSitePath(reference.url, result.site);
    if (!well && sitePath === undefined) {
      result.sitemaps.push({ url: reference.url, kind: 'external', urlCount: 0 });
      continue;
    }
    const file =
      reference.file ??
      urlPathKey(sitePath!)
        .slice((result.site?.basePath ?? '').length)
        .replace(/^\/+/, '');
    if (visited.has(file)) continue;
    if (visited.size >= MAX_SITEMAP_FILES) {
      notRead(result, reference.from ?? { file });
      continue;
    }
    visited.add(file);
    const absolute = resolveInside(root, file);
    const bytes = absolute === undefined ? { skipped: 'missing' } : await readBytes(absolute, MAX_SITEMAP_BYTES, root);
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
    const sitemap: AuditSitemap = { url: reference.url, file, kind: 'invalid', urlCount: 0 };
    let children = 0;
    const kind =
      text === undefined
        ? 'invalid'
        : forEachSitemapLoc(text, (loc, kind) => {
            if (stop) return;
            sitemap.urlCount++;
            // Children are queued only as far as they can be read; the rest are counted.
            if (kind === 'index' && children++ < MAX_SITEMAP_FILES) queue.push({ url: loc, from: { file } });
            else if (kind === 'index') notRead(result, { file });
            if (visit(loc, kind, file) === false) stop = true;
          });
    if (kind === 'invalid') {
      result.sitemaps.push(sitemap);
      result.invalid.push({ file, reason: reason ?? 'neither a <urlset> nor a <sitemapindex> document' });
      continue;
    }
    result.sitemaps.push({ ...sitemap, kind });
  }
}
function notRead(result: SitemapRead, from: AuditLocation): void {
  result.notRead.count++;
  result.notRead.from ??= from;
}
/** What reading no sitemap gives (the live check and the toolbar fill it in their own way). */
export function emptySitemapRead(site: SiteUrl | undefined): SitemapRead {
  return { sitemaps: [], urlCount: 0, missing: [], invalid: [], foreign: new Map(), notRead: { count: 0 }, site };
}

/**
 * The site the sitemaps are written for, when nothing else says: the origin of the first
 * `<loc>` met (a child sitemap's or a page's), reading no further than that.
 */
export async function siteFromSitemaps(
  root: string,
  declared: readonly SitemapReference[],
): Promise<SiteUrl | undefined> {
  let site: SiteUrl | undefined;
  await walk(root, declared, emptySitemapRead(undefined), (loc) => {
    site = siteOf(loc);
    return site === undefined;
  });
  return site;
}
/**
 * Reads every sitemap and calls `onEntry` for each page URL on the site, as it is read: a
 * sitemap of any size (the protocol allows 50,000 URLs, more are counted and reported) costs
 * memory for one file at a time. URLs on another origin are counted per file, with the first.
 */
export async function readSitemaps(
  root: string,
  declared: readonly SitemapReference[],
  site: SiteUrl | undefined,
  onEntry: (entry: SitemapEntry) => void,
): Promise<SitemapRead> {
  const result = emptySitemapRead(site);
  await walk(root, declared, result, (loc, kind, file) => {
    if (kind === 'index') return;
    const path = urlToSitePath(loc, site);
    if (path === undefined) {
      const foreign = result.foreign.get(file);
      if (foreign) foreign.count++;
      else result.foreign.set(file, { count: 1, first: loc });
      return;
    }
    result.urlCount++;
    onEntry({ loc, path, file });
  });
  return result;
}
