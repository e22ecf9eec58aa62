import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { parseHeadersFile } from '@robots-kit/core/internal/adapter';
import { readFile } from 'node:fs/promises';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { listFiles } from './helpers/list-files.js';
import { robotsTags } from './helpers/robots-tags.js';
import { tokens } from './helpers/tokens.js';

/** The page URLs of the sitemap index and its children (files below `base`), read with an XML parser. */
async function sitemapUrls(site: BuiltFixture, base = '/'): Promise<string[]> {
  const locs = (xml: string): string[] =>
    DomUtils.findAll((element) => element.name === 'loc', parseDocument(xml, { xmlMode: true }).children).map((loc) =>
      DomUtils.textContent(loc).trim(),
    );
  const urls: string[] = [];
  for (const child of locs(await site.read('sitemap-index.xml'))) {
    urls.push(...locs(await site.read(new URL(child).pathname.slice(base.length))));
  }
  return urls.sort();
}

/** `/a/index.html` → `https://example.com/a/`. */
function urlOf(file: string): string {
  return `https://example.com/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/**
 * The pages a sitemap should list, decided here from the built HTML on its own: no robots or
 * googlebot tag with noindex/none, and not an error page (404, 500, and `/oops/` by the
 * fixture's `errorPages` option).
 */
async function indexablePages(site: BuiltFixture): Promise<string[]> {
  const pages: string[] = [];
  for (const file of (await listFiles(site.outDir)).filter((path) => path.endsWith('.html'))) {
    if (/^(404|500)\.html$|^oops\//.test(file)) continue;
    const noindex = robotsTags(await site.read(file), ['robots', 'googlebot']).some(([, content]) =>
      tokens(content).some((token) => token === 'noindex' || token === 'none'),
    );
    if (!noindex) pages.push(urlOf(file));
  }
  return pages.sort();
}

const EXCLUDED = [
  '/hidden/',
  '/none/',
  '/googlebot-only/',
  '/locals/',
  '/tags/bread/',
  '/notes/secret-note/',
  '/drafts/draft/',
  '/oops/',
  '/404/',
  '/500/',
];

describe.each([
  ['listed before robots()', 'sitemap-first'],
  ['listed after robots()', 'robots-first'],
])('@astrojs/sitemap with robotsSitemapFilter(), %s', (_order, name) => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('sitemap', {
      config: { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}`, logLevel: 'info' },
    });
  });

  it('lists every indexable page and no noindex or error page', async () => {
    const listed = await sitemapUrls(site);
    const expected = (await indexablePages(site)).filter(
      (url) => name !== 'robots-first' || !url.endsWith('/excluded-by-user/'),
    );
    expect(listed).toEqual(expected);
    expect(listed).toContain('https://example.com/');
    expect(listed).toContain('https://example.com/about/');
    expect(listed).toContain('https://example.com/notes/public-note/');
    // noindex for Bingbot only: still a page for the search engines a sitemap is for.
    expect(listed).toContain('https://example.com/bingbot-only/');
    for (const path of EXCLUDED) expect(listed).not.toContain(`https://example.com${path}`);
  });

  it('applies the user’s own filter too', async () => {
    expect((await sitemapUrls(site)).includes('https://example.com/excluded-by-user/')).toBe(name !== 'robots-first');
  });

  it('points robots.txt at sitemap-index.xml, merged with public/robots.txt', async () => {
    const text = await site.read('robots.txt');
    expect(parseRobotsTxt(text).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://example.com/sitemap-index.xml',
    ]);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/search-results/')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/search')).toBe(false);
  });

  it('prints no warning', () => {
    expect(site.logs.filter((entry) => entry.level === 'warn' || entry.level === 'error')).toEqual([]);
  });

  if (name === 'robots-first') {
    it('runs the audit after the sitemap is written, whatever the order', async () => {
      const headline = site.logs.find(
        (entry) => entry.label === '@robots-kit/astro' && entry.message.startsWith('robots-kit audit of '),
      );
      expect(headline?.level).toBe('info');
      expect(headline?.message).toContain(`${(await sitemapUrls(site)).length} sitemap URLs; 0 errors`);
    });
  }
});

describe('@astrojs/sitemap without the filter, `robotsTxt: false`, base `/docs`', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('sitemap', {
      config: { configFile: './astro.unfiltered.config.mjs', outDir: './dist-unfiltered', logLevel: 'info' },
    });
  });

  it('warns about each noindex or error page the sitemap lists, naming it, then says how to fix it', async () => {
    const warnings = site.logs.filter((entry) => entry.level === 'warn').map((entry) => entry.message);
    const listed = await sitemapUrls(site, '/docs/');
    expect(listed.every((url) => url.startsWith('https://example.com/docs/'))).toBe(true);
    const indexable = ['/', '/about/', '/bingbot-only/', '/excluded-by-user/', '/notes/public-note/'].map(
      (path) => `https://example.com/docs${path}`,
    );
    const wrong = listed.filter((url) => !indexable.includes(url));
    expect(wrong.length).toBeGreaterThan(5);
    for (const url of wrong)
      expect(
        warnings.filter((line) => line.includes(` ${url},`)),
        url,
      ).toHaveLength(1);
    expect(warnings.find((line) => line.includes('/docs/oops/'))).toContain('an error page');
    expect(warnings.find((line) => line.includes('/docs/hidden/'))).toContain('sitemap-0.xml lists');
    expect(warnings.at(-1)).toContain('robotsSitemapFilter()');
    expect(warnings).toHaveLength(wrong.length + 1);
  });

  it('leaves public/robots.txt as the user wrote it', async () => {
    const written = await site.readBytes('robots.txt');
    expect(written.equals(await readFile(new URL('./public/robots.txt', fixtureRoot('sitemap'))))).toBe(true);
    expect(site.logs.some((entry) => entry.message.includes('`robots.txt` created'))).toBe(false);
  });

  it('writes each page’s header rule at its path in the output folder, as the rule globs are (Netlify serves the folder at its root)', async () => {
    const rules = parseHeadersFile(await site.read('_headers'));
    expect(rules.get('/hidden/')).toEqual([{ name: 'X-Robots-Tag', value: 'noindex' }]);
    expect(rules.get('/none/')).toEqual([{ name: 'X-Robots-Tag', value: 'none' }]);
    expect([...rules.keys()].some((pattern) => pattern.startsWith('/docs/'))).toBe(false);
  });
});
