import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { matchHeaderPattern, parseHeadersFile } from '@robots-kit/core/internal/adapter';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuiltFixture } from './helpers/build-fixture.js';
import { listFiles } from './helpers/list-files.js';
import { robotsTags } from './helpers/robots-tags.js';
import { tokens } from './helpers/tokens.js';

const EXAMPLE = new URL('../../../examples/astro-blog/', import.meta.url);

function locs(xml: string): string[] {
  return DomUtils.findAll((element) => element.name === 'loc', parseDocument(xml, { xmlMode: true }).children).map(
    (loc) => DomUtils.textContent(loc).trim(),
  );
}

describe('examples/astro-blog', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSite(EXAMPLE, { config: { logLevel: 'info' } });
  });

  it('lists every indexable page in its sitemap, and no noindex or error page', async () => {
    const listed: string[] = [];
    for (const child of locs(await site.read('sitemap-index.xml')))
      listed.push(...locs(await site.read(new URL(child).pathname.slice(1))));
    const indexable: string[] = [];
    for (const file of (await listFiles(site.outDir)).filter((path) => path.endsWith('.html'))) {
      if (/^(404|500)\.html$/.test(file)) continue;
      const noindex = robotsTags(await site.read(file), ['robots', 'googlebot']).some(([, content]) =>
        tokens(content).some((token) => token === 'noindex' || token === 'none'),
      );
      if (!noindex) indexable.push(`https://example.com/${file.replace(/(^|\/)index\.html$/, '$1')}`);
    }
    expect(listed.sort()).toEqual(indexable.sort());
    expect(listed).toContain('https://example.com/blog/rye-loaf/');
    expect(listed.some((url) => /\/(drafts|tags)\//.test(url))).toBe(false);
  });

  it('writes robots.txt with its groups, the sitemap index and the AI bots group', async () => {
    const text = await site.read('robots.txt');
    expect(parseRobotsTxt(text).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://example.com/sitemap-index.xml',
    ]);
    expect(isAllowed(text, 'Bingbot', 'https://example.com/search?q=rye')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/search')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/blog/rye-loaf/')).toBe(true);
    expect(isAllowed(text, 'GPTBot', 'https://example.com/blog/rye-loaf/')).toBe(false);
  });

  it('sends X-Robots-Tag: noindex for the PDF through _headers', async () => {
    const rules = parseHeadersFile(await site.read('_headers'));
    const values = [...rules]
      .filter(([pattern]) => matchHeaderPattern(pattern, '/files/guide.pdf', 'netlify'))
      .flatMap(([, headers]) => headers.map((header) => header.value));
    expect(values).toEqual(['noindex, nofollow']);
    expect((await site.readBytes('files/guide.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('passes its own audit with no finding and prints no warning', () => {
    const headline = site.logs.find(
      (entry) => entry.label === '@robots-kit/astro' && entry.message.startsWith('robots-kit audit of '),
    );
    expect(headline?.level).toBe('info');
    expect(headline?.message).toMatch(/ [1-9]\d* sitemap URLs; 0 errors, 0 warnings, 4 info$/);
    // The info findings (issue 16): posts link to their tag pages, which are noindex on purpose;
    // one build-log line for the four (issue 37 item 4), the list in `robots-kit check`.
    const infos = site.logs.filter(
      (entry) =>
        entry.label === '@robots-kit/astro' && entry.level === 'info' && entry.message.includes('link-to-noindex'),
    );
    expect(infos.map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^info link-to-noindex: 4 findings, .*\(tags\/.*index\.html, … 1 more\)/),
    ]);
    expect(site.logs.filter((entry) => entry.level === 'warn' || entry.level === 'error')).toEqual([]);
  });
});
