/**
 * Issue 11 item 3: path globs match the URL path a page is served at, the same in `astro dev`
 * and in every build, whatever `build.format` and `trailingSlash`. One small site, built nine
 * times, and served once by `astro dev`.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedPath } from '../src/served-path.js';
import { buildFixture, fixtureRoot } from './helpers/build-fixture.js';
import { robotsTags } from './helpers/robots-tags.js';
import { startAstroDev, type RunningDevServer } from './helpers/start-astro-dev.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
/** Every page, by the URL it is served at, and its exact tags (options: noindex.paths `/about`, `/blog/**`; rules `/` and `/docs/guide/`). */
const EXPECTED: Record<string, Array<[string, string]>> = {
  '/': [
    ['robots', 'noarchive'],
    ['googlebot', `noarchive, ${GOOGLEBOT}`],
  ],
  '/about': [['robots', 'noindex, follow']],
  '/blog': [['robots', 'noindex, follow']],
  '/blog/post': [['robots', 'noindex, follow, noarchive']],
  '/docs/guide': [
    ['robots', 'nosnippet'],
    ['googlebot', 'nosnippet, max-image-preview:large, max-video-preview:-1'],
  ],
  '/contact': [['googlebot', GOOGLEBOT]],
};
/** Where each format writes each page. */
const FILES: Record<'directory' | 'file' | 'preserve', Record<string, string>> = {
  directory: {
    '/': 'index.html',
    '/about': 'about/index.html',
    '/blog': 'blog/index.html',
    '/blog/post': 'blog/post/index.html',
    '/docs/guide': 'docs/guide/index.html',
    '/contact': 'contact/index.html',
  },
  file: {
    '/': 'index.html',
    '/about': 'about.html',
    '/blog': 'blog.html',
    '/blog/post': 'blog/post.html',
    '/docs/guide': 'docs/guide.html',
    '/contact': 'contact.html',
  },
  preserve: {
    '/': 'index.html',
    '/about': 'about.html',
    '/blog': 'blog/index.html',
    '/blog/post': 'blog/post.html',
    '/docs/guide': 'docs/guide.html',
    '/contact': 'contact.html',
  },
};

describe('build.format and trailingSlash (issue 11 item 3)', () => {
  for (const format of ['directory', 'file', 'preserve'] as const) {
    for (const trailingSlash of ['ignore', 'always', 'never'] as const) {
      it(`gives every page the same tags with build.format '${format}' and trailingSlash '${trailingSlash}'`, async () => {
        const site = await buildFixture('formats', {
          config: { build: { format }, trailingSlash, outDir: `./dist-${format}-${trailingSlash}` },
        });
        for (const [url, expected] of Object.entries(EXPECTED)) {
          expect(robotsTags(await site.read(FILES[format][url]!)), `${url} (${FILES[format][url]})`).toEqual(expected);
        }
      });
    }
  }

  it('maps the paths prerendering sees to the paths hosts serve (servedPath)', () => {
    expect(servedPath('/about.html', '/about')).toBe('/about');
    expect(servedPath('/index.html', '/')).toBe('/');
    expect(servedPath('/blog.html', '/blog')).toBe('/blog');
    expect(servedPath('/blog/index.html', '/blog')).toBe('/blog/');
    expect(servedPath('/about/', '/about')).toBe('/about/');
    // A route that is itself named `.html` keeps it.
    expect(servedPath('/legacy.html', '/legacy.html')).toBe('/legacy.html');
  });
});

describe('the same globs in astro dev with build.format file', () => {
  let dev: RunningDevServer;
  beforeAll(async () => {
    dev = await startAstroDev(fileURLToPath(fixtureRoot('formats')), {
      nodeEnv: 'development',
      args: ['--config', 'astro.file.config.mjs'],
    });
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('serves each page with the tags the build gives it', async () => {
    for (const [url, expected] of Object.entries(EXPECTED)) {
      const response = await fetch(dev.origin + url);
      expect(response.status, url).toBe(200);
      expect(robotsTags(await response.text()), url).toEqual(expected);
    }
  });
});
