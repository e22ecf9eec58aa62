import { describe, expect, it } from 'vitest';
import { normalizeOptions, resolvePage, resolvePageDetailed } from '../../src/index.js';
import { isErrorPage } from '../../src/adapter.js';

const env = {};
const options = (user: object = {}) => normalizeOptions(user, { env });
const GOOGLE = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';

describe('resolvePage: sources', () => {
  it('gives an unrestricted page only the extra Googlebot tag', () => {
    expect(resolvePage({ url: '/a/' }, options())).toEqual({ googlebot: GOOGLE });
  });
  it('gives no tag at all with googlebot: false', () => {
    expect(resolvePage({ url: '/a/' }, options({ googlebot: false }))).toEqual({});
  });
  it('applies site defaults', () => {
    expect(resolvePage({ url: '/a/' }, options({ defaults: 'noarchive' }))).toEqual({
      robots: 'noarchive',
      googlebot: `noarchive, ${GOOGLE}`,
    });
  });
  it('applies content-type rules by collection and by path as noindex, follow', () => {
    const settings = options({ noindex: { collections: ['drafts'], paths: ['/tags/**'] } });
    expect(resolvePage({ url: '/d/', collections: ['posts', 'drafts'] }, settings)).toEqual({
      robots: 'noindex, follow',
    });
    expect(resolvePage({ url: '/d/', collections: new Set(['posts']) }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/tags/' }, settings)).toEqual({ robots: 'noindex, follow' });
    expect(resolvePage({ url: '/tags/astro/2/' }, settings)).toEqual({ robots: 'noindex, follow' });
    expect(resolvePage({ url: '/tagsoup/' }, settings)).toEqual({ googlebot: GOOGLE });
  });
  it('applies every matching route rule', () => {
    const settings = options({
      rules: [
        { path: '/private/**', robots: 'noindex' },
        { path: ['/private/secret', '/other'], robots: { follow: false } },
        { path: '/nowhere', robots: 'noarchive' },
      ],
    });
    expect(resolvePage({ url: '/private/secret?x=1#top' }, settings)).toEqual({ robots: 'noindex, nofollow' });
    expect(resolvePage({ url: '/private/' }, settings)).toEqual({ robots: 'noindex' });
  });
  it('applies the page front matter under frontMatterKey', () => {
    expect(resolvePage({ url: '/a/', data: { robots: 'noindex' } }, options())).toEqual({ robots: 'noindex' });
    expect(resolvePage({ url: '/a/', data: { seo: false, robots: 'x' } }, options({ frontMatterKey: 'seo' }))).toEqual({
      robots: 'noindex, nofollow',
    });
  });
  it('merges directives already in the page instead of duplicating them', () => {
    const existing = [
      { name: 'ROBOTS', content: 'index, follow' },
      { name: 'Googlebot', content: 'noimageindex' },
    ];
    expect(resolvePage({ url: '/a/', data: { robots: 'nosnippet' }, existing }, options())).toEqual({
      robots: 'nosnippet',
      googlebot: 'nosnippet, noimageindex, max-image-preview:large, max-video-preview:-1',
    });
  });
  it('only warns for unknown tokens in tags already in the page', () => {
    const resolved = resolvePageDetailed(
      { url: '/a/', existing: [{ name: 'robots', content: 'noindex, bogus' }] },
      options(),
    );
    expect(resolved.tags).toEqual({ robots: 'noindex' });
    expect(resolved.warnings[0]!.message).toContain('`bogus`');
  });
  it("names a page's own `index` that a noindex already in its HTML (a layout's) overrules, and nothing else", () => {
    const overruled = resolvePageDetailed(
      { url: '/a/', source: 'src/a.md', data: { robots: 'all' }, existing: [{ name: 'robots', content: 'noindex' }] },
      options(),
    );
    expect(overruled.tags).toEqual({ robots: 'noindex' });
    expect(overruled.warnings.map((warning) => warning.message)).toEqual([
      '[@robots-kit/core] src/a.md, key `robots`: asks for the page to be indexed, but the page\'s HTML (its layout or theme) already has `<meta name="robots" content="noindex">`; expected one word on it: the most restrictive wins, so the page stays out of search results; remove that tag from the layout, or set it through robots-kit (front matter, `rules`) where it belongs.',
    ]);
    const own = [{ robots: { index: true }, source: 'src/b.astro (Astro.locals.robots)', key: 'robots' }];
    expect(
      resolvePageDetailed({ url: '/b/', own, existing: [{ name: 'googlebot', content: 'none' }] }, options()).warnings,
    ).toHaveLength(1);
    // No own `index`, or a tag that does not keep the page out: nothing to say.
    expect(
      resolvePageDetailed(
        { url: '/c/', data: { robots: 'nosnippet' }, existing: [{ name: 'robots', content: 'noindex' }] },
        options(),
      ).warnings,
    ).toEqual([]);
    expect(
      resolvePageDetailed(
        { url: '/d/', data: { robots: 'all' }, existing: [{ name: 'robots', content: 'noarchive' }] },
        options(),
      ).warnings,
    ).toEqual([]);
  });

  it('combines all sources, most restrictive winning', () => {
    const settings = options({
      defaults: 'max-snippet:100',
      rules: [{ path: '/**', robots: 'max-snippet:40' }],
      noindex: { paths: ['/x/**'] },
    });
    expect(resolvePage({ url: '/x/1/', data: { robots: ['nofollow', 'max-snippet:70'] } }, settings)).toEqual({
      robots: 'noindex, nofollow, max-snippet:40',
    });
  });
  it('throws for bad front matter, naming the file and key', () => {
    expect(() => resolvePage({ url: '/a/', source: 'src/pages/a.md', data: { robots: 'noindx' } }, options())).toThrow(
      /src\/pages\/a\.md, key `robots`: unknown directive `noindx`.*Did you mean `noindex`/,
    );
  });
  it('warns instead with strict: false', () => {
    const resolved = resolvePageDetailed(
      { url: '/a/', data: { robots: 'noindx' } },
      options({ strict: false, googlebot: false }),
    );
    expect(resolved.tags).toEqual({});
    expect(resolved.warnings).toHaveLength(1);
  });
  it('accepts raw options too', () => {
    expect(resolvePage({ url: '/a/' }, { googlebot: false, defaults: 'noarchive' })).toEqual({ robots: 'noarchive' });
  });
});

describe('resolvePage: the Googlebot tag', () => {
  it('is left out when the page is noindex for Googlebot', () => {
    expect(resolvePage({ url: '/a/', data: { robots: 'none' } }, options())).toEqual({ robots: 'none' });
    expect(resolvePage({ url: '/a/', data: { robots: { googlebot: 'noindex' } } }, options())).toEqual({
      googlebot: 'noindex',
    });
  });
  it('drops max-snippet:-1 on a nosnippet page, and yields to more restrictive page values', () => {
    expect(resolvePage({ url: '/a/', data: { robots: 'nosnippet, max-image-preview:standard' } }, options())).toEqual({
      robots: 'nosnippet, max-image-preview:standard',
      googlebot: 'nosnippet, max-image-preview:standard, max-video-preview:-1',
    });
    expect(resolvePage({ url: '/a/', data: { robots: { googlebot: { maxSnippet: 30 } } } }, options())).toEqual({
      googlebot: 'max-snippet:30, max-image-preview:large, max-video-preview:-1',
    });
  });
  it('is configurable', () => {
    expect(
      resolvePage({ url: '/a/' }, options({ googlebot: { maxImagePreview: 'standard', maxSnippet: 200 } })),
    ).toEqual({
      googlebot: 'max-snippet:200, max-image-preview:standard, max-video-preview:-1',
    });
  });
  // Regression (issue 41): the extra tag was written on a page already expired, the only tag a reader of Googlebot's tag saw.
  it('is left out when the page is past its unavailable_after date at build time', () => {
    expect(resolvePage({ url: '/a/', data: { robots: { unavailable_after: '2001-02-03' } } }, options())).toEqual({
      robots: 'unavailable_after: 2001-02-03',
    });
    expect(
      resolvePage({ url: '/a/', data: { robots: { googlebot: { unavailable_after: '2001-02-03' } } } }, options()),
    ).toEqual({ googlebot: 'unavailable_after: 2001-02-03' });
    expect(resolvePage({ url: '/a/', data: { robots: { unavailable_after: '2999-02-03' } } }, options())).toEqual({
      robots: 'unavailable_after: 2999-02-03',
      googlebot: `${GOOGLE}, unavailable_after: 2999-02-03`,
    });
  });
  it('stays when only a Bing tag says noindex', () => {
    expect(resolvePage({ url: '/a/', data: { robots: { bingbot: 'noindex' } } }, options())).toEqual({
      googlebot: GOOGLE,
      bingbot: 'noindex',
    });
  });
});

describe('resolvePage: crawler-specific tags', () => {
  it("become their own tags, each complete on its own: robots' directives and the crawler's", () => {
    expect(
      resolvePage(
        {
          url: '/a/',
          data: {
            robots: { nofollow: true, googlebot: 'noimageindex, nofollow', 'googlebot-news': { nosnippet: true } },
          },
        },
        options({ googlebot: false }),
      ),
    ).toEqual({ robots: 'nofollow', googlebot: 'nofollow, noimageindex', 'googlebot-news': 'nofollow, nosnippet' });
  });
  it('sum with robots: nofollow for all plus noindex for Googlebot', () => {
    expect(resolvePage({ url: '/a/', data: { robots: { follow: false, googlebot: 'noindex' } } }, options())).toEqual({
      robots: 'nofollow',
      googlebot: 'noindex, nofollow',
    });
  });
  it('are left out when they say no more than robots', () => {
    expect(
      resolvePage(
        { url: '/a/', data: { robots: { noindex: true, googlebot: 'noindex', bingbot: 'noindex' } } },
        options(),
      ),
    ).toEqual({ robots: 'noindex' });
  });
  // Regression (issue 41): Lighthouse's is-crawlable read `googlebot: noimageindex` alone and passed the page as indexable.
  it('carry the noindex of robots: a reader of its own tag alone sees the page is noindex', () => {
    expect(
      resolvePage({ url: '/a/', data: { robots: { index: false, googlebot: 'noimageindex' } } }, options()),
    ).toEqual({ robots: 'noindex', googlebot: 'noindex, noimageindex' });
    expect(
      resolvePage(
        { url: '/a/', data: { robots: { index: false, bingbot: 'nosnippet' } } },
        options({ googlebot: false }),
      ),
    ).toEqual({ robots: 'noindex', bingbot: 'noindex, nosnippet' });
  });
  it('warns about indexifembedded without noindex', () => {
    const resolved = resolvePageDetailed(
      { url: '/a/', data: { robots: 'indexifembedded' } },
      options({ googlebot: false }),
    );
    expect(resolved.tags).toEqual({});
    expect(resolved.warnings.map((w) => w.code)).toContain('ineffective-directive');
    const crawler = resolvePageDetailed(
      { url: '/a/', data: { robots: { googlebot: 'indexifembedded' } } },
      options({ googlebot: false }),
    );
    expect(crawler.warnings.map((w) => w.message).join()).toContain('`googlebot`');
  });
});

describe('resolvePage: error pages and whole-site switch', () => {
  it.each(['/404', '/404.html', '/500', '/500/', '/fr/404/', '/de/docs/503.htm'])('gives %s no tags', (url) => {
    expect(resolvePage({ url, data: { robots: 'noindex' } }, options({ defaults: 'noarchive' }))).toEqual({});
  });
  it('gives pages served with a 4xx/5xx status no tags', () => {
    expect(
      resolvePage({ url: '/missing/', status: 404, existing: [{ name: 'robots', content: 'noindex' }] }, options()),
    ).toEqual({});
    expect(resolvePage({ url: '/gone/', status: 410 }, options())).toEqual({});
    expect(resolvePage({ url: '/ok/', status: 200 }, options())).toEqual({ googlebot: GOOGLE });
  });
  it('honours errorPages globs and leaves look-alikes alone', () => {
    expect(isErrorPage({ url: '/oops/' }, ['/oops/**'])).toBe(true);
    expect(isErrorPage({ url: '/blog/4040/' })).toBe(false);
    expect(isErrorPage({ url: '/posts/404-tips/' })).toBe(false);
    expect(isErrorPage({ url: '/2024/' })).toBe(false);
  });
  it('makes every non-error page noindex, nofollow when the site is not indexable', () => {
    const settings = options({ indexable: false });
    expect(resolvePage({ url: '/a/' }, settings)).toEqual({ robots: 'noindex, nofollow' });
    expect(resolvePage({ url: '/a/', data: { robots: 'noarchive' } }, settings)).toEqual({
      robots: 'noindex, nofollow, noarchive',
    });
    expect(resolvePage({ url: '/404.html' }, settings)).toEqual({});
    expect(resolvePage({ url: '/a/' }, normalizeOptions({}, { env: { CONTEXT: 'deploy-preview' } }))).toEqual({
      robots: 'noindex, nofollow',
    });
  });
});

describe('resolvePage: the page own directives', () => {
  it('combines several own inputs additively, each named in errors', () => {
    expect(
      resolvePage(
        {
          url: '/a/',
          data: { robots: 'noarchive' },
          own: [
            { robots: 'noindex', key: 'Astro.locals.robots' },
            { robots: undefined },
            { robots: { follow: false } },
          ],
        },
        options(),
      ),
    ).toEqual({ robots: 'noindex, nofollow, noarchive' });
    expect(() =>
      resolvePage(
        { url: '/a/', source: 'src/pages/a.astro', own: [{ robots: 'noindx', key: 'Astro.locals.robots' }] },
        options(),
      ),
    ).toThrow(/src\/pages\/a\.astro, key `Astro\.locals\.robots`.*Did you mean `noindex`/);
    expect(() =>
      resolvePage(
        { url: '/a/', own: [{ robots: 'bogus', source: 'src/content/posts/x.md', key: 'robots' }] },
        options(),
      ),
    ).toThrow(/src\/content\/posts\/x\.md/);
  });
  it('reads only own keys of the data, never Object.prototype', () => {
    expect(resolvePage({ url: '/a/', data: {} }, options({ frontMatterKey: 'constructor', googlebot: false }))).toEqual(
      {},
    );
    expect(
      resolvePage(
        { url: '/a/', data: { constructor: 'noindex' } },
        options({ frontMatterKey: 'constructor', googlebot: false }),
      ),
    ).toEqual({ robots: 'noindex' });
  });
});
