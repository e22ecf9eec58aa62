/**
 * Issue 11: the setups real Astro sites have, each built for real from `fixtures/setups/`
 * (one config file per setup) and checked for the exact tags, sitemap, robots.txt and audit
 * result: `base` (item 4), `@astrojs/sitemap`'s `filenameBase` (item 6), preview builds with
 * `audit: true` (item 13) and options that match no page (item 14).
 */
import { parseRobotsTxt } from '@robots-kit/core';
import { NON_INDEXABLE_ROBOTS_TXT, parseHeadersFile } from '@robots-kit/core/internal/adapter';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, fixtureRoot, type BuiltFixture, type LogEntry } from './helpers/build-fixture.js';
import { listFiles } from './helpers/list-files.js';
import { auditHeadline, GOOGLEBOT_DEFAULT, locs, ours, tagsOf } from './helpers/site-output.js';

const ROOT = fixtureRoot('setups');

/** Builds the fixture with `astro.<name>.config.mjs` into its `dist-<name>` folder. */
function buildSetup(name: string): Promise<BuiltFixture> {
  return buildSite(ROOT, {
    config: { configFile: `./astro.${name}.config.mjs`, outDir: `./dist-${name}`, logLevel: 'info' },
  });
}

describe('issue 11 item 4: `base: /site` with `audit: true`', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSetup('base');
  });

  it('matches path globs below the base: `/tags/**` noindexes /site/tags/…', async () => {
    expect(await tagsOf(site, 'tags/astro/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, 'tags/robots/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, 'drafts/wip/index.html')).toEqual({ robots: ['follow', 'noindex'] });
    expect(await tagsOf(site, 'index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect(await tagsOf(site, '404.html')).toEqual({});
  });

  it('leaves a glob that repeats the base unapplied, and says which glob would match', async () => {
    expect(await tagsOf(site, 'private/notes/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    const warning = ours(site.logs, 'warn').filter((message) => message.includes('noindex.paths[1]'));
    expect(warning).toHaveLength(1);
    expect(warning[0]).toContain('`/site/private/**`');
    expect(warning[0]).toContain('Did you mean `/private/**`?');
    expect(warning[0]).toMatch(/`base` \(?`\/site\/`/);
    expect(warning[0]).not.toMatch(/\[@robots-kit\//);
  });

  it('writes the sitemap and robots.txt with the base in every URL', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://example.com/site/sitemap-index.xml',
    ]);
    expect(locs(await site.read('sitemap-index.xml'))).toEqual(['https://example.com/site/sitemap-0.xml']);
    expect(locs(await site.read('sitemap-0.xml')).sort()).toEqual([
      'https://example.com/site/',
      'https://example.com/site/about/',
      'https://example.com/site/blog/hello/',
      'https://example.com/site/private/notes/',
    ]);
  });

  it('audits the site at its base: no false `sitemap-missing`, no finding at all', () => {
    expect(auditHeadline(site.logs)).toMatch(/dist-base\/: 8 pages, 4 sitemap URLs; 0 errors, 0 warnings, 0 info$/);
    expect(ours(site.logs, 'error')).toEqual([]);
    // The two warnings a `base` build has: where robots.txt is served, and the glob above.
    expect(ours(site.logs, 'warn')).toHaveLength(2);
  });
});

describe('issue 11 item 6: `robotsTxt.sitemap: true` with `@astrojs/sitemap`’s `filenameBase`', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSetup('filename-base');
  });

  it('names the index the sitemap wrote, `pages-index.xml`, which exists', async () => {
    expect(parseRobotsTxt(await site.read('robots.txt')).sitemaps.map((sitemap) => sitemap.url)).toEqual([
      'https://example.com/pages-index.xml',
    ]);
    expect(locs(await site.read('pages-index.xml'))).toEqual(['https://example.com/pages-0.xml']);
    expect(existsSync(new URL('sitemap-index.xml', site.outDir))).toBe(false);
  });

  it('keeps noindex pages out of that sitemap and passes the audit', async () => {
    expect(locs(await site.read('pages-0.xml')).sort()).toEqual([
      'https://example.com/',
      'https://example.com/about/',
      'https://example.com/blog/hello/',
      'https://example.com/private/notes/',
    ]);
    expect(auditHeadline(site.logs)).toMatch(/: 8 pages, 4 sitemap URLs; 0 errors, 0 warnings, 0 info$/);
    expect(site.logs.filter((entry) => entry.level === 'warn' || entry.level === 'error')).toEqual([]);
  });
});

describe('issue 11 item 13: a preview build with `audit: true`', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSetup('preview');
  });

  it('gives every page `noindex, nofollow` and no error page a tag', async () => {
    for (const page of (await listFiles(site.outDir)).filter((file) => file.endsWith('.html'))) {
      expect(await tagsOf(site, page), page).toEqual(page === '404.html' ? {} : { robots: ['nofollow', 'noindex'] });
    }
  });

  it('writes the preview robots.txt and a site-wide X-Robots-Tag rule', async () => {
    expect(await site.read('robots.txt')).toBe(NON_INDEXABLE_ROBOTS_TXT);
    const rules = [...parseHeadersFile(await site.read('_headers'))].map(([pattern, headers]) => [
      pattern,
      headers.map((header) => `${header.name}: ${header.value}`),
    ]);
    expect(rules).toEqual([['/*', ['X-Robots-Tag: noindex, nofollow']]]);
  });

  it('passes its own audit, which checks that nothing can be indexed', () => {
    expect(ours(site.logs, 'info')).toContain(
      'This build is not indexable, so the audit checks that no page can be indexed.',
    );
    expect(auditHeadline(site.logs)).toMatch(/: 8 pages, 7 sitemap URLs; 0 errors, 0 warnings, 0 info$/);
    expect(ours(site.logs, 'error')).toEqual([]);
    expect(ours(site.logs, 'warn')).toEqual([
      'This build is not indexable (option `indexable: false`): every page gets `noindex, nofollow`.',
    ]);
  });

  it('fails when a page of the preview can still be indexed, naming it', async () => {
    const error = await buildSetup('preview-unguarded').then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { hint?: string },
    );
    // The failed build's log, kept where the capturing logger writes it (see helpers/build-fixture.ts).
    const logs = (globalThis as Record<symbol, unknown>)[Symbol.for('@robots-kit/astro test logs')] as LogEntry[];
    expect(error?.message).toBe(
      '[@robots-kit/astro] The robots-kit audit found 1 error in the build output (listed above).',
    );
    expect(error?.hint).toContain('A preview build must keep every page out of search results');
    // One finding line (Astro adds its own line about the failed hook).
    const findings = ours(logs, 'error').filter((message) => message.startsWith('error '));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(
      /^error preview-indexable: This build is not indexable, yet \/landing may be indexed by googlebot and \*/,
    );
  });
});

describe('issue 11 item 14: options that match no page warn at the end of the build', () => {
  let site: BuiltFixture;
  beforeAll(async () => {
    site = await buildSetup('unmatched');
  });

  it('warns once for each glob that matched no page, with a did-you-mean from the site’s paths', () => {
    const warnings = ours(site.logs, 'warn');
    const paths = warnings.filter((message) => message.includes('`noindex.paths[0]`'));
    expect(paths).toEqual([expect.stringContaining('`/tag/**`')]);
    expect(paths[0]).toContain('Did you mean `/tags/**`?');
    expect(warnings.filter((message) => message.includes('`rules[1].path`'))).toEqual([
      expect.stringContaining('`/privat/**`'),
    ]);
    // `/blog/*` matched /blog/hello/: no warning.
    expect(warnings.some((message) => message.includes('rules[0]'))).toBe(false);
  });

  it('warns for a collection no page belongs to, with a did-you-mean from the site’s collections', () => {
    const warnings = ours(site.logs, 'warn').filter((message) => message.includes('`noindex.collections[0]`'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('`draft`');
    expect(warnings[0]).toContain('Did you mean `drafts`?');
  });

  it('leaves the pages the options meant untouched, as the warnings say', async () => {
    expect(await tagsOf(site, 'drafts/wip/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect(await tagsOf(site, 'tags/astro/index.html')).toEqual({ googlebot: GOOGLEBOT_DEFAULT });
    expect((await tagsOf(site, 'blog/hello/index.html')).robots).toEqual(['noarchive']);
  });
});
