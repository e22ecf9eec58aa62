/**
 * Issue 11, item 1: a Starlight docs site (`fixtures/starlight-site/`), built for real with
 * `@astrojs/starlight`: its pages, its 404, its own `head` front matter, `robots` in
 * `docsSchema({ extend })`, and the sitemap Starlight adds by itself. A docs page's entry
 * reaches the middleware through `Astro.locals.starlightRoute` (Starlight passes no props).
 */
import { parseRobotsTxt } from '@robots-kit/core';
import robots from '@robots-kit/astro';
import starlight from '@astrojs/starlight';
import { build } from 'astro';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, fixtureRoot, type BuiltFixture } from './helpers/build-fixture.js';
import { auditHeadline, GOOGLEBOT_DEFAULT, locs, ours, tagsOf } from './helpers/site-output.js';

/** Builds the Starlight fixture with `astro.<name>.config.mjs` (or `astro.config.mjs`). */
function buildStarlight(name?: string): Promise<BuiltFixture> {
  const config =
    name === undefined
      ? { logLevel: 'info' as const }
      : { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}`, logLevel: 'info' as const };
  return buildFixture('starlight-site', { config });
}

const STARLIGHT_FIX =
  /^Starlight adds @astrojs\/sitemap without a filter: list `sitemap\(\{ filter: robotsSitemapFilter\(\) \}\)`/;

describe('issue 11 item 1: a Starlight site as created, robots() after starlight()', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildStarlight();
  });

  it('gives a docs page with nothing set only the Googlebot tag', async () => {
    expect(await tagsOf(site, 'index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect(await tagsOf(site, 'guides/getting-started/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
  });

  it('merges the robots tag of Starlight’s `head` front matter instead of adding a second one', async () => {
    expect(await tagsOf(site, 'guides/head/index.html')).toEqual({
      robots: ['noarchive'],
      googlebot: [...GOOGLEBOT_DEFAULT, 'noarchive'],
    });
    // The other `head` entry is left as written.
    expect(await site.read('guides/head/index.html')).toMatch(
      /<meta name="description" content="Kept as written."\s*\/?>/,
    );
  });

  it('leaves Starlight’s own 404 page without robots tags', async () => {
    expect(await tagsOf(site, '404.html')).toEqual({});
    expect(await site.read('404.html')).toContain('<title>404');
  });

  it('applies `noindex.paths` to docs pages', async () => {
    expect(await tagsOf(site, 'internal/notes/index.html')).toEqual({ robots: ['follow', 'noindex'] });
  });

  it('points robots.txt at the sitemap Starlight adds', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://docs.example.com/sitemap-index.xml',
    ]);
  });

  it('warns, once, that Starlight’s sitemap lists a noindex page, and says what to do', () => {
    const warnings = ours(site.logs, 'warn');
    expect(warnings.filter((message) => message.includes('/internal/notes/'))).toEqual([
      'sitemap-0.xml lists https://docs.example.com/internal/notes/, a page that carries noindex: search engines get contradictory signals.',
    ]);
    expect(warnings.filter((message) => STARLIGHT_FIX.test(message))).toHaveLength(1);
  });

  it('applies a docs page’s own `robots: noindex` front matter', async () => {
    expect(await tagsOf(site, 'guides/draft/index.html')).toEqual({ robots: ['noindex'] });
  });
});

describe('issue 11 item 1: robots() listed before starlight()', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildStarlight('robots-first');
  });

  it('still finds the sitemap Starlight adds later: robots.txt names its index, its output is checked', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://docs.example.com/sitemap-index.xml',
    ]);
    const warnings = ours(site.logs, 'warn');
    expect(
      warnings.some((message) => message.startsWith('sitemap-0.xml lists https://docs.example.com/internal/notes/')),
    ).toBe(true);
    expect(warnings.filter((message) => STARLIGHT_FIX.test(message))).toHaveLength(1);
  });
});

describe('issue 11 item 1: the README recipe, a filtered sitemap of our own and the audit', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildStarlight('recipe');
  });

  it('keeps noindex pages out of the sitemap Starlight then uses, and passes the audit', async () => {
    expect(locs(await site.read('sitemap-index.xml'))).toEqual(['https://docs.example.com/sitemap-0.xml']);
    const listed = locs(await site.read('sitemap-0.xml'));
    expect(listed).not.toContain('https://docs.example.com/internal/notes/');
    expect(listed).toContain('https://docs.example.com/guides/getting-started/');
    expect(auditHeadline(site.logs)).toMatch(/: 6 pages, \d sitemap URLs; 0 errors, 0 warnings, 1 info$/);
    // The one info finding (issue 16): Starlight's sidebar links to the noindex draft guide.
    const infos = site.logs.filter(
      (entry) =>
        entry.label === '@robots-kit/astro' && entry.level === 'info' && entry.message.includes('link-to-noindex'),
    );
    expect(infos.map((entry) => entry.message)).toEqual([
      expect.stringMatching(/link to \/guides\/draft\/, which is noindex/),
    ]);
    expect(
      site.logs.filter(
        (entry) => entry.label === '@robots-kit/astro' && (entry.level === 'warn' || entry.level === 'error'),
      ),
    ).toEqual([]);
  });

  it('leaves the noindex draft out of the sitemap', async () => {
    expect(locs(await site.read('sitemap-0.xml')).sort()).toEqual([
      'https://docs.example.com/',
      'https://docs.example.com/guides/getting-started/',
      'https://docs.example.com/guides/head/',
    ]);
  });
});

describe('issue 11 item 1: `robots` in docsSchema({ extend })', () => {
  it('fails the content sync on a typo in a docs page’s `robots`, with a did-you-mean', async () => {
    const root = fixtureRoot('starlight-site');
    const error = await build({
      root: fileURLToPath(root),
      configFile: false,
      site: 'https://docs.example.com',
      srcDir: './typo',
      outDir: './dist-typo',
      cacheDir: './node_modules/.astro-typo',
      logLevel: 'silent',
      integrations: [starlight({ title: 'Typo' }), robots()],
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error?.message).toContain('**docs → index** data does not match collection schema.');
    expect(error?.message).toContain('**robots**: [@robots-kit/astro] unknown directive `noindx`');
    expect(error?.message).toContain('Did you mean `noindex`?');
  });
});
