import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOptions, parseRobots, resolvePage } from '../../src/index.js';
import { resolveResponse, robotsHeaderValues } from '../../src/resolve/response-header.js';
import { fuzzRuns } from '../fuzz-runs.js';

const GOOGLE = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const options = (input: Parameters<typeof normalizeOptions>[0] = {}) => normalizeOptions(input, { env: {} });
const pdfRule = { path: '/files/**', robots: 'noindex, nofollow' };
const googlebotRule = { path: ['/files/guide.pdf'], robots: 'noarchive', userAgent: 'googlebot' };
const withHeaderRules = (rules: object[], input: object = {}) =>
  options({ ...input, headers: { targets: ['netlify'], rules } } as Parameters<typeof normalizeOptions>[0]);

describe('resolveResponse: HTML pages', () => {
  it('gives the header the same directives as the meta tags, one value per audience, robots first', () => {
    const settings = options({ rules: [{ path: '/private/**', robots: 'noarchive' }] });
    const result = resolveResponse(
      { url: '/private/a/', status: 200, own: [{ robots: { googlebot: 'nosnippet' }, source: 'page' }] },
      settings,
      { kind: 'html' },
    );
    expect(result.tags).toEqual({
      robots: 'noarchive',
      googlebot: 'noarchive, nosnippet, max-image-preview:large, max-video-preview:-1',
    });
    expect(result.header).toEqual([
      'noarchive',
      'googlebot: noarchive, nosnippet, max-image-preview:large, max-video-preview:-1',
    ]);
  });

  it('gives matching header rules to the meta tags and the header, and the route’s own header to the header only', () => {
    const result = resolveResponse({ url: '/files/report/', status: 200 }, withHeaderRules([pdfRule]), {
      kind: 'html',
      routeHeader: 'noarchive, bingbot: nosnippet',
    });
    // noindex for everyone: the indexable-only Googlebot extras are gone.
    expect(result.tags).toEqual({ robots: 'noindex, nofollow' });
    expect(result.header).toEqual(['noindex, nofollow, noarchive', 'bingbot: noindex, nofollow, noarchive, nosnippet']);
  });

  it('never repeats a directive the page already has when the route sets it too', () => {
    const result = resolveResponse(
      { url: '/a/', status: 200, own: [{ robots: 'noindex', source: 'page' }] },
      options(),
      { kind: 'html', routeHeader: 'noindex, noindex' },
    );
    expect(result.header).toEqual(['noindex']);
  });

  it('only warns about an unknown token in the route’s own header, naming it', () => {
    const result = resolveResponse({ url: '/a/', status: 200, source: 'src/pages/a.astro' }, options(), {
      kind: 'html',
      routeHeader: 'noindx',
    });
    expect(result.header).toEqual([`googlebot: ${GOOGLE}`]);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('src/pages/a.astro (its own X-Robots-Tag header)'),
    ]);
    expect(result.warnings[0]!.message).toContain('`noindx`');
  });

  it('gives error statuses and error pages neither tags nor a header', () => {
    for (const page of [
      { url: '/a/', status: 404 },
      { url: '/a/', status: 503 },
      { url: '/404/', status: 200 },
    ]) {
      expect(
        resolveResponse(page, withHeaderRules([{ path: '/**', robots: 'noindex' }], { defaults: 'noarchive' }), {
          kind: 'html',
          routeHeader: 'noindex',
        }),
      ).toEqual({ tags: {}, header: [], warnings: [] });
    }
  });

  it('says noindex, nofollow in a non-indexable build', () => {
    const result = resolveResponse({ url: '/a/', status: 200 }, options({ indexable: false }), { kind: 'html' });
    expect(result.header).toEqual(['noindex, nofollow']);
  });
});

describe('resolveResponse: other responses (endpoints)', () => {
  it('takes rules and header rules matched on the URL path, with a rule’s userAgent as its own audience', () => {
    const settings = withHeaderRules([pdfRule, googlebotRule], {
      rules: [{ path: '/files/*.pdf', robots: 'notranslate' }],
      defaults: 'noarchive',
    });
    expect(resolveResponse({ url: '/files/guide.pdf', status: 200 }, settings, { kind: 'other' }).header).toEqual([
      'noindex, nofollow, notranslate',
      'googlebot: noindex, nofollow, noarchive, notranslate',
    ]);
  });

  it('leaves defaults, content types and the Googlebot extras to pages', () => {
    const settings = options({ defaults: 'noarchive', noindex: { paths: ['/api/**'] } });
    expect(resolveResponse({ url: '/api/data.json', status: 200 }, settings, { kind: 'other' })).toEqual({
      tags: {},
      header: [],
      warnings: [],
    });
  });

  it('says noindex, nofollow in a non-indexable build, and merges the route’s own header', () => {
    expect(
      resolveResponse({ url: '/feed.xml', status: 200 }, options({ indexable: false }), {
        kind: 'other',
        routeHeader: 'noarchive',
      }).header,
    ).toEqual(['noindex, nofollow, noarchive']);
  });
});

describe('robotsHeaderValues', () => {
  it('reads back as the meta tags it came from: the header form parses to the same directives', () => {
    const input = fc.record({
      defaults: fc.constantFrom(undefined, 'noarchive', 'noindex', 'max-snippet:20, nosnippet', 'none'),
      own: fc.constantFrom(
        undefined,
        { googlebot: 'nofollow' },
        { bingbot: 'noimageindex', googlebot: 'noarchive' },
        'unavailable_after: 2030-01-02',
      ),
    });
    fc.assert(
      fc.property(input, ({ defaults, own }) => {
        const tags = resolvePage(
          { url: '/x/', own: [{ robots: own }] },
          options(defaults === undefined ? {} : { defaults }),
        );
        const fromHeader = parseRobots(robotsHeaderValues(tags));
        expect(fromHeader.crawlers.size).toBe(Object.keys(tags).filter((name) => name !== 'robots').length);
        for (const [name, content] of Object.entries(tags)) {
          const expected = parseRobots(content).all;
          expect(name === 'robots' ? fromHeader.all : fromHeader.crawlers.get(name)).toEqual(expected);
        }
      }),
      fuzzRuns(200),
    );
  });
});
