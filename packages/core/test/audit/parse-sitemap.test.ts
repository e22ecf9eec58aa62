import { describe, expect, it } from 'vitest';
import { forEachSitemapLoc, parseSitemap, SITEMAP_PROTOCOL_MAX_URLS } from '../../src/audit/sitemaps.js';

describe('parseSitemap', () => {
  it('reads the <loc> of each <url> of a urlset, decoding XML entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://example.com/a?x=1&amp;y=2 </loc><lastmod>2025-01-01</lastmod>
    <image:image><image:loc>https://example.com/img.png</image:loc></image:image></url>
  <url><loc><![CDATA[https://example.com/b/]]></loc></url>
  <url><loc></loc></url>
</urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      locs: ['https://example.com/a?x=1&y=2', 'https://example.com/b/'],
    });
  });

  it('reads a sitemap index, with a namespace prefix', () => {
    const xml =
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.com/s-0.xml</sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'index', locs: ['https://example.com/s-0.xml'] });
  });

  it('calls anything else invalid', () => {
    expect(parseSitemap('<html><body><url><loc>https://x/</loc></url></body></html>')).toEqual({
      kind: 'invalid',
      locs: [],
    });
    expect(parseSitemap('')).toEqual({ kind: 'invalid', locs: [] });
    expect(parseSitemap('{"urls": []}')).toEqual({ kind: 'invalid', locs: [] });
  });

  it("issue 13 item 10: hands over every entry, past the protocol's 50,000 and past 200,000", () => {
    const count = 240_000;
    const xml = `<urlset>${Array.from({ length: count }, (_, i) => `<url><loc>https://e.com/${i}</loc></url>`).join('')}</urlset>`;
    let seen = 0;
    let last = '';
    expect(forEachSitemapLoc(xml, (loc) => ((last = loc), seen++))).toBe('urlset');
    expect(seen).toBe(count);
    expect(seen).toBeGreaterThan(SITEMAP_PROTOCOL_MAX_URLS);
    expect(last).toBe(`https://e.com/${count - 1}`);
  });
});
