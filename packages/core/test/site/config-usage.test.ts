/**
 * Issue 11, item 14: options that match no page of the build are reported at its end, each with
 * a did-you-mean from what the site has, by the same function in both adapters.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOptions } from '../../src/index.js';
import { createConfigUsage, type ConfigUsagePage } from '../../src/adapter.js';

const env = {};
const SITE: ConfigUsagePage[] = [
  { url: '/', collections: ['all'], data: { title: 'Home' } },
  { url: '/posts/rye-loaf/', collections: ['all', 'posts'], data: { title: 'Rye', draft: false } },
  { url: '/posts/greenhouse/', collections: ['all', 'drafts'], data: { title: 'Greenhouse', draft: 'yes' } },
  { url: '/tags/robots/', collections: ['all'], data: {} },
  { url: '/about/', collections: ['all'], data: {} },
  { url: '/404.html', collections: [], status: 404 },
];
function report(user: object, pages = SITE, context = {}): string[] {
  const usage = createConfigUsage(normalizeOptions(user, { env }));
  for (const page of pages) usage.record(page);
  return usage.report({ source: 'addPlugin options', ...context });
}

describe('item 14: config that matches nothing', () => {
  it('says nothing when every option matched a page', () => {
    expect(
      report({
        noindex: { collections: ['drafts'], paths: ['/tags/**'], data: { draft: 'yes' } },
        rules: [{ path: ['/about/', '/posts/*/'], robots: 'noarchive' }],
        errorPages: ['/404.html'],
      }),
    ).toEqual([]);
  });

  it('names the page globs and collections of `links` and `nosnippet` rules that no page matched (issue 16)', () => {
    const lines = report({
      links: [
        { rel: 'ugc', within: '.comments', pages: ['/post/**'] },
        { rel: 'nofollow', external: true, collections: ['drafts'] },
      ],
      nosnippet: {
        rules: [
          { pages: ['/tags/**'], selectors: ['.promo'] },
          { collections: ['post'], selectors: ['.ad'] },
        ],
      },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(
      'key `nosnippet.rules[1].collections[0]`: no page of this build is in the collection `post`',
    );
    expect(lines[0]).toContain('Did you mean `posts`?');
    expect(lines[1]).toContain('key `links.rules[0].pages[0]`');
    expect(lines[1]).toContain('`/post/**`');
  });

  it('names a collection no page belongs to, with the closest one the site has', () => {
    expect(report({ noindex: { collections: ['draft'] } })).toEqual([
      "[@robots-kit/core] addPlugin options, key `noindex.collections[0]`: no page of this build is in the collection `draft`; expected one of the site's collections: `all`, `drafts`, `posts`. Did you mean `drafts`?",
    ]);
  });

  it('names each glob that matched no page, with a glob that would match', () => {
    expect(
      report({
        noindex: { paths: ['/tag/**', '/nothing-like-it/**'] },
        rules: [{ path: ['/abot/', '/about/'], robots: 'noarchive' }],
        errorPages: ['/oops'],
      }),
    ).toEqual([
      "[@robots-kit/core] addPlugin options, key `noindex.paths[0]`: no page of this build matches the glob `/tag/**`; expected a glob that matches at least one page's URL path. Did you mean `/tags/**`?",
      "[@robots-kit/core] addPlugin options, key `noindex.paths[1]`: no page of this build matches the glob `/nothing-like-it/**`; expected a glob that matches at least one page's URL path.",
      "[@robots-kit/core] addPlugin options, key `rules[0].path[0]`: no page of this build matches the glob `/abot/`; expected a glob that matches at least one page's URL path. Did you mean `/about/`?",
      "[@robots-kit/core] addPlugin options, key `errorPages[0]`: no page of this build matches the glob `/oops`; expected a glob that matches at least one page's URL path.",
    ]);
  });

  it('says a glob matched error pages only, and never suggests the glob itself', () => {
    const lines = report({ noindex: { paths: ['/404.html', '/abuot'] } });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /key `noindex\.paths\[0\]`: the glob matches error pages only \(404 and 5xx pages, which never get robots tags\) `\/404\.html`/,
    );
    expect(lines[1]).toContain('Did you mean `/about`?');
    const errorOnly = report({ noindex: { paths: ['/gone'] } }, [...SITE, { url: '/gone', status: 404 }]);
    expect(errorOnly).toHaveLength(1);
    expect(errorOnly[0]).not.toContain('Did you mean');
  });

  it('does not report a glob that may match a route rendered on request (`onDemandPaths`), and still reports the others', () => {
    const options = { noindex: { paths: ['/search/**', '/tags/astro', '/api/*.json', '/nothing/**'] } };
    const lines = report(options, SITE, {
      onDemandPaths: ['/search', '/tags/*/', '/tags/*', '/api/data.json', '/\\[literal\\]/**'],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('`/nothing/**`');
    expect(report(options)).toHaveLength(4);
  });

  it('suggests the glob without, or with, the base path the site is served below', () => {
    const base = { path: '/blog/', setting: '`pathPrefix`' };
    expect(report({ noindex: { paths: ['/blog/tags/**'] } }, SITE, { base })).toEqual([
      '[@robots-kit/core] addPlugin options, key `noindex.paths[0]`: no page of this build matches the glob `/blog/tags/**`; expected a glob without `pathPrefix` (`/blog/`), which page URLs do not include. Did you mean `/tags/**`?',
    ]);
    const prefixed = SITE.map((page) => ({ ...page, url: `/blog${page.url}` }));
    expect(report({ noindex: { paths: ['/tags/**'] } }, prefixed, { base })).toEqual([
      '[@robots-kit/core] addPlugin options, key `noindex.paths[0]`: no page of this build matches the glob `/tags/**`; expected a glob with `pathPrefix` (`/blog/`), which page URLs include. Did you mean `/blog/tags/**`?',
    ]);
  });

  it('names a data key no page has, with the closest key, and a value no page has, with the values pages hold', () => {
    expect(report({ noindex: { data: { drafts: true } } })).toEqual([
      "[@robots-kit/core] addPlugin options, key `noindex.data.drafts`: no page's data has the key `drafts`; expected a key the pages' data has, set to true on the pages to keep out of search results. Did you mean `draft`?",
    ]);
    // No page has the key, and no key is close: a site that builds no drafts (eleventy-base-blog drops them from production builds).
    expect(report({ noindex: { data: { unpublished: true } } })).toEqual([]);
    expect(report({ noindex: { data: { draft: true } } })).toEqual([
      '[@robots-kit/core] addPlugin options, key `noindex.data.draft`: no page\'s `draft` is true (values are compared exactly); the pages have `false (1 page), "yes" (1 page)`; expected the value exactly as the pages\' data holds it.',
    ]);
  });

  it('reports nothing before any page, and forgets the pages of the last build on reset', () => {
    const usage = createConfigUsage(normalizeOptions({ noindex: { collections: ['drafts'] } }, { env }));
    expect(usage.report()).toEqual([]);
    for (const page of SITE) usage.record(page);
    expect(usage.report()).toEqual([]);
    usage.reset();
    usage.record({ url: '/', collections: ['all'] });
    expect(usage.report()).toHaveLength(1);
  });

  it('stays bounded on a large site: every page recorded, suggestions from a sample', () => {
    const usage = createConfigUsage(
      normalizeOptions(
        { noindex: { paths: ['/section-99999/**', '/section-49999/**'], data: { key: true } } },
        { env },
      ),
    );
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 50_000; i++)
      usage.record({ url: `/section-${i}/page/`, collections: ['all'], data: { [`key${i}`]: i } });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    const lines = usage.report();
    // The last page matched its glob although it is past the sample; `key` is close to the keys seen.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/`\/section-99999\/\*\*`/);
    expect(lines[1]).toMatch(/no page's data has the key `key`.*Did you mean `key0`\?$/);
  });
});
