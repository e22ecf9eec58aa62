import { describe, expect, it } from 'vitest';
import { detectIndexable, normalizeOptions, RobotsError } from '../src/index.js';

const env = {};

describe('normalizeOptions', () => {
  it('fills in every default', () => {
    expect(normalizeOptions({}, { env })).toEqual({
      noindex: { collections: [], paths: [], data: {} },
      rules: [],
      frontMatterKey: 'robots',
      errorPages: [],
      googlebot: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
      indexable: true,
      strict: true,
      robotsTxt: {},
      audit: false,
    });
    expect(normalizeOptions(undefined, { env }).frontMatterKey).toBe('robots');
  });

  it('keeps user values and turns a single rule path into a list', () => {
    const options = normalizeOptions(
      {
        defaults: 'noarchive',
        noindex: { collections: ['drafts'], paths: ['/tags/**'] },
        rules: [{ path: '/private/**', robots: false }],
        frontMatterKey: 'seo',
        errorPages: ['/oops/'],
        googlebot: { maxImagePreview: 'standard' },
        indexable: false,
        strict: false,
        site: 'https://example.com',
        audit: true,
      },
      { env },
    );
    expect(options.rules).toEqual([{ path: ['/private/**'], robots: false }]);
    expect(options.googlebot).toEqual({ maxSnippet: -1, maxImagePreview: 'standard', maxVideoPreview: -1 });
    expect(options.defaults).toBe('noarchive');
    expect(options.site).toBe('https://example.com');
    expect(options.indexable).toBe(false);
  });

  it('is idempotent, and its output survives JSON', () => {
    const once = normalizeOptions(
      { rules: [{ path: ['/a', '/b/**'], robots: { index: false } }], googlebot: false },
      { env },
    );
    expect(normalizeOptions(once)).toBe(once);
    expect(normalizeOptions(JSON.parse(JSON.stringify(once)), { env })).toEqual(once);
  });

  it('rejects an unknown key with a suggestion', () => {
    expect(() => normalizeOptions({ noindx: {} })).toThrow(/unknown option `noindx`.*Did you mean `noindex`\?/);
    expect(() => normalizeOptions({ noindex: { colections: ['x'] } })).toThrow(
      /key `noindex.colections`.*Did you mean `collections`/,
    );
    expect(() => normalizeOptions({ rules: [{ path: '/a', robots: 'noindex', paht: 1 }] })).toThrow(/rules\[0\]\.paht/);
  });

  it('rejects wrong types, naming key and value', () => {
    expect(() => normalizeOptions({ strict: 'yes' })).toThrow(
      /key `strict`: invalid option value `yes`; expected `true` or `false`/,
    );
    expect(() => normalizeOptions({ noindex: { paths: '/tags/**' } })).toThrow(/noindex.paths/);
    expect(() => normalizeOptions({ googlebot: true })).toThrow(/googlebot/);
    expect(() => normalizeOptions({ googlebot: { maxSnippet: -2 } })).toThrow(/googlebot.maxSnippet/);
    expect(() => normalizeOptions({ site: 'example' })).toThrow(/site/);
    expect(() => normalizeOptions({ defaults: 5 })).toThrow(/defaults/);
    expect(() => normalizeOptions('noindex')).toThrow(RobotsError);
  });

  it('validates robots.txt options with their own checks, or takes false', () => {
    expect(normalizeOptions({ robotsTxt: false }, { env }).robotsTxt).toBe(false);
    expect(normalizeOptions({ robotsTxt: { blockAiBots: true } }, { env }).robotsTxt).toEqual({ blockAiBots: true });
    expect(() => normalizeOptions({ robotsTxt: true })).toThrow(/key `robotsTxt`/);
    expect(() => normalizeOptions({ robotsTxt: { groups: [{ userAgent: '*', disallow: ['private'] }] } })).toThrow(
      /robotsTxt\.groups\[0\]\.disallow\[0\]/,
    );
  });

  it('rejects bad globs', () => {
    expect(() => normalizeOptions({ noindex: { paths: ['tags/**'] } })).toThrow(
      /`tags\/\*\*`.*Did you mean `\/tags\/\*\*`/,
    );
    expect(() => normalizeOptions({ noindex: { paths: ['/tags/{a,b'] } })).toThrow(/unbalanced/);
    expect(() => normalizeOptions({ errorPages: ['/[x'] })).toThrow(/errorPages\[0\]/);
    expect(() => normalizeOptions({ rules: [{ path: ['/ok', ''], robots: 'noindex' }] })).toThrow(
      /rules\[0\]\.path\[1\]/,
    );
    expect(() => normalizeOptions({ rules: [{ path: '/a\nb', robots: 'noindex' }] })).toThrow(/control character/);
    expect(() => normalizeOptions({ rules: [{ path: '/a)', robots: 'noindex' }] })).toThrow(/unbalanced `\)`/);
  });

  it('rejects bad directives in options, or warns with strict: false', () => {
    expect(() => normalizeOptions({ defaults: 'noindx' })).toThrow(/key `defaults`.*Did you mean `noindex`/);
    expect(() => normalizeOptions({ rules: [{ path: '/a', robots: 'max-snippet:x' }] })).toThrow(/rules\[0\]\.robots/);
    expect(normalizeOptions({ defaults: 'noindx', strict: false }, { env }).defaults).toBe('noindx');
  });

  it('names the adapter package and the source when given', () => {
    expect(() =>
      normalizeOptions({ defaults: 'noindx' }, { package: '@robots-kit/astro', source: 'astro.config.mjs' }),
    ).toThrow(/^\[@robots-kit\/astro\] astro\.config\.mjs, key `defaults`/);
    expect(() => normalizeOptions({ bogus: 1 }, { package: '@robots-kit/eleventy' })).toThrow(
      /^\[@robots-kit\/eleventy\] options/,
    );
  });
});

describe('detectIndexable', () => {
  it.each([
    [{}, true],
    [{ CONTEXT: 'production' }, true],
    [{ CONTEXT: 'deploy-preview' }, false],
    [{ CONTEXT: 'branch-deploy' }, false],
    [{ VERCEL_ENV: 'production' }, true],
    [{ VERCEL_ENV: 'preview' }, false],
    [{ ROBOTS_INDEXABLE: 'false' }, false],
    [{ ROBOTS_INDEXABLE: '0' }, false],
    [{ ROBOTS_INDEXABLE: 'true', VERCEL_ENV: 'preview' }, true],
  ])('%j → %s', (environment, indexable) => {
    const decision = detectIndexable(environment);
    expect(decision.indexable).toBe(indexable);
    expect(decision.reason).toBeTruthy();
    expect(normalizeOptions({}, { env: environment }).indexable).toBe(indexable);
  });
  it('lets options.indexable win over the environment', () => {
    expect(normalizeOptions({ indexable: true }, { env: { VERCEL_ENV: 'preview' } }).indexable).toBe(true);
  });
  it('reads process.env by default', () => {
    const saved = process.env.ROBOTS_INDEXABLE;
    process.env.ROBOTS_INDEXABLE = 'false';
    try {
      expect(detectIndexable().indexable).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.ROBOTS_INDEXABLE;
      else process.env.ROBOTS_INDEXABLE = saved;
    }
  });
});

describe('normalizeOptions: header files', () => {
  it('validates and keeps the headers option', () => {
    const options = normalizeOptions(
      { headers: { targets: ['netlify'], rules: [{ path: '/files/**', robots: 'noindex' }] } },
      { env },
    );
    expect(options.headers?.targets).toEqual(['netlify']);
    expect(normalizeOptions({}, { env }).headers).toBeUndefined();
    expect(normalizeOptions(JSON.parse(JSON.stringify(options)), { env })).toEqual(options);
  });
  it('reports a misspelt key inside headers with its suggestion', () => {
    expect(() => normalizeOptions({ headers: { targets: ['netlify'], rulse: [] } })).toThrow(/Did you mean `rules`/);
    expect(() => normalizeOptions({ headers: 'yes' })).toThrow(/key `headers`/);
  });
});
