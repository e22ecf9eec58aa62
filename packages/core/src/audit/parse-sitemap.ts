import { Parser } from 'htmlparser2';

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
