import { describe, expect, it } from 'vitest';
import {
  auditSite,
  formatAuditJson,
  generateRobotsTxt,
  normalizeOptions,
  parseRobots,
  reconcile,
  resolvePage,
  RobotsError,
} from '../src/index.js';
import { tempSite } from './audit/temp-site.js';

describe('security: directive values cannot carry markup or extra lines', () => {
  it.each([
    'noindex"><script>alert(1)</script>',
    'noindex --> <script>',
    'noindex\r\nX-Injected: 1',
    'noindex\u0000',
    "noindex' onload='x",
  ])('rejects %j instead of passing it through', (input) => {
    expect(() => parseRobots(input)).toThrow(RobotsError);
  });
  it('never lets a rejected value into the output with strict: false', () => {
    const resolved = resolvePage(
      { url: '/a/', data: { robots: 'noindex, "><script>x</script>' } },
      { strict: false, googlebot: false },
    );
    expect(resolved).toEqual({ robots: 'noindex' });
  });
  it('only ever outputs known tokens', () => {
    expect(reconcile('NOINDEX', 'max-image-preview:LARGE')).toMatch(/^[a-z_:, -]+$/);
  });
  it('rejects crawler names that could break out of a name attribute', () => {
    expect(() => parseRobots({ 'googlebot"><x': 'noindex' })).toThrow(/invalid crawler name/);
  });
  it('does not echo control characters raw in error messages', () => {
    try {
      normalizeOptions({ defaults: 'bad\u001b[31m' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toMatch(/\u001b/);
      expect((error as Error).message).toContain('\\u001b');
    }
  });
  it('does not pollute prototypes through object keys', () => {
    expect(() => parseRobots(JSON.parse('{"__proto__": {"noindex": true}}'))).toThrow(RobotsError);
    expect(({} as Record<string, unknown>).noindex).toBeUndefined();
  });
});

describe('security: inherited object keys are not directives', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('rejects `%s` as an unknown key', (key) => {
    expect(() => parseRobots({ [key]: true })).toThrow(RobotsError);
  });
});

describe('issue 13: option values that would leave the site', () => {
  const env = {};
  it.each(['javascript:alert(1)', 'file:///etc', 'data:text/html,x', 'ftp://example.com'])(
    'minor item: refuses site %j (http and https only)',
    (site) => {
      expect(() => normalizeOptions({ site }, { env })).toThrow(RobotsError);
      expect(() => normalizeOptions({ site }, { env })).toThrow(
        /key `site`: not an http or https URL `.*`; expected the address the site is served at, e.g. `https:\/\/example.com`/,
      );
    },
  );
  it('keeps an http(s) site as written', () => {
    expect(normalizeOptions({ site: 'https://example.com/docs/' }, { env }).site).toBe('https://example.com/docs/');
  });

  it.each([
    ['//sitemap.xml', '/sitemap.xml'],
    ['/\\evil.com/s.xml', '/evil.com/s.xml'],
  ])('item 11: refuses robotsTxt.sitemap %j, which would resolve to another host', (sitemap, suggestion) => {
    const build = () => generateRobotsTxt({ sitemap }, { indexable: true, site: 'https://example.com' });
    expect(() => normalizeOptions({ site: 'https://example.com', robotsTxt: { sitemap } }, { env })).toThrow(
      /names another host/,
    );
    expect(build).toThrow(RobotsError);
    expect(build).toThrow(`Did you mean \`${suggestion}\`?`);
  });
  it('item 11: resolves a path sitemap under the site', () => {
    expect(
      generateRobotsTxt({ sitemap: '/sitemap.xml' }, { indexable: true, site: 'https://example.com/docs/' }),
    ).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it.each([1e21, 1e-7, 86_401, Number.MAX_VALUE])(
    'item 13: refuses crawlDelay %d, which cannot be written as plain digits within a day',
    (crawlDelay) => {
      expect(() => generateRobotsTxt({ groups: [{ userAgent: 'bingbot', crawlDelay }] }, { indexable: true })).toThrow(
        /crawl delay is not a number of seconds up to a day written in plain digits, got .*; expected a number of seconds greater than 0 and at most 86400/,
      );
    },
  );
  it('item 13: writes an accepted crawlDelay as digits', () => {
    expect(generateRobotsTxt({ groups: [{ userAgent: 'bingbot', crawlDelay: 0.5 }] }, { indexable: true })).toContain(
      'Crawl-delay: 0.5',
    );
  });
});

describe('issue 13 minor: --crawler=__proto__ is a crawler name like any other', () => {
  it('keeps its verdicts in the report', async () => {
    const { root, cleanup } = tempSite({ 'index.html': '<head><meta name="robots" content="noindex"></head>' });
    try {
      const report = await auditSite(root, { crawlers: ['__proto__', 'constructor'] });
      expect(Object.keys(report.pages[0]!.crawlers)).toEqual(['__proto__', 'constructor']);
      expect(report.pages[0]!.crawlers['__proto__']!.indexable).toBe(false);
      expect(JSON.parse(formatAuditJson(report)).pages[0].crawlers.__proto__.indexable).toBe(false);
      expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    } finally {
      cleanup();
    }
  });
});
