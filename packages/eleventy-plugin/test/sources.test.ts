import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { feedPlugin } from '@11ty/eleventy-plugin-rss';
import { beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin from '../src/index.js';
import { buildStub, STUBS, type StubBuild } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';

/** The extra Googlebot tag every indexable page gets by default. */
const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
/** What `noindex.collections` / `noindex.paths` add, on top of the global `noarchive`. */
const CONTENT_TYPE_NOINDEX = { robots: 'noindex, follow, noarchive' };

const options = {
  noindex: { collections: ['private', 'curated', 'paged'], paths: ['/tags/**'] },
  rules: [{ path: '/legal/**', robots: 'nosnippet' }],
  errorPages: ['/maintenance/'],
};

let site: StubBuild;

function page(url: string): string {
  const built = site.byUrl.get(url);
  if (!built) throw new Error(`no output for ${url}; built: ${[...site.byUrl.keys()].join(', ')}`);
  return built.content;
}

beforeAll(async () => {
  site = await buildStub('sources', (eleventyConfig) => {
    eleventyConfig.addPlugin(feedPlugin, {
      type: 'atom',
      outputPath: '/feed.xml',
      collection: { name: 'post', limit: 10 },
      metadata: { title: 'Stub site', base: 'https://example.com/', author: { name: 'Stub' } },
    });
    eleventyConfig.addCollection('curated', (collectionApi: any) => collectionApi.getFilteredByGlob('**/featured.md'));
    eleventyConfig.addGlobalData('eleventyComputed', { generatorNote: () => 'set by the site config' });
    eleventyConfig.addPlugin(robotsPlugin, options);
  });
});

describe('front matter in every template language', () => {
  it.each([
    // Each with the global data file's `noarchive`: every layer of the data cascade combines (issue 37);
    // each crawler's tag is complete on its own (issue 41).
    ['Markdown', '/markdown/', { robots: 'nofollow, noarchive', googlebot: `nofollow, noarchive, ${GOOGLEBOT}` }],
    ['Nunjucks (array form)', '/nunjucks/', { robots: 'noindex, follow, noarchive, noimageindex' }],
    ['Liquid (object form)', '/liquid/', { robots: 'noindex, follow, noarchive' }],
    [
      '11ty.js',
      '/javascript/',
      {
        robots: 'noarchive, nosnippet',
        googlebot: 'noarchive, nosnippet, max-image-preview:large, max-video-preview:-1',
      },
    ],
    [
      'a computed `robots` value',
      '/computed/',
      { robots: 'nofollow, noarchive', googlebot: `nofollow, noarchive, ${GOOGLEBOT}` },
    ],
  ])('%s', (_language, url, expected) => {
    expect(robotsTags(page(url))).toEqual(expected);
  });
});

describe('the data cascade', () => {
  it('applies global data to pages without their own value', () => {
    expect(robotsTags(page('/'))).toEqual({ robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` });
    expect(robotsTags(page('/posts/first/'))).toEqual({ robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` });
  });

  it('applies a directory data file to the folder, with the global data below it', () => {
    expect(robotsTags(page('/drafts/wip/'))).toEqual({ robots: 'noindex, follow, noarchive' });
  });
});

describe('collections', () => {
  it('noindexes members of a tag collection', () => {
    expect(robotsTags(page('/posts/secret/'))).toEqual(CONTENT_TYPE_NOINDEX);
  });

  it('noindexes members of a collection added with addCollection', () => {
    expect(robotsTags(page('/featured/'))).toEqual(CONTENT_TYPE_NOINDEX);
  });

  it('counts the tags of a page excluded from collections', () => {
    expect(robotsTags(page('/excluded/'))).toEqual(CONTENT_TYPE_NOINDEX);
  });

  it('leaves pages of other collections indexable', () => {
    for (const url of ['/posts/first/', '/posts/second/', '/posts/third/']) {
      expect(robotsTags(page(url)), url).toEqual({ robots: 'noarchive', googlebot: `noarchive, ${GOOGLEBOT}` });
    }
  });

  it('gives every page of a paginated template its collection membership', () => {
    const archive = site.pages.filter((built) => typeof built.url === 'string' && built.url.startsWith('/archive/'));
    expect(archive.map((built) => built.url)).toEqual(['/archive/', '/archive/2/', '/archive/3/', '/archive/4/']);
    for (const built of archive) expect(robotsTags(built.content), String(built.url)).toEqual(CONTENT_TYPE_NOINDEX);
  });
});

describe('route rules and paths on page.url', () => {
  it('applies a rule', () => {
    expect(robotsTags(page('/legal/terms/'))).toEqual({
      robots: 'noarchive, nosnippet',
      googlebot: 'noarchive, nosnippet, max-image-preview:large, max-video-preview:-1',
    });
  });

  it('noindexes every page of a paginated tag archive', () => {
    const tagPages = site.pages.filter((built) => typeof built.url === 'string' && built.url.startsWith('/tags/'));
    expect(tagPages.map((built) => built.url).sort()).toEqual([
      '/tags/curated/',
      '/tags/paged/',
      '/tags/post/',
      '/tags/private/',
    ]);
    for (const built of tagPages) expect(robotsTags(built.content), String(built.url)).toEqual(CONTENT_TYPE_NOINDEX);
  });

  it('adds no collection of its own (it would show up in tag archives)', () => {
    // Its only output of its own is robots.txt, which is in no collection either.
    expect(
      site.pages
        .filter((built) => typeof built.url === 'string' && /robots/i.test(built.url))
        .map((built) => built.url),
    ).toEqual(['/robots.txt']);
  });
});

describe("the layout's own robots tag", () => {
  it('is merged into one tag, not duplicated', () => {
    for (const built of site.pages) {
      if (typeof built.outputPath !== 'string' || !built.outputPath.endsWith('.html')) continue;
      const count = built.content.match(/<meta name="robots"/gi)?.length ?? 0;
      expect(count, String(built.url)).toBeLessThanOrEqual(1);
      expect(() => robotsTags(built.content), String(built.url)).not.toThrow();
    }
  });

  it('is rewritten in place, leaving every other byte alone', async () => {
    const html = page('/googlebot/');
    expect(robotsTags(html)).toEqual({ robots: 'noarchive', googlebot: `noarchive, noimageindex, ${GOOGLEBOT}` });
    const layout = await readFile(path.join(STUBS, 'sources/_includes/base.njk'), 'utf8');
    const [beforeRobots] = layout.split('<meta name="robots"');
    expect(html.startsWith(beforeRobots!)).toBe(true);
    expect(html).toContain('<title>Googlebot only | Stub site</title>');
    expect(html.endsWith('</body>\n</html>\n') || html.endsWith('</body>\n</html>')).toBe(true);
  });
});

describe('the Googlebot tag', () => {
  it('is added to indexable pages only', () => {
    for (const built of site.pages) {
      if (typeof built.outputPath !== 'string' || !built.outputPath.endsWith('.html')) continue;
      const tags = robotsTags(built.content);
      if (tags.robots?.split(', ').includes('noindex')) expect(tags.googlebot, String(built.url)).toBeUndefined();
    }
    expect(robotsTags(page('/')).googlebot).toBe(`noarchive, ${GOOGLEBOT}`);
  });

  it('carries front matter meant for Googlebot alone', () => {
    expect(robotsTags(page('/googlebot/'))).toEqual({
      robots: 'noarchive',
      googlebot: `noarchive, noimageindex, ${GOOGLEBOT}`,
    });
  });
});

describe('error pages get no robots tags', () => {
  it.each([
    ['permalink 404.html', '/404.html'],
    ['permalink /404/', '/404/'],
    ['permalink 500.html', '/500.html'],
    ['a localized /fr/404/', '/fr/404/'],
    ['front matter statusCode: 410', '/gone/'],
    ['an errorPages glob', '/maintenance/'],
  ])('%s', (_form, url) => {
    const html = page(url);
    expect(robotsTags(html)).toEqual({});
    expect(html).toContain('<meta name="viewport"');
  });
});

describe('outputs that are not HTML pages', () => {
  it('leaves the feed and its entries untouched', () => {
    const feed = page('/feed.xml');
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(feed).toContain('&lt;p&gt;The first post.&lt;/p&gt;');
    expect(feed).not.toMatch(/robots|googlebot|&lt;head|&lt;html/i);
  });

  it('leaves JSON untouched', () => {
    expect(page('/data.json')).toBe(JSON.stringify({ html: '<html><head><title>not a page</title></head></html>' }));
  });

  it('leaves a permalink: false page untouched', () => {
    const unpublished = site.pages.find((built) => built.url === false);
    expect(unpublished?.inputPath).toMatch(/unpublished\.md$/);
    expect(robotsTags(unpublished!.content)).toEqual({ robots: 'index, follow' });
  });

  it('gives a page without a layout a head for its tags and says so', () => {
    expect(page('/bare/')).toBe(
      `<head><meta name="robots" content="noarchive"><meta name="googlebot" content="noarchive, ${GOOGLEBOT}"></head><p>A page with no layout, so no head.</p>\n`,
    );
    const warning = site.warnings.find((message) => message.includes('bare.md'));
    expect(warning).toMatch(/\[@robots-kit\/eleventy\]/);
    expect(warning).toMatch(/no `<head>`; one was created/);
  });

  it('warns about nothing else', () => {
    expect(site.warnings.filter((message) => !/bare\.md|overridden-excluded\.md/.test(message))).toEqual([]);
  });
});

describe("the site's own eleventyComputed", () => {
  it('a page that replaces it (override:) is read from its collection entry', () => {
    const html = page('/overridden/');
    expect(html).toContain('<title></title>');
    expect(robotsTags(html)).toEqual({ robots: 'nofollow, noarchive', googlebot: `nofollow, noarchive, ${GOOGLEBOT}` });
  });

  it('issue 21 item 2: a page that replaces it and is in no collection still gets its front matter (data by preprocessor)', () => {
    expect(robotsTags(page('/overridden-excluded/'))).toEqual({
      robots: 'nofollow, noarchive',
      googlebot: `nofollow, noarchive, ${GOOGLEBOT}`,
    });
    expect(site.warnings.filter((message) => message.includes('overridden-excluded.md'))).toEqual([]);
  });

  it('still works from a global data file, the config and front matter', () => {
    expect(page('/markdown/')).toContain('<title>Markdown | Stub site</title>');
    expect(page('/markdown/')).toContain('<meta name="generator-note" content="set by the site config">');
    expect(page('/computed/')).toContain('COMPUTED');
    expect(page('/tags/post/')).toContain('<title>Tagged post | Stub site</title>');
  });
});
