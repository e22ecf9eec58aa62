/**
 * Issue 11, item 9: drafts marked the way eleventy-base-blog marks them, `draft: true` in front
 * matter (or a folder's data file), kept out of search results and sitemaps by
 * `noindex: { data: { draft: true } }`; and the `eleventyComputed` recipe that does the same
 * without wiping other pages' `robots`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { writeStub } from './helpers/build-stub.js';
import { auditSummary, tagsByUrl } from './helpers/cli-project.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const OPTIONS = { site: 'https://example.com', robotsTxt: { sitemap: true }, audit: true } as const;

describe('item 9: drafts by a data value', () => {
  it('noindex: { data: { draft: true } } keeps every draft out of search results and the sitemap, and the audit passes', async () => {
    const build = await writeStub('drafts', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, { ...OPTIONS, noindex: { data: { draft: true } } });
    });
    expect(build.failure).toBeUndefined();
    expect(await tagsByUrl(build.output)).toEqual({
      '/': { googlebot: GOOGLEBOT },
      '/notes/idea/': { robots: 'noindex, follow' },
      '/posts/in-progress/': { robots: 'noindex, follow' },
      '/posts/not-a-draft/': { robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` },
      '/posts/own-robots/': { robots: 'noindex, nofollow' },
      '/posts/published/': { googlebot: GOOGLEBOT },
    });
    expect(sitemapPaths(await readFile(path.join(build.output, 'sitemap.xml'), 'utf8')).sort()).toEqual([
      '/',
      '/posts/not-a-draft/',
      '/posts/published/',
    ]);
    expect(await readFile(path.join(build.output, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n',
    );
    expect(auditSummary(build.warnings.join('\n'))).toMatch(/: 6 pages, 3 sitemap URLs; 0 errors, 0 warnings/);
    // Every condition matched a page: no "matched no page" warning.
    expect(build.warnings.filter((line) => line.includes('no page'))).toEqual([]);
  });

  it('the eleventyComputed recipe keeps the robots of the pages that are not drafts', async () => {
    const build = await writeStub('drafts', (eleventyConfig) => {
      // As a global data file `_data/eleventyComputed.js` would: merged with the plugin's own entry.
      eleventyConfig.addGlobalData('eleventyComputed', {
        robots: (data: { draft?: unknown; robots?: unknown }) => (data.draft === true ? 'noindex' : data.robots),
      });
      eleventyConfig.addPlugin(robotsPlugin, OPTIONS);
    });
    expect(build.failure).toBeUndefined();
    const tags = await tagsByUrl(build.output);
    expect(tags['/posts/in-progress/']).toEqual({ robots: 'noindex' });
    expect(tags['/notes/idea/']).toEqual({ robots: 'noindex' });
    expect(tags['/posts/not-a-draft/']).toEqual({ robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` });
    expect(tags['/posts/published/']).toEqual({ googlebot: GOOGLEBOT });
    expect(sitemapPaths(await readFile(path.join(build.output, 'sitemap.xml'), 'utf8')).sort()).toEqual([
      '/',
      '/posts/not-a-draft/',
      '/posts/published/',
    ]);
  });

  it('without the option, drafts are indexable and listed (what the option fixes)', async () => {
    const build = await writeStub('drafts', (eleventyConfig) => {
      eleventyConfig.addPlugin(robotsPlugin, OPTIONS);
    });
    expect((await tagsByUrl(build.output))['/posts/in-progress/']).toEqual({ googlebot: GOOGLEBOT });
    expect(sitemapPaths(await readFile(path.join(build.output, 'sitemap.xml'), 'utf8'))).toContain(
      '/posts/in-progress/',
    );
  });
});
