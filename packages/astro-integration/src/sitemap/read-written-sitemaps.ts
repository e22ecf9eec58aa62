import { parseSitemap } from '@robots-kit/core';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';

/** A page URL a sitemap lists, and the sitemap file (relative to the output folder) that lists it. */
export interface SitemapListing {
  url: string;
  file: string;
}

/** The output file a sitemap index entry points at, if it is inside `dir`. */
function childFile(dir: string, base: string, loc: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(loc).pathname);
  } catch {
    return undefined;
  }
  const prefix = base.replace(/\/+$/, '');
  if (prefix && path.startsWith(prefix + '/')) path = path.slice(prefix.length);
  const file = relative(dir, join(dir, path));
  return file === '' || file.startsWith('..') || isAbsolute(file) ? undefined : file.split('\\').join('/');
}

/**
 * Every page URL in the sitemap files just written (`files`, relative to `dir`), following
 * sitemap indexes to their children in the same folder. Files that are not sitemaps, or
 * cannot be read, are skipped: this is a check, not the sitemap's validator.
 */
export async function readWrittenSitemaps(dir: string, base: string, files: readonly string[]): Promise<SitemapListing[]> {
  const queue = [...files];
  const seen = new Set<string>();
  const listings: SitemapListing[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let xml: string;
    try {
      xml = await readFile(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const { kind, locs } = parseSitemap(xml);
    if (kind === 'index') {
      for (const loc of locs) {
        const child = childFile(dir, base, loc);
        if (child !== undefined) queue.push(child);
      }
    } else if (kind === 'urlset') {
      listings.push(...locs.map((url) => ({ url, file })));
    }
  }
  return listings;
}
