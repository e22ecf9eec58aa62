/**
 * `robotsTxt: { sitemap: true }` without a sitemap integration: robots.txt names a sitemap only
 * when the build wrote one, and says why it has no `Sitemap:` line otherwise; the audit then
 * has no line of ours to fail on.
 */
import { parseRobotsTxt } from '@robots-kit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type BuiltFixture } from './helpers/build-fixture.js';
import { auditHeadline, ours } from './helpers/site-output.js';

describe('`robotsTxt: { sitemap: true }` and no sitemap in the output', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('no-sitemap', { config: { logLevel: 'info' } });
  });

  it('writes no Sitemap: line naming a missing file, and says why', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps).toEqual([]);
    const warnings = ours(site.logs, 'warn');
    expect(warnings.filter((line) => line.includes('robots.txt has no `Sitemap:` line'))).toHaveLength(1);
    expect(warnings.join('\n')).toContain('Add `@astrojs/sitemap` to `integrations`');
  });

  it('passes its own audit', () => {
    expect(auditHeadline(site.logs)).toContain('0 errors');
  });
});

describe('`robotsTxt: { sitemap: true }` and a sitemap.xml of the site in public/', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildFixture('no-sitemap', {
      config: { configFile: './astro.public-sitemap.config.mjs', outDir: './dist-public-sitemap', logLevel: 'info' },
    });
  });

  it('names that sitemap', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://example.com/sitemap.xml',
    ]);
    expect(ours(site.logs, 'warn').filter((line) => line.includes('Sitemap:'))).toEqual([]);
    expect(auditHeadline(site.logs)).toContain('0 errors');
  });
});
