import { describe, expect, it } from 'vitest';
import { MAX_SITEMAP_LOCS, parseSitemap } from '../../src/audit/sitemaps.js';

describe('parseSitemap', () => {
  it('reads the <loc> of each <url> of a urlset, decoding XML entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc><lastmod>2025-01-01</lastmod>
    <image:image><image:loc>https://example.com/img.png</image:loc></image:image></url>
  <url><loc><![CDATA[https://example.com/b/]]></loc></url>
  <url><loc></loc></url>
</urlset>`;
    expect(parseSitemap(xml)).toEqual({ kind: 'urlset', locs: ['https://example.com/a?x=1&y=2', 'https://example.com/b/'] });
  });

  it('reads a sitemap index, with a namespace prefix', () => {
    const xml = '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.com/s-0.xml</sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'index', locs: ['https://example.com/s-0.xml'] });
  });

  it('calls anything else invalid', () => {
    expect(parseSitemap('<html><body><url><loc>https://x/</loc></url></body></html>')).toEqual({ kind: 'invalid', locs: [] });
    expect(parseSitemap('')).toEqual({ kind: 'invalid', locs: [] });
    expect(parseSitemap('{"urls": []}')).toEqual({ kind: 'invalid', locs: [] });
  });

  it(`keeps at most ${MAX_SITEMAP_LOCS} entries`, () => {
    const xml = `<urlset>${'<url><loc>https://e.com/</loc></url>'.repeat(MAX_SITEMAP_LOCS + 5)}</urlset>`;
    expect(parseSitemap(xml).locs).toHaveLength(MAX_SITEMAP_LOCS);
  });
});
