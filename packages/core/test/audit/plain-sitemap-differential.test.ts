import { describe, expect, it } from 'vitest';
import { readPlainSitemap } from '../../src/audit/plain-sitemap.js';
import { parseSitemapXml } from '../../src/audit/sitemaps.js';

/** What a reader reports: the kind and every `<loc>` with its kind, in order. */
function read(reader: typeof parseSitemapXml, xml: string): { kind: string | undefined; locs: string[] } {
  const locs: string[] = [];
  const kind = reader(xml, (loc, kind) => locs.push(`${kind} ${loc}`));
  return { kind, locs };
}
/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The pieces sitemaps are made of, plain and otherwise; generated files mix them. */
const ROOTS = ['urlset', 'sitemapindex', 'sm:urlset', 'URLSET', 'html', 'feed'];
const ENTRIES = ['url', 'sitemap', 'sm:url', 'Url', 'item'];
const LOCS = ['loc', 'sm:loc', 'LOC', 'image:loc', 'link'];
const TEXTS = [
  ' https://example.com/a/ ',
  'https://example.com/b?x=1&amp;y=2',
  '',
  '\n  https://example.com/c/\n',
  'https://example.com/&#x41;',
  'a > b',
  'https://e.com/<b>x</b>y',
  'https://e.com/d',
  '<![CDATA[https://e.com/cdata]]>',
  'https://e.com/é',
];
const SPACES = ['', ' ', '\n', '\t', '\r\n  '];
const ATTRIBUTES = [
  '',
  ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
  " a='1'",
  ' a = "x>y"',
  ' a="&amp;"',
  ' a=1',
  ' a',
  ' a="1"b="2"',
  ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"',
];
const EXTRAS = [
  '',
  '<lastmod>2025-01-01</lastmod>',
  '<!-- note -->',
  '<priority/>',
  '<changefreq>daily</changefreq >',
  '</loc>',
  '<loc>',
  '<?pi x?>',
  '& stray',
  '< stray',
  '<x:y-z.1>t</x:y-z.1>',
  '<priority / >',
  '<news:news/>',
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}
/** A sitemap: mostly plain pieces, with a hostile one now and then (more of them with `hostility`). */
function generate(seed: number, hostility: number): string {
  const next = random(seed);
  const plain = <T>(items: readonly T[], plainCount: number): T =>
    next() < hostility ? pick(next, items) : items[Math.floor(next() * plainCount)]!;
  const root = plain(ROOTS, 2);
  let xml = next() < 0.8 ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '';
  xml += `<${root}${plain(ATTRIBUTES, 2)}>`;
  const count = Math.floor(next() * 6);
  for (let i = 0; i < count; i++) {
    const entry = root === 'sitemapindex' && next() < 0.8 ? 'sitemap' : plain(ENTRIES, 1);
    const loc = plain(LOCS, 1);
    xml += `${pick(next, SPACES)}<${entry}>${plain(EXTRAS, 1)}<${loc}${plain(ATTRIBUTES, 1)}>${plain(TEXTS, 4)}</${loc}${pick(next, ['', ' '])}>${plain(EXTRAS, 2)}</${entry}>`;
  }
  if (next() > hostility * 0.5) xml += `${pick(next, SPACES)}</${root}>`;
  return xml + pick(next, SPACES);
}

describe('readPlainSitemap against htmlparser2 (issue 21)', () => {
  it('reads what htmlparser2 reads, or leaves the file to it, on generated and hostile sitemaps', () => {
    let readPlain = 0;
    let total = 0;
    for (const hostility of [0, 0.05, 0.3, 1]) {
      for (let seed = 1; seed <= 1500; seed++) {
        const xml = generate(seed * 7919 + Math.round(hostility * 100), hostility);
        const plain = read(readPlainSitemap, xml);
        total++;
        if (plain.kind === undefined) {
          // Nothing is reported for a file it leaves to htmlparser2.
          expect(plain.locs, xml).toEqual([]);
          continue;
        }
        readPlain++;
        expect(plain, xml).toEqual(read(parseSitemapXml, xml));
      }
    }
    // The plain reader does read most generated files, and leaves many hostile ones.
    expect(readPlain).toBeGreaterThan(total * 0.3);
    expect(readPlain).toBeLessThan(total * 0.9);
  });

  it("reads the bench's and the generators' sitemaps itself, with the same result", () => {
    const urls = Array.from(
      { length: 300 },
      (_, i) => `<url><loc>https://example.com/posts/post-${i}/</loc><lastmod>2025-01-0${(i % 9) + 1}</lastmod></url>`,
    );
    const files = [
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml</loc></sitemap></sitemapindex>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://example.com/</loc><xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/"/></url></urlset>',
    ];
    for (const xml of files) {
      const plain = read(readPlainSitemap, xml);
      expect(plain.kind).not.toBeUndefined();
      expect(plain).toEqual(read(parseSitemapXml, xml));
    }
    expect(read(readPlainSitemap, files[0]!).locs).toHaveLength(300);
  });

  it('agrees with htmlparser2 on tags at the edge of plain', () => {
    const tricky = [
      '<priority / >',
      '<x/y>',
      '<x/ y="1">',
      '<priority/>',
      '<a:b:c/>',
      '<loc/>',
      '<url/>',
      '<x a="/>">',
      '<x\na="1"\n/>',
      '</x >',
      '<x></x\n>',
      '<?pi <loc>?>',
      '<?x ?>',
    ];
    for (const piece of tricky) {
      for (const xml of [
        `<urlset><url>${piece}<loc>https://e.com/a</loc></url></urlset>`,
        `<urlset><url><loc>https://e.com/a</loc>${piece}</url></urlset>`,
        `${piece}<urlset><url><loc>https://e.com/a</loc></url></urlset>`,
      ]) {
        const plain = read(readPlainSitemap, xml);
        if (plain.kind !== undefined) expect(plain, xml).toEqual(read(parseSitemapXml, xml));
      }
    }
  });

  it('leaves comments, CDATA, character references, stray markup and unclosed or mismatched elements to htmlparser2', () => {
    for (const xml of [
      '<urlset><url><loc>https://e.com/a?x&amp;y</loc></url></urlset>',
      '<urlset><!-- c --><url><loc>https://e.com/</loc></url></urlset>',
      '<urlset><url><loc><![CDATA[https://e.com/]]></loc></url></urlset>',
      '<urlset><url><loc>https://e.com/</loc></url>',
      '<urlset><url><loc>https://e.com/</url></urlset>',
      '<urlset><url><loc>https://e.com/</loc></url></URLSET>',
      '<urlset a=1><url><loc>https://e.com/</loc></url></urlset>',
      '<urlset><url><loc>https://e.com/ < x</loc></url></urlset>',
    ]) {
      expect(
        readPlainSitemap(xml, () => {}),
        xml,
      ).toBeUndefined();
    }
  });

  it('reads a file of 200,000 URLs itself (a search to the end of the file per URL would not finish)', () => {
    const make = (count: number): string => `<urlset>${'<url><loc>https://e.com/p</loc></url>'.repeat(count)}</urlset>`;
    let seen = 0;
    expect(readPlainSitemap(make(200_000), () => seen++)).toBe('urlset');
    expect(seen).toBe(200_000);
  });
});
