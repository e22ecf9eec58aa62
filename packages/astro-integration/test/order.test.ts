import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { auditHeadline, ours } from './helpers/site-output.js';

/**
 * A theme integration that sets `site` in its own setup and rewrites `dist/robots.txt` in its
 * `astro:build:done` (as AstroWind's does), listed before and after robots(): robots.txt is
 * written and audited after it in both orders, with the theme's lines kept.
 */
describe.each([
  ['listed after robots()', 'robots-first'],
  ['listed before robots()', 'theme-first'],
])('a theme that rewrites robots.txt in astro:build:done, %s', (_order, name) => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('order', {
      config: { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}`, logLevel: 'info' },
    });
  });

  it("reads `site` from the final config: the theme's setup may set it after robots()'", async () => {
    // `sitemap: true` is the site's sitemap.xml, made absolute with the `site` the theme set.
    const text = await site.read('robots.txt');
    expect(parseRobotsTxt(text).sitemaps.map((sitemap) => sitemap.url)).toEqual(['https://example.com/sitemap.xml']);
    expect(site.logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it("keeps the theme's and public/robots.txt's lines and adds the AI-bot group, in the deployed file", async () => {
    const text = await site.read('robots.txt');
    expect(isAllowed(text, 'Googlebot', 'https://example.com/search')).toBe(false);
    expect(isAllowed(text, 'Googlebot', 'https://example.com/about/')).toBe(true);
    expect(isAllowed(text, 'BadBot', 'https://example.com/about/')).toBe(false);
    expect(isAllowed(text, 'GPTBot', 'https://example.com/')).toBe(false);
    expect(isAllowed(text, 'ClaudeBot', 'https://example.com/')).toBe(false);
    expect(parseRobotsTxt(text).diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  });

  it('names the integration whose robots.txt it merged, and audits the final file', () => {
    expect(ours(site.logs, 'info')).toContain(
      "robots.txt keeps every line of the robots.txt `fixture-theme` wrote in `astro:build:done` and adds the robotsTxt options' lines.",
    );
    const infos = ours(site.logs, 'info');
    const merged = infos.findIndex((line) => line.startsWith('robots.txt keeps'));
    const audit = infos.findIndex((line) => line.startsWith('robots-kit audit of '));
    expect(merged).toBeGreaterThanOrEqual(0);
    expect(audit).toBeGreaterThan(merged);
    expect(auditHeadline(site.logs)).toContain('0 errors');
  });
});
