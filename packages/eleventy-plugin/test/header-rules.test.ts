/**
 * Issue 41, item 2, on a real Eleventy build (`test/fixtures/header-rules`): a page that only a
 * `headers.rules` path rule makes noindex (`/private/**`) is noindex in its meta tags, out of the
 * sitemap the `robotsIndexable` filter writes, and the audit (`audit: true`) agrees; a rule for
 * Googlebot alone (`userAgent`) reaches Googlebot's tag. Before, such a page kept the extra
 * Googlebot tag of indexable pages and stayed in the sitemap, and only the audit noticed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin, { robotsIndexable, type RobotsOptions } from '../src/index.js';
import { writeStub, type WrittenBuild } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/header-rules/', import.meta.url));
const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const options: RobotsOptions = {
  site: 'https://example.com',
  audit: true,
  headers: {
    targets: ['netlify'],
    rules: [
      { path: '/private/**', robots: 'noindex' },
      { path: '/gallery/**', robots: 'noimageindex', userAgent: 'googlebot' },
    ],
  },
};

describe('issue 41: header rules are part of each page’s resolution (Eleventy)', () => {
  let build: WrittenBuild;
  const read = (file: string) => readFile(path.join(build.output, file), 'utf8');
  beforeAll(async () => {
    build = await writeStub('header-rules', (eleventyConfig) => eleventyConfig.addPlugin(robotsPlugin, options), {
      input: FIXTURE,
    });
  }, 120_000);

  it('gives a page under a noindex header rule noindex in its meta tags, and no indexable-page Googlebot tag', async () => {
    expect(build.failure).toBeUndefined();
    expect(robotsTags(await read('private/secret/index.html'))).toEqual({ robots: 'noindex' });
    expect(robotsTags(await read('gallery/sunset/index.html'))).toEqual({ googlebot: `noimageindex, ${GOOGLEBOT}` });
    expect(robotsTags(await read('index.html'))).toEqual({ googlebot: GOOGLEBOT });
    // The header file still sends the rule, for the files it covers besides pages.
    expect(await read('_headers')).toMatch(/^\/private\/:p1\/\*\n {2}X-Robots-Tag: noindex$/m);
  });

  it('keeps it out of the sitemap the robotsIndexable filter writes, and the audit passes', async () => {
    const sitemap = await read('sitemap.xml');
    expect(sitemap).not.toContain('/private/');
    expect(sitemap).toContain('<loc>https://example.com/gallery/sunset/</loc>');
    expect(sitemap).toContain('<loc>https://example.com/</loc>');
    // `audit: true` fails the build on an error such as `noindex-in-sitemap`.
    expect(build.errors.join('\n')).not.toMatch(/noindex-in-sitemap/);
  });

  it('leaves it out through the robotsIndexable function too', () => {
    const items = ['/', '/private/secret/', '/gallery/sunset/'].map((url) => ({ url, data: {} }));
    expect(robotsIndexable(items, options).map((item) => item.url)).toEqual(['/', '/gallery/sunset/']);
  });
});
