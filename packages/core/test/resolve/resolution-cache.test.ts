import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeOptions } from '../../src/index.js';
import { urlPath } from '../../src/glob.js';
import { resolutionKey } from '../../src/resolve/resolution-cache.js';
import type { PageToResolve } from '../../src/resolve/resolve-page.js';
import { resolveResponse, type ResponseToResolve } from '../../src/resolve/response-header.js';
import { fuzzRuns } from '../fuzz-runs.js';

const settings = normalizeOptions(
  {
    errorPages: ['/oops/**'],
    noindex: {
      paths: ['/tags/**', '!/tags/featured/**', '/drafts/*'],
      collections: ['notes'],
      data: { draft: [true] },
      locales: ['de'],
    },
    rules: [
      { path: ['/docs/**', '!/docs/public/**'], robots: 'noindex' },
      { locales: ['fr'], robots: 'nosnippet' },
      { path: '/blog/**', robots: 'noarchive' },
      { path: ['/blog/private/**', '/secret'], robots: { googlebot: 'nosnippet' } },
    ],
    headers: {
      targets: ['netlify'],
      rules: [
        { path: '/files/**', robots: 'noindex' },
        { path: ['/blog/*/'], robots: 'nosnippet', userAgent: 'bingbot' },
      ],
    },
  },
  { env: {} },
);
/** A fresh copy of the options: an object the cache has never seen, so its resolution is computed anew. */
const fresh = (): typeof settings => structuredClone(settings);

const URLS = [
  '/',
  '/blog/a/',
  '/blog/a',
  '/blog/private/x/',
  '/tags/',
  '/tags/x',
  '/drafts/a',
  '/drafts/a/b',
  '/secret',
  '/secret/',
  '/files/a.pdf',
  '/404',
  '/fr/500/',
  '/oops/x',
  '/caf%C3%A9/',
  '/blog/%2e%2e/tags/',
  '/blog/./a/',
  '/tags/featured/a',
  '/docs/a',
  '/docs/public/a',
];
const LOCALES: PageToResolve['locale'][] = [undefined, 'fr', 'de', ['en', 'en-US']];
const DATA: (Record<string, unknown> | undefined)[] = [
  undefined,
  {},
  { draft: true },
  { draft: 'true' },
  { robots: 'noindex' },
  { robots: undefined, draft: undefined },
];
const COLLECTIONS = [['notes'], ['blog'], undefined];
const robots = fc.constantFrom<unknown>(
  'noindex',
  'nofollow',
  'noarchive',
  { googlebot: 'nosnippet' },
  ['noindex', 'follow'],
  true,
  false,
  'all',
);
/** A page's sources but its URL, data and collections, which the property tries all of. */
const page = fc.record(
  {
    status: fc.constantFrom(200, 404, 500, undefined),
    source: fc.constantFrom('src/pages/a.astro', undefined),
    own: fc.array(
      fc.record({ robots, source: fc.constantFrom('page', 'entry'), key: fc.constantFrom('robots', 'seo') }),
      { maxLength: 2 },
    ),
    existing: fc.array(
      fc.record({
        name: fc.constantFrom('robots', 'googlebot', 'Bingbot'),
        content: fc.constantFrom('noindex', 'max-snippet:20', 'noarchive'),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Omit<PageToResolve, 'url'>>;
const response = fc.record({
  kind: fc.constantFrom<'html' | 'other'>('html', 'other'),
  routeHeader: fc.constantFrom(undefined, null, 'noindex', 'googlebot: noarchive'),
}) as fc.Arbitrary<ResponseToResolve>;

describe('resolveResponse remembers resolutions (resolution-cache.ts)', () => {
  it('gives every request what resolving it alone gives, however many requests came before', () => {
    // One options object for the whole run, so the cache fills with every combination tried.
    const shared = fresh();
    fc.assert(
      fc.property(page, response, (sources, how) => {
        for (const url of URLS) {
          for (const data of DATA) {
            for (const [index, collections] of COLLECTIONS.entries()) {
              // The locales spread over URLs and collection sets, to keep the run short.
              const locale = LOCALES[(index + URLS.indexOf(url)) % LOCALES.length];
              const one: PageToResolve = {
                ...sources,
                url,
                ...(data ? { data } : {}),
                ...(collections ? { collections } : {}),
                ...(locale ? { locale } : {}),
              };
              let alone: unknown;
              try {
                alone = resolveResponse(one, fresh(), how);
              } catch (error) {
                alone = error;
              }
              if (alone instanceof Error) expect(() => resolveResponse(one, shared, how)).toThrow(alone.message);
              else expect(resolveResponse(one, shared, how)).toEqual(alone);
            }
          }
        }
      }),
      fuzzRuns(15, 20_261_201),
    );
  });

  it('resolves a combination once: the same frozen result for another URL that matches the same globs', () => {
    const options = fresh();
    const first = resolveResponse({ url: '/blog/a/', status: 200, source: 'src/pages/blog/[slug].astro' }, options, {
      kind: 'html',
    });
    const second = resolveResponse({ url: '/blog/b/', status: 200, source: 'src/pages/blog/[slug].astro' }, options, {
      kind: 'html',
    });
    expect(second).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.tags) && Object.isFrozen(first.header)).toBe(true);
    // A URL that matches another glob is another combination.
    const other = resolveResponse({ url: '/blog/a/b/', status: 200, source: 'src/pages/blog/[slug].astro' }, options, {
      kind: 'html',
    });
    expect(other).not.toBe(first);
    expect(other.header).not.toEqual(first.header);
  });

  describe('a remembered resolution whose unavailable_after date passes', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is resolved again: the extra Googlebot tag goes once the date has passed, as a fresh server gives', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse('2030-06-30T12:00:00Z'));
      const options = normalizeOptions({});
      const page: PageToResolve = {
        url: '/sale/',
        status: 200,
        source: 'sale',
        own: [{ robots: 'unavailable_after: 2030-07-01' }],
      };
      const before = resolveResponse(page, options, { kind: 'html' });
      expect(before.tags.googlebot).toMatch(/max-image-preview:large/);
      // Still before the date: the same remembered result.
      vi.setSystemTime(Date.parse('2030-06-30T23:59:59Z'));
      expect(resolveResponse(page, options, { kind: 'html' })).toBe(before);
      vi.setSystemTime(Date.parse('2030-07-01T00:00:01Z'));
      const after = resolveResponse(page, options, { kind: 'html' });
      expect(after.tags.googlebot).toBeUndefined();
      expect(after).toEqual(resolveResponse(page, normalizeOptions({}), { kind: 'html' }));
    });
  });

  it('keys only sources that JSON writes one way: a Date, a class instance or an undefined value is resolved every time', () => {
    const base: PageToResolve = { url: '/a/', status: 200, source: 'a' };
    const scope = { kind: 'html', routeHeader: undefined };
    expect(resolutionKey(base, settings, scope)).toBeTypeOf('string');
    expect(
      resolutionKey(
        { ...base, own: [{ robots: { unavailable_after: new Date('2030-01-01') }, source: 'a' }] },
        settings,
        scope,
      ),
    ).toBeUndefined();
    expect(
      resolutionKey({ ...base, own: [{ robots: new (class Robots {})(), source: 'a' }] }, settings, scope),
    ).toBeUndefined();
    expect(
      resolutionKey({ ...base, own: [{ robots: ['noindex', undefined], source: 'a' }] }, settings, scope),
    ).toBeUndefined();
    expect(resolutionKey({ ...base, frontMatterText: 'robots: noindex' }, settings, scope)).toBeUndefined();
    // Different sources, different keys; the same sources in another object, the same key.
    const noindex = resolutionKey({ ...base, own: [{ robots: 'noindex', source: 'a' }] }, settings, scope);
    expect(noindex).not.toBe(resolutionKey({ ...base, own: [{ robots: 'nofollow', source: 'a' }] }, settings, scope));
    expect(noindex).toBe(resolutionKey({ ...base, own: [{ robots: 'noindex', source: 'a' }] }, settings, scope));
    expect(resolutionKey({ ...base, existing: [{ name: 'robots', content: 'noindex' }] }, settings, scope)).not.toBe(
      resolutionKey(base, settings, scope),
    );
  });

  it('remembers what a URL path decides per options object, header rules included, and stays right past 1,000 paths', () => {
    const options = fresh();
    const key = (url: string, against = options) =>
      resolutionKey({ url, status: 200, source: 'a' }, against, { kind: 'html', routeHeader: undefined });
    const first = key('/files/a.pdf');
    // A header rule's glob is a fact of the URL like the options' own globs.
    expect(first).toBe(key('/files/b.pdf'));
    expect(first).not.toBe(key('/filesx/a.pdf'));
    // Options with the same number of globs, matched differently: each object has its own facts.
    const elsewhere = normalizeOptions({ noindex: { paths: ['/x/**'] } }, { env: {} });
    const files = normalizeOptions({ noindex: { paths: ['/files/**'] } }, { env: {} });
    expect(key('/files/a.pdf', elsewhere)).toBe(key('/y/a.pdf', elsewhere));
    expect(key('/files/a.pdf', files)).toBe(key('/files/c.pdf', files));
    expect(key('/files/a.pdf', files)).not.toBe(key('/y/a.pdf', files));
    // Past the limit the oldest paths are worked out again, with the same result.
    for (let i = 0; i < 1100; i++) key(`/tags/${i}/`);
    expect(key('/files/a.pdf')).toBe(first);
    expect(key('/tags/7/')).toBe(key('/tags/x'));
    expect(key('/tags/7/')).not.toBe(key('/tags/featured/a'));
  });

  it('stays right past its size: old combinations are computed again, not mixed up', () => {
    const options = fresh();
    const results = Array.from({ length: 1100 }, (_, i) =>
      resolveResponse(
        { url: '/a/', status: 200, source: `page-${i}`, own: [{ robots: i % 2 ? 'noindex' : 'noarchive' }] },
        options,
        { kind: 'html' },
      ),
    );
    expect(results.every((result, i) => result.tags.robots === (i % 2 ? 'noindex' : 'noarchive'))).toBe(true);
    const again = resolveResponse(
      { url: '/a/', status: 200, source: 'page-0', own: [{ robots: 'noarchive' }] },
      options,
      { kind: 'html' },
    );
    expect(again).toEqual(results[0]);
  });
});

describe('urlPath', () => {
  it('gives what the URL parser gives, with or without its fast path for plain paths', () => {
    const char = fc.constantFrom(
      '/',
      '.',
      'a',
      'Z',
      '0',
      '-',
      '_',
      '~',
      '%',
      '2',
      'e',
      '\\',
      ':',
      '@',
      '!',
      '(',
      ' ',
      'é',
      '?',
      '#',
      '[',
      '|',
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const path = `/${chars.join('')}`;
        // What urlPath did before it had a fast path: always the parser, the text itself when it refuses it.
        const withoutQuery = path.replace(/[?#].*$/s, '');
        let parsed = withoutQuery;
        try {
          parsed = new URL(withoutQuery, 'http://x').pathname;
        } catch {
          // `//`: no host
        }
        expect(urlPath(path)).toBe(parsed);
      }),
      fuzzRuns(3000, 20_261_202),
    );
  });
});
