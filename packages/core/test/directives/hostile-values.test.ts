/**
 * Issue 13 items 9 and 13, and the minor item about a theme's tag: crawler names must be crawler
 * names, numbers and dates stay within what the formats write, and a bad value in a page's own
 * tag is dropped with a warning instead of failing the build.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditSite } from '../../src/audit/audit-site.js';
import { isCrawlerName } from '../../src/directives/parse.js';
import { KNOWN_CRAWLER_NAMES, NON_CRAWLER_META_NAMES } from '../../src/directives/vocabulary.js';
import { AI_BOTS } from '../../src/robots-txt/ai-bots.js';
import {
  injectRobots,
  normalizeOptions,
  parseRobots,
  reconcile,
  resolvePage,
  resolvePageDetailed,
  RobotsError,
} from '../../src/index.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { tempSite } from '../audit/temp-site.js';
import { thrown } from '../robots-txt/thrown.js';

const options = (user: object = {}) => normalizeOptions(user, { env: {} });
describe('issue 13 item 9: a meta name of its own is not a crawler', () => {
  it.each([
    ['viewport: noindex'],
    [{ description: 'nosnippet' }],
    [['generator: noindex']],
    [{ 'theme-color': { index: false } }],
  ])('refuses %j, naming the tag it would replace', (input) => {
    const error = thrown(() => parseRobots(input, { file: 'post.md', key: 'robots' }));
    expect(error.code).toBe('not-a-crawler');
    expect(error.message).toMatch(
      /^\[@robots-kit\/core\] post\.md, key `robots(\.[\w-]+)?`: not a crawler but a meta name of its own \(robots-kit would replace the page's `<meta name="(viewport|description|generator|theme-color)">`\)/,
    );
    expect(error.message).toContain('expected a crawler product token such as `googlebot`');
  });

  it('so the page keeps its viewport and description: the build stops before writing', () => {
    const html =
      '<html><head><meta name="viewport" content="width=device-width"><meta name="description" content="About"></head><body></body></html>';
    expect(() => resolvePage({ url: '/a/', data: { robots: 'viewport: noindex' } }, options())).toThrow(RobotsError);
    const written = injectRobots(html, () =>
      resolvePage({ url: '/a/', data: { robots: 'googlebot: noindex' } }, options({ googlebot: false })),
    );
    expect(written.html).toContain('<meta name="viewport" content="width=device-width">');
    expect(written.html).toContain('<meta name="description" content="About">');
    expect(written.html).toContain('<meta name="googlebot" content="noindex">');
  });

  it.each([
    'msapplication-TileColor',
    'apple-mobile-web-app-title',
    'google-site-verification',
    'yandex-verification',
    'dc.title',
    'geo.region',
    'astro-view-transitions-enabled',
  ])('refuses the family member %s', (name) => {
    expect(isCrawlerName(name)).toBe(false);
    expect(() => parseRobots({ [name]: 'noindex' })).toThrow(/not a crawler but a meta name of its own/);
  });

  it('never refuses a crawler robots-kit knows or blocks', () => {
    for (const name of [
      ...KNOWN_CRAWLER_NAMES,
      ...AI_BOTS.map((bot) => bot.userAgent.toLowerCase()),
      'robots',
      'mj12bot',
      '360spider',
      'applebot-extended',
    ]) {
      expect(isCrawlerName(name), name).toBe(true);
      expect(NON_CRAWLER_META_NAMES.has(name), name).toBe(false);
    }
  });

  it('the audit refuses --crawler=viewport, whose tags it would read as robots tags', async () => {
    const { root, cleanup } = tempSite({ 'index.html': '<meta name="viewport" content="noindex">' });
    try {
      await expect(auditSite(root, { crawlers: ['viewport'] })).rejects.toThrow(
        /key `crawlers\[0\]`: not a crawler but a meta name of its own/,
      );
    } finally {
      cleanup();
    }
  });
});

describe('issue 13 item 13: numbers and dates within what the formats write', () => {
  it.each(['max-snippet:99999999999999999999999', 'max-video-preview:2147483648', 'max-snippet:1e21'])(
    'refuses %s',
    (input) => {
      expect(() => parseRobots(input)).toThrow(RobotsError);
    },
  );

  it('names the bound', () => {
    expect(thrown(() => parseRobots({ maxSnippet: 1e21 })).message).toMatch(
      /`max-snippet` value too large `1e\+21`; expected a whole number from -1 \(no limit\) to 2147483647/,
    );
  });

  it('prints every accepted length as plain digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 2_147_483_647 }), (value) => {
        expect(reconcile(`max-snippet:${value}`)).toMatch(value === 0 ? /^nosnippet$/ : /^max-snippet:-?\d+$/);
        expect(reconcile({ maxVideoPreview: value })).toBe(`max-video-preview:${value}`);
      }),
      fuzzRuns(200),
    );
  });

  it.each([
    [new Date(8.64e15)],
    [new Date(Date.UTC(10_000, 0, 1))],
    ['9999-12-31T23:00:00-05:00'],
    [new Date(Date.UTC(-1, 0, 1))],
  ])('refuses the date %s outside the years 0 to 9999', (date) => {
    const error = thrown(() => parseRobots({ unavailable_after: date }));
    expect(error.message).toMatch(/`unavailable_after` date outside the years 0 to 9999/);
  });

  it('keeps the last writable instant', () => {
    expect(reconcile({ unavailable_after: '9999-12-31T23:59:59Z' })).toBe('unavailable_after: 9999-12-31T23:59:59Z');
  });
});

describe("issue 13 minor: a theme's tag with a bad value is dropped with a warning", () => {
  it('keeps the good directives beside it and does not fail the build', () => {
    const resolved = resolvePageDetailed(
      { url: '/a/', existing: [{ name: 'robots', content: 'noindex, max-snippet:abc, viewport: nofollow' }] },
      options({ googlebot: false }),
    );
    expect(resolved.tags).toEqual({ robots: 'noindex' });
    expect(resolved.warnings.map((warning) => warning.code)).toEqual(['invalid-directive-value', 'not-a-crawler']);
  });

  it("still fails for the same value in the user's own front matter", () => {
    expect(() =>
      resolvePage({ url: '/a/', data: { robots: 'noindex, max-snippet:abc' } }, options({ strict: false })),
    ).toThrow(/invalid `max-snippet` value `abc`/);
  });

  it('drops only the bad token, keeping the crawler a header scopes the rest to', () => {
    const parsed = parseRobots(
      'googlebot: noindex, max-snippet:abc, nofollow',
      {},
      { strict: false, dropInvalid: true },
    );
    expect([...parsed.all.flags]).toEqual([]);
    expect([...parsed.crawlers.get('googlebot')!.flags]).toEqual(['noindex', 'nofollow']);
    expect(parsed.warnings).toHaveLength(1);
  });
});
