/**
 * The zod-free path of normalizeOptions (issue 21) held to zod's schema: on generated options,
 * valid and invalid, the plain check accepts exactly what the schema accepts (except `headers`
 * and forms it leaves to zod by design), gives the same normalized options, and never answers for
 * a bad value, so that normalizeOptions' errors stay word for word those of the schema path.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOptionsFast } from '../../src/options/complete.js';
import { normalizeOptions, normalizeOptionsWithSchema } from '../../src/options/normalize.js';
import { readOptionsShape } from '../../src/options/shape.js';
import { RobotsError } from '../../src/errors.js';

const context = { package: '@robots-kit/test', source: 'test.config.js', env: {} };

/** Each option: forms a user writes (`valid`), and forms the schema or the later value checks refuse (`invalid`). */
const values: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  defaults: { valid: ['noindex', 'noindex, nofollow', ['noarchive'], true, false, null, { index: false }], invalid: ['noindx', 42, { follow: 'maybe' }] },
  noindex: {
    valid: [
      {},
      { collections: ['drafts'] },
      { paths: ['/tags/**', '!/tags/featured/**'] },
      { data: { draft: true, status: ['draft', 'review'], n: 1.5, none: null } },
      { locales: ['de', ' fr '] },
      { collections: ['a'], paths: ['/a/**'], data: { x: 'y' }, locales: ['pt-BR'] },
    ],
    invalid: [
      { collections: ['drafts', ''] },
      { collections: 'drafts' },
      { paths: ['tags'] },
      { paths: [5] },
      { data: { draft: [] } },
      { data: { '': true } },
      { data: { n: Number.NaN } },
      { data: { o: {} } },
      { locales: ['  '] },
      { locales: 'de' },
      { collection: ['drafts'] },
      'drafts',
      [],
    ],
  },
  rules: {
    valid: [
      [],
      [{ path: '/private/**', robots: 'noindex' }],
      [{ path: ['/a/**', '/b/'], robots: ['noarchive'] }],
      [{ locales: ['fr'], robots: 'nofollow' }],
      [{ path: '/x/**', locales: [' de '], robots: { index: false } }, { path: '/y/', robots: 'noimageindex' }],
    ],
    invalid: [
      [{ locales: [], robots: 'noindex' }],
      [{ robots: 'noindex' }],
      [{ path: [], robots: 'noindex' }],
      [{ path: '/x' }],
      [{ path: '/x', robots: 'noindex', extra: 1 }],
      [{ path: 5, robots: 'noindex' }],
      [{ path: '/x', robots: 'noindx' }],
      [{ path: 'x/**', robots: 'noindex' }],
      [{ path: '/x', robots: 7 }],
      { path: '/x', robots: 'noindex' },
    ],
  },
  frontMatterKey: { valid: ['robots', 'seo'], invalid: ['', 5] },
  errorPages: { valid: [[], ['/404.html'], ['/errors/**', '!/errors/ok/']], invalid: ['/404.html', [''], ['404.html']] },
  googlebot: {
    valid: [false, {}, { maxSnippet: 50 }, { maxImagePreview: 'none' }, { maxVideoPreview: 0, maxSnippet: -1 }],
    invalid: [true, { maxSnippet: -2 }, { maxSnippet: 1.5 }, { maxImagePreview: 'huge' }, { maxSnipet: 1 }, [], 'large'],
  },
  indexable: { valid: [true, false], invalid: ['yes'] },
  strict: { valid: [true, false], invalid: [0] },
  site: {
    // `' https://example.com'` is valid too, but zod trims it: that form is left to zod (see `leftToSchema`).
    valid: ['https://example.com', 'http://localhost:8080/base/', 'https://例え.jp/', 'https://example.com/a b', ' https://example.com'],
    invalid: ['javascript:alert(1)', 'file:///etc/passwd', 'example.com', 5],
  },
  robotsTxt: {
    valid: [
      false,
      {},
      { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true },
      { sitemap: ['/sitemap.xml', 'https://example.com/other.xml'] },
      { blockAiBots: { purposes: ['ai-training'], except: ['CCBot'] } },
      { contentSignal: { search: 'yes', 'ai-train': 'no' } },
    ],
    invalid: [{ sitemaps: true }, { groups: [{ userAgent: 'Bad Bot' }] }, { groups: [{ userAgent: '*', disallow: ['private'] }] }, true, []],
  },
  audit: { valid: [true, false, {}, { html: true }, { html: false }, { html: ' reports/r.html ' }], invalid: [{ html: '' }, { html: 5 }, { htm: true }, 'yes', []] },
  links: {
    valid: [[{ rel: 'ugc', within: '.comments' }], { rules: [{ rel: ['sponsored', 'nofollow'], hosts: ['*.amazon.com'] }], dataKey: 'linkRules' }, { dataKey: false }],
    invalid: [[{ rel: 'bogus' }], [{ rel: 'ugc', within: 'a > b' }], 'ugc'],
  },
  nosnippet: { valid: [['.newsletter'], { selectors: '.ad', rules: [{ pages: ['/blog/**'], selectors: ['div.promo'] }] }, { dataKey: 'snip' }], invalid: [['p.x'], 5] },
  headers: { valid: [{ targets: ['netlify'] }, { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] }], invalid: [{ targets: [] }] },
  noindx: { valid: [], invalid: [{}] },
};
/** Options the plain check leaves to zod by design: `headers` (its validator lives with zod) and a `site` zod would trim. */
function leftToSchema(options: Record<string, unknown>): boolean {
  return options.headers !== undefined || (typeof options.site === 'string' && options.site.trim() !== options.site);
}

/** Option objects of any subset of keys: each value valid with probability `validWeight` / (`validWeight` + 1). */
function optionObjects(validWeight: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(
      Object.entries(values)
        // Rare in practice and decisive on their own: added by `oneOf` below.
        .filter(([key]) => key !== 'headers' && key !== 'noindx')
        .map(([key, { valid, invalid }]) => {
        const arbitraries = [
          ...(valid.length > 0 ? [{ arbitrary: fc.constantFrom(...valid), weight: validWeight }] : []),
          ...(invalid.length > 0 ? [{ arbitrary: fc.constantFrom(...invalid), weight: 1 }] : []),
        ];
        return [key, fc.oneof(...arbitraries)];
      }),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
}
/** Every bad value with its key: each is tried alone among valid options, where it must decide the answer. */
const badValues = Object.entries(values).flatMap(([key, { invalid }]) => invalid.map((value) => [key, value] as const));
/** Valid options (most objects accepted), options with one bad value, and options with many. */
const mostlyValid = fc.oneof(
  optionObjects(1000),
  fc.tuple(optionObjects(1000), fc.constantFrom(...badValues)).map(([options, [key, value]]) => ({ ...options, [key]: value })),
  fc.tuple(optionObjects(1000), fc.constantFrom(...values.headers!.valid)).map(([options, headers]) => ({ ...options, headers })),
  optionObjects(1),
);

/** The schema path's answer: the normalized options or the error's message. */
function withSchema(options: unknown): { ok: unknown } | { error: string } {
  try {
    return { ok: normalizeOptionsWithSchema(options, context) };
  } catch (error) {
    expect(error).toBeInstanceOf(RobotsError);
    return { error: (error as Error).message };
  }
}

describe('the zod-free options path (issue 21)', () => {
  it('accepts what the schema accepts, with deep-equal results, and leaves every refusal to the schema (property)', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(mostlyValid, (options) => {
        const reference = withSchema(options);
        const fast = normalizeOptionsFast(options, context);
        if ('ok' in reference) {
          accepted++;
          if (!leftToSchema(options)) expect(fast).toStrictEqual(reference.ok);
          else expect(fast).toBeUndefined();
          expect(normalizeOptions(options, context)).toStrictEqual(reference.ok);
        } else {
          refused++;
          expect(fast).toBeUndefined();
          // The error normalizeOptions throws is the schema path's, word for word.
          expect(() => normalizeOptions(options, context)).toThrow(reference.error);
        }
      }),
      { numRuns: 3000, seed: 21 },
    );
    // Both kinds were generated in numbers, so neither half of the property holds vacuously.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it('accepts the normalized options again, also after a JSON round trip (idempotent)', () => {
    fc.assert(
      fc.property(mostlyValid, (options) => {
        const reference = withSchema(options);
        if (!('ok' in reference) || leftToSchema(options)) return;
        const again = JSON.parse(JSON.stringify(reference.ok)) as unknown;
        expect(normalizeOptionsFast(again, context)).toStrictEqual(normalizeOptionsWithSchema(again, context));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('leaves forms it cannot vouch for to the schema', () => {
    // The schema takes class instances and explicit `undefined` values in ways plain code would have to copy.
    for (const options of [new Date(), new Map(), { googlebot: { maxSnippet: undefined } }, { rules: [{ path: '/x', robots: undefined }] }, { site: 'https://exa\tmple.com' }, { noindex: { data: JSON.parse('{"__proto__": true}') as unknown } }]) {
      expect(readOptionsShape(options), String(JSON.stringify(options))).toBeUndefined();
    }
    // …and answers for the common forms, trimming what zod trims.
    expect(readOptionsShape({ noindex: { locales: [' de '] }, audit: { html: ' r.html ' } })).toStrictEqual({ noindex: { locales: ['de'] }, audit: { html: 'r.html' } });
    expect(readOptionsShape({})).toStrictEqual({});
  });

  it('loads zod only when the options need it (the built `@robots-kit/core/build` entry, in a fresh process)', () => {
    // Every module the process loads is recorded; the options below are valid, then bad.
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const build = await import('@robots-kit/core/build');
      const zod = () => loaded.filter((url) => /\\/zod\\/|\\/options\\/(?:schema|normalize)\\.js$/.test(url)).length;
      const options = { site: 'https://example.com', noindex: { collections: ['drafts'], paths: ['/tags/**'] }, rules: [{ path: '/p/**', robots: 'noarchive' }], robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true }, googlebot: { maxSnippet: 50 }, links: [{ rel: 'ugc', within: '.comments' }] };
      const normalized = await build.normalizeOptionsAsync(options);
      const afterValid = zod();
      const error = await build.normalizeOptionsAsync({ noindex: { colections: [] } }, { package: '@robots-kit/test' }).catch((caught) => caught.message);
      process.stdout.write(JSON.stringify({ afterImport: afterValid, googlebot: normalized.googlebot, afterBad: zod(), error }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { afterImport: number; googlebot: unknown; afterBad: number; error: string };
    expect(report.afterImport).toBe(0);
    expect(report.googlebot).toEqual({ maxSnippet: 50, maxImagePreview: 'large', maxVideoPreview: -1 });
    expect(report.afterBad).toBeGreaterThan(2);
    expect(report.error).toBe(withSchemaError({ noindex: { colections: [] } }, '@robots-kit/test'));
  });
});

function withSchemaError(options: unknown, packageName: string): string {
  try {
    normalizeOptionsWithSchema(options, { package: packageName });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the schema to refuse the options');
}
