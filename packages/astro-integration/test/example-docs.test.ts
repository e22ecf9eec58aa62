/**
 * examples/astro-docs: a Starlight docs site as a user sets it up from the README's recipe,
 * built with its own config.
 */
import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuiltFixture } from './helpers/build-fixture.js';
import { auditHeadline, GOOGLEBOT_DEFAULT, locs, ours, tagsOf } from './helpers/site-output.js';

const EXAMPLE = new URL('../../../examples/astro-docs/', import.meta.url);

describe('examples/astro-docs (Starlight)', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSite(EXAMPLE, { config: { logLevel: 'info' } });
  });

  it('gives docs pages the Googlebot tag, merges Starlight’s `head` robots tag, leaves the 404 alone', async () => {
    expect(await tagsOf(site, 'guides/install/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect(await tagsOf(site, 'guides/configuration/index.html')).toEqual({
      robots: ['max-snippet:160'],
      googlebot: ['max-image-preview:large', 'max-snippet:160', 'max-video-preview:-1'],
    });
    expect(await tagsOf(site, 'internal/release-checklist/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, '404.html')).toEqual({});
  });

  it('writes robots.txt with the sitemap index and the AI bots group', async () => {
    const text = await site.read('robots.txt');
    expect(parseRobotsTxt(text).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://docs.example.com/sitemap-index.xml',
    ]);
    expect(isAllowed(text, 'GPTBot', 'https://docs.example.com/guides/install/')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://docs.example.com/guides/install/')).toBe(true);
  });

  it('keeps the internal notes out of the sitemap and passes its own audit without a warning', async () => {
    const listed = locs(await site.read('sitemap-0.xml'));
    expect(listed).toContain('https://docs.example.com/guides/install/');
    expect(listed).not.toContain('https://docs.example.com/internal/release-checklist/');
    expect(auditHeadline(site.logs)).toMatch(/ [1-9]\d* sitemap URLs; 0 errors, 0 warnings, 1 info$/);
    // The one info finding (issue 16): the sidebar links to the unfinished guide, which is noindex.
    expect(ours(site.logs, 'info').filter((message) => message.includes('link-to-noindex'))).toEqual([
      expect.stringMatching(/link to \/guides\/plugins\/, which is noindex/),
    ]);
    expect([...ours(site.logs, 'warn'), ...ours(site.logs, 'error')]).toEqual([]);
  });

  it('noindexes the unfinished guide and leaves it out of the sitemap', async () => {
    expect(await tagsOf(site, 'guides/plugins/index.html')).toEqual({ robots: ['noindex'] });
    expect(locs(await site.read('sitemap-0.xml')).sort()).toEqual([
      'https://docs.example.com/',
      'https://docs.example.com/guides/configuration/',
      'https://docs.example.com/guides/install/',
      'https://docs.example.com/reference/cli/',
    ]);
  });
});
