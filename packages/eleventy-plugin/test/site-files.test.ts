import { feedPlugin } from '@11ty/eleventy-plugin-rss';
import sitemapPlugin from '@quasibit/eleventy-plugin-sitemap';
import { isAllowed, parseRobotsTxt } from '@robots-kit/core';
import { isNoindexPage } from '@robots-kit/core/internal/adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import robotsPlugin, { robotsIndexable, type RobotsOptions } from '../src/index.js';
import { buildStub, type StubBuild } from './helpers/build-stub.js';
import { robotsTags } from './helpers/meta-tags.js';
import { sitemapPaths } from './helpers/sitemap-urls.js';

const GOOGLEBOT = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

const options: RobotsOptions = {
  site: 'https://example.com',
  noindex: { collections: ['drafts'], paths: ['/tags/**'] },
  robotsTxt: {
    groups: [
      { userAgent: '*', disallow: ['/hidden/', '/search'] },
      // The guide's trap: Googlebot now skips the `*` group and its disallows.
      { userAgent: 'Googlebot', allow: ['/'] },
    ],
    sitemap: true,
    blockAiBots: true,
  },
};

/** What the sitemaps must list: the indexable pages of `collections.all`, and the feed, which is in it too. */
const INDEXABLE = ['/', '/about/', '/bare/', '/feed.xml', '/nosnippet/', '/posts/bare-post/', '/posts/post/'];

let site: StubBuild;

function output(url: string): string {
  const built = site.byUrl.get(url);
  if (!built) throw new Error(`no output for ${url}; built: ${[...site.byUrl.keys()].join(', ')}`);
  return built.content;
}

beforeAll(async () => {
  site = await buildStub('site-files', (eleventyConfig) => {
    eleventyConfig.addPlugin(feedPlugin, {
      type: 'atom',
      outputPath: '/feed.xml',
      collection: { name: 'post' },
      metadata: { title: 'Stub site', base: 'https://example.com/', author: { name: 'Stub' } },
    });
    eleventyConfig.addPlugin(sitemapPlugin, { sitemap: { hostname: 'https://example.com' } });
    eleventyConfig.addJavaScriptFunction('namedRobotsIndexable', (items: unknown[]) => robotsIndexable(items, options));
    eleventyConfig.addPlugin(robotsPlugin, options);
  });
});

describe('robots.txt', () => {
  it('is a page of the build (so `--serve` and `toJSON()` have it), in no collection', () => {
    const robots = site.byUrl.get('/robots.txt');
    expect(robots?.inputPath).toMatch(/robots-kit-robots\.txt\.11ty\.js$/);
    expect(robots?.outputPath).toMatch(/_site\/robots\.txt$/);
    expect(sitemapPaths(output('/sitemap.xml'))).not.toContain('/robots.txt');
    expect(output('/tags/post/')).not.toContain('robots.txt');
  });

  it('has the configured groups, the sitemap and the AI rules, as crawlers read them', () => {
    const text = output('/robots.txt');
    const parsed = parseRobotsTxt(text);
    expect(parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(parsed.sitemaps.map((sitemap) => sitemap.url)).toEqual(['https://example.com/sitemap.xml']);
    expect(isAllowed(parsed, 'Bingbot', 'https://example.com/hidden/')).toBe(false);
    expect(isAllowed(parsed, 'Bingbot', 'https://example.com/search?q=x')).toBe(false);
    expect(isAllowed(parsed, 'Bingbot', 'https://example.com/about/')).toBe(true);
    expect(isAllowed(parsed, 'Googlebot', 'https://example.com/hidden/')).toBe(true);
    for (const bot of ['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'PerplexityBot']) {
      expect(isAllowed(parsed, bot, 'https://example.com/'), bot).toBe(false);
    }
    expect(text.endsWith('\n')).toBe(true);
  });

  it('warns about a noindex page robots.txt keeps crawlers from reading, and about the group trap', () => {
    const robotsWarnings = site.warnings.filter((message) => !message.includes('no `<head>`'));
    expect(robotsWarnings).toEqual([
      expect.stringMatching(
        /\[@robots-kit\/eleventy\] robots\.txt: the `Googlebot` group \(line \d+\) makes Googlebot ignore the `User-agent: \*` group, so it may crawl `\/hidden\/` \(line 2\), `\/search` \(line 3\)/,
      ),
      expect.stringMatching(
        /\[@robots-kit\/eleventy\] \/hidden\/ carries noindex but robots\.txt line 2 disallows it for all crawlers/,
      ),
    ]);
  });
});

describe('the robotsIndexable sitemap filter', () => {
  it('lists exactly the indexable pages in a sitemap.xml.njk over collections.all', () => {
    expect(sitemapPaths(output('/sitemap.xml')).sort()).toEqual(INDEXABLE);
  });

  it('never lists a page whose built HTML is noindex, or an error page; lists every other HTML page of collections.all', () => {
    const listed = new Set(sitemapPaths(output('/sitemap.xml')));
    const notInCollections = new Set([
      '/tags/post/',
      '/tags/drafts/',
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-js.xml',
      '/sitemap-named.txt',
      '/sitemap-quasibit.xml',
    ]);
    const errorPages = ['/404.html', '/gone/'];
    for (const built of site.pages) {
      if (typeof built.url !== 'string' || typeof built.outputPath !== 'string' || !built.outputPath.endsWith('.html'))
        continue;
      const noindex = isNoindexPage(robotsTags(built.content));
      if (noindex || errorPages.includes(built.url)) expect(listed.has(built.url), built.url).toBe(false);
      else if (!notInCollections.has(built.url)) expect(listed.has(built.url), built.url).toBe(true);
    }
    for (const url of ['/hidden/', '/none/', '/googlebot-noindex/', '/drafts/draft/']) {
      expect(isNoindexPage(robotsTags(output(url))), url).toBe(true);
    }
  });

  it('drops `permalink: false` pages', () => {
    expect(site.pages.some((built) => built.url === false && built.inputPath.endsWith('unpublished.md'))).toBe(true);
    expect(sitemapPaths(output('/sitemap.xml')).some((url) => url.includes('unpublished'))).toBe(false);
  });

  it('works as `this.robotsIndexable` in an 11ty.js template', () => {
    expect(sitemapPaths(output('/sitemap-js.xml'))).toEqual(sitemapPaths(output('/sitemap.xml')));
  });

  it('is exported as a function taking the plugin options', () => {
    expect(output('/sitemap-named.txt').split('\n')).toEqual(sitemapPaths(output('/sitemap.xml')));
  });

  it('works with @quasibit/eleventy-plugin-sitemap', () => {
    expect(sitemapPaths(output('/sitemap-quasibit.xml')).sort()).toEqual(INDEXABLE);
  });

  it('refuses something that is not a collection, naming the filter', () => {
    expect(() => robotsIndexable('collections.all' as never)).toThrow(
      /\[@robots-kit\/eleventy\] key `robotsIndexable`: expected a collection to filter, got `string`/,
    );
  });
});

describe('a page without a layout', () => {
  it('gets a head with its tags, every other byte kept, and the build log says so', () => {
    expect(output('/bare/')).toBe(
      `<head><meta name="googlebot" content="${GOOGLEBOT}"></head><p>A page with no layout, so no head.</p>\n`,
    );
    expect(site.warnings.filter((message) => message.includes('bare.md'))).toEqual([
      expect.stringMatching(
        /\[@robots-kit\/eleventy\] .*site-files\/bare\.md: the page has no `<head>`; one was created to hold the robots tags/,
      ),
    ]);
  });

  it('is left alone where a feed shows its content', () => {
    expect(robotsTags(output('/posts/bare-post/'))).toEqual({ googlebot: GOOGLEBOT });
    const feed = output('/feed.xml');
    expect(feed).toContain('<content type="html">&lt;p&gt;A post without a layout.&lt;/p&gt;\n</content>');
    expect(feed).toContain('<content type="html">&lt;p&gt;A post with a layout.&lt;/p&gt;\n</content>');
    expect(feed).not.toMatch(/&lt;head|&lt;meta/);
  });
});
