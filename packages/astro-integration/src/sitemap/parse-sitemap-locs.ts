import { Parser } from 'htmlparser2';

/** The `<loc>` entries of a sitemap file and what kind of file it is. */
export interface SitemapLocs {
  /** `index`: `<sitemapindex>` of child sitemaps; `urlset`: page URLs; `other`: not a sitemap. */
  kind: 'index' | 'urlset' | 'other';
  locs: string[];
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/**
 * Reads a sitemap or sitemap index with htmlparser2 in XML mode: the `<loc>` of each `<url>`
 * or `<sitemap>`, trimmed. Only predefined and numeric entities are decoded; a DTD's entities
 * are never expanded.
 */
export function parseSitemapLocs(xml: string): SitemapLocs {
  const locs: string[] = [];
  const open: string[] = [];
  let root: string | undefined;
  let text: string | undefined;
  const parser = new Parser(
    {
      onopentagname(name) {
        const local = localName(name);
        root ??= local;
        open.push(local);
        if (local === 'loc') text = '';
      },
      ontext(data) {
        if (text !== undefined) text += data;
      },
      onclosetag() {
        const local = open.pop();
        const parent = open.at(-1);
        if (local === 'loc' && text !== undefined && (parent === 'url' || parent === 'sitemap') && text.trim() !== '') locs.push(text.trim());
        if (local === 'loc') text = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  const kind = root === 'sitemapindex' ? 'index' : root === 'urlset' ? 'urlset' : 'other';
  return { kind, locs: kind === 'other' ? [] : locs };
}
