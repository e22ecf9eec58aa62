/**
 * The zod-free path of normalizeOptions (issue 21) held to zod's schema: on generated options,
 * valid and invalid, the plain check accepts exactly what the schema accepts (except forms it
 * leaves to zod by design), gives the same normalized options, and never answers for a bad value,
 * so that normalizeOptions' errors stay word for word those of the schema path. The `headers`
 * option is generated on its own too (`headersValues`) and held to `headersOptionsSchema`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOptionsFast } from '../../src/options/complete.js';
import { normalizeOptions, normalizeOptionsWithSchema } from '../../src/options/normalize.js';
import { readOptionsShape } from '../../src/options/shape.js';
import { RobotsError } from '../../src/errors.js';
import { completeHeadersOptions, readHeadersShape, validateHeadersOptions } from '../../src/headers/options.js';
import { parseHeadersWithSchema } from '../../src/headers/schema.js';

const context = { package: '@robots-kit/test', source: 'test.config.js', env: {} };
/** The headers module's checks, as `normalizeOptionsAsync` and the main entry hand them to the plain path. */
const headersChecks = { readHeadersShape, validateHeadersOptions };

/** Each option: forms a user writes (`valid`), and forms the schema or the later value checks refuse (`invalid`). */
const values: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  defaults: {
    valid: ['noindex', 'noindex, nofollow', ['noarchive'], true, false, null, { index: false }],
    invalid: ['noindx', 42, { follow: 'maybe' }],
  },
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
      [
        { path: '/x/**', locales: [' de '], robots: { index: false } },
        { path: '/y/', robots: 'noimageindex' },
      ],
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
  errorPages: {
    valid: [[], ['/404.html'], ['/errors/**', '!/errors/ok/']],
    invalid: ['/404.html', [''], ['404.html']],
  },
  googlebot: {
    valid: [false, {}, { maxSnippet: 50 }, { maxImagePreview: 'none' }, { maxVideoPreview: 0, maxSnippet: -1 }],
    invalid: [
      true,
      { maxSnippet: -2 },
      { maxSnippet: 1.5 },
      { maxImagePreview: 'huge' },
      { maxSnipet: 1 },
      [],
      'large',
    ],
  },
  indexable: { valid: [true, false], invalid: ['yes'] },
  strict: { valid: [true, false], invalid: [0] },
  site: {
    // `' https://example.com'` is valid too, but zod trims it: that form is left to zod (see `leftToSchema`).
    valid: [
      'https://example.com',
      'http://localhost:8080/base/',
      'https://例え.jp/',
      'https://example.com/a b',
      ' https://example.com',
    ],
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
    invalid: [
      { sitemaps: true },
      { groups: [{ userAgent: 'Bad Bot' }] },
      { groups: [{ userAgent: '*', disallow: ['private'] }] },
      true,
      [],
    ],
  },
  audit: {
    valid: [true, false, {}, { html: true }, { html: false }, { html: ' reports/r.html ' }],
    invalid: [{ html: '' }, { html: 5 }, { htm: true }, 'yes', []],
  },
  links: {
    valid: [
      [{ rel: 'ugc', within: '.comments' }],
      { rules: [{ rel: ['sponsored', 'nofollow'], hosts: ['*.amazon.com'] }], dataKey: 'linkRules' },
      { dataKey: false },
    ],
    invalid: [[{ rel: 'bogus' }], [{ rel: 'ugc', within: 'a > b' }], 'ugc'],
  },
  nosnippet: {
    valid: [
      ['.newsletter'],
      { selectors: '.ad', rules: [{ pages: ['/blog/**'], selectors: ['div.promo'] }] },
      { dataKey: 'snip' },
    ],
    invalid: [['p.x'], 5],
  },
  headers: {
    valid: [
      { targets: ['netlify'] },
      { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] },
      {
        rules: [
          { path: ['/a/**', '/b.pdf'], robots: { googlebot: 'noarchive' } },
          { path: '/c/*', robots: false, userAgent: 'Bingbot' },
        ],
        html: true,
        targets: ['vercel', 'nginx', 'vercel'],
        vercel: { mergeInto: 'vercel.json' },
      },
    ],
    invalid: [
      { targets: [] },
      { targets: ['netfly'] },
      { target: ['netlify'] },
      { targets: ['netlify'], rules: [{ path: 'x', robots: 'noindex' }] },
      { targets: ['netlify'], rules: [{ path: '/x', robots: 'noindex\n' }] },
      [],
    ],
  },
  noindx: { valid: [], invalid: [{}] },
};
/** Options the plain check leaves to zod by design: a `site` zod would trim, and the `headers` forms of `headersLeftToSchema`. */
function leftToSchema(options: Record<string, unknown>): boolean {
  return (
    headersLeftToSchema(options.headers) || (typeof options.site === 'string' && options.site.trim() !== options.site)
  );
}
/** `headers` forms the plain check leaves to zod by design: a rule whose `robots` is an explicit `undefined` (zod's custom check lets it through). */
function headersLeftToSchema(headers: unknown): boolean {
  const rules = (headers as { rules?: unknown } | undefined)?.rules;
  return (
    Array.isArray(rules) &&
    rules.some(
      (rule) =>
        typeof rule === 'object' &&
        rule !== null &&
        Object.hasOwn(rule, 'robots') &&
        (rule as { robots?: unknown }).robots === undefined,
    )
  );
}

/** A key given as `undefined` (zod keeps it in its result), left out, or set: each shape the plain check must copy as zod does. */
function maybe(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary, weight: 8 }, { arbitrary: fc.constant(undefined), weight: 1 });
}
/** A value from `valid` four times in five, else one from `invalid`. */
function mostly(valid: unknown[], invalid: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 4 },
    { arbitrary: fc.constantFrom(...invalid), weight: 1 },
  );
}
const headerGlob = mostly(
  ['/files/*.pdf', '**/*.pdf', '/downloads/**', '/a/{b,c}.pdf'],
  ['', ' ', 'files/*.pdf', '!/files/public/**', '/a//b', '/a\u0007', '/a/[z-a]', '/a%20b', 7],
);
const headerRobots = mostly(
  ['noindex', 'noindex, nofollow', ['noarchive'], false, true, null, { index: false }, { googlebot: 'nofollow' }],
  [{ bingbot: ['noindex', 'nofollow\r'] }, 'noindx', 'noindex\nX-Evil: 1', 3, Symbol.for('noindex')],
);
/** Now and then (1 in 10) a key renamed, as a typo: `{ paths: … }` for `{ path: … }`. */
function withTypo(
  arbitrary: fc.Arbitrary<Record<string, unknown>>,
  typos: Record<string, string>,
): fc.Arbitrary<Record<string, unknown>> {
  const renames = [...Object.entries(typos)].map((pair) => fc.constant<[string, string] | undefined>(pair));
  return fc
    .tuple(
      arbitrary,
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.oneof(...renames), weight: 1 }),
    )
    .map(([value, typo]) => {
      if (typo === undefined || !Object.hasOwn(value, typo[0])) return value;
      const { [typo[0]]: moved, ...rest } = value;
      return { ...rest, [typo[1]]: moved };
    });
}
const headerRule = withTypo(
  fc.record(
    {
      path: fc.oneof(
        { arbitrary: headerGlob, weight: 6 },
        { arbitrary: fc.array(headerGlob, { maxLength: 3 }), weight: 3 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
      robots: maybe(headerRobots),
      userAgent: mostly(
        ['googlebot', 'GoogleBot', 'bingbot', undefined],
        ['Google Bot', 'googlebot: noindex', '', 'robots', 'bing\tbot', 5],
      ),
    },
    { requiredKeys: ['path', 'robots'] },
  ),
  { path: 'paths', robots: 'robot', userAgent: 'useragent' },
);
const headerTarget = mostly(['netlify', 'cloudflare', 'vercel', 'apache', 'nginx'], ['netfly', 'Netlify', 0]);
/** Generated `headers` values: mostly of the right shape, each part sometimes wrong in one of the ways users get it wrong. */
const headersValues: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 20,
    arbitrary: withTypo(
      fc.record(
        {
          rules: maybe(
            fc.oneof(
              {
                arbitrary: fc.array(
                  fc.oneof(
                    { arbitrary: headerRule, weight: 9 },
                    { arbitrary: fc.constantFrom<unknown>('/x', null, []), weight: 1 },
                  ),
                  { maxLength: 3 },
                ),
                weight: 9,
              },
              { arbitrary: fc.constantFrom<unknown>({ path: '/a', robots: 'noindex' }, '/a'), weight: 1 },
            ),
          ),
          html: maybe(mostly([true, false], ['yes', 1])),
          targets: fc.oneof(
            { arbitrary: fc.array(headerTarget, { minLength: 1, maxLength: 3 }), weight: 9 },
            { arbitrary: fc.constantFrom<unknown>([], 'netlify', undefined), weight: 1 },
          ),
          vercel: maybe(
            fc.oneof(
              fc.record(
                {
                  mergeInto: maybe(
                    mostly(
                      ['vercel.json', 'config/vercel.json', './vercel.json'],
                      ['', '../vercel.json', '/etc/x.json', 'C:\\x.json', 'dir/', '.', 'vercel.json\n', 5],
                    ),
                  ),
                },
                { requiredKeys: [] },
              ),
              fc.constantFrom<unknown>({ mergeinto: 'vercel.json' }, 'vercel.json', null),
            ),
          ),
        },
        { requiredKeys: ['targets'] },
      ),
      { targets: 'target', rules: 'rule', html: 'HTML' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>('netlify', null, [], [{ targets: ['netlify'] }], 5, new Date(0), new Map()),
  },
);

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
  fc
    .tuple(optionObjects(1000), fc.constantFrom(...badValues))
    .map(([options, [key, value]]) => ({ ...options, [key]: value })),
  fc
    .tuple(optionObjects(1000), fc.constantFrom(...values.headers!.valid))
    .map(([options, headers]) => ({ ...options, headers })),
  fc.tuple(optionObjects(1000), headersValues).map(([options, headers]) => ({ ...options, headers })),
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
        const fast = normalizeOptionsFast(options, context, headersChecks);
        // Without the headers checks (not loaded yet), the plain path gives up on any `headers`.
        if (options.headers !== undefined) expect(normalizeOptionsFast(options, context)).toBeUndefined();
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
        expect(normalizeOptionsFast(again, context, headersChecks)).toStrictEqual(
          normalizeOptionsWithSchema(again, context),
        );
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("`headers`: vouches only for what zod accepts, with zod's result in zod's key order; validateHeadersOptions gives zod's result or error, word for word (property)", () => {
    let vouched = 0;
    let refused = 0;
    let valueErrors = 0;
    fc.assert(
      fc.property(headersValues, (headers) => {
        const reference = attempt(() => parseHeadersWithSchema(headers, context.source));
        const plain = readHeadersShape(headers);
        if ('ok' in reference && !headersLeftToSchema(headers)) {
          vouched++;
          expect(plain).toStrictEqual(reference.ok);
          // The control-character scan walks the value in key order: the first bad key must stay the first.
          expect(keyPaths(plain)).toEqual(keyPaths(reference.ok));
        } else {
          if (!('ok' in reference)) refused++;
          expect(plain).toBeUndefined();
        }
        // The checks after the shape, on zod's parse, are the reference for validateHeadersOptions.
        const expected =
          'ok' in reference ? attempt(() => completeHeadersOptions(reference.ok as never, context.source)) : reference;
        if ('ok' in reference && 'error' in expected) valueErrors++;
        expect(attempt(() => validateHeadersOptions(headers, context.source))).toStrictEqual(expected);
      }),
      { numRuns: 4000, seed: 2106 },
    );
    // Each half was generated in numbers: shapes the plain check vouches for, shapes zod refuses, and values refused after the shape.
    expect(vouched).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
    expect(valueErrors).toBeGreaterThan(100);
  });

  it('`headers`: forms the plain check leaves to zod still validate as before', () => {
    const rule = { path: '/a.pdf', robots: 'noindex' };
    for (const headers of [
      { targets: ['netlify'], rules: [{ path: '/a', robots: undefined }] },
      Object.assign(Object.create({ inherited: true }) as object, { targets: ['netlify'] }),
      { targets: Object.assign(['netlify'], { extra: 1 }), rules: [rule] },
    ]) {
      const reference = attempt(() =>
        completeHeadersOptions(parseHeadersWithSchema(headers, context.source), context.source),
      );
      expect(attempt(() => validateHeadersOptions(headers, context.source))).toStrictEqual(reference);
    }
    expect(readHeadersShape({ targets: ['netlify'], rules: [{ path: '/a', robots: undefined }] })).toBeUndefined();
    // …and answers for the common forms, copying explicit `undefined` keys as zod does.
    expect(readHeadersShape({ vercel: { mergeInto: undefined }, targets: ['vercel'], html: undefined })).toStrictEqual({
      html: undefined,
      targets: ['vercel'],
      vercel: { mergeInto: undefined },
    });
  });

  it('leaves forms it cannot vouch for to the schema', () => {
    // The schema takes class instances and explicit `undefined` values in ways plain code would have to copy.
    for (const options of [
      new Date(),
      new Map(),
      { googlebot: { maxSnippet: undefined } },
      { rules: [{ path: '/x', robots: undefined }] },
      { site: 'https://exa\tmple.com' },
      { noindex: { data: JSON.parse('{"__proto__": true}') as unknown } },
    ]) {
      expect(readOptionsShape(options), String(JSON.stringify(options))).toBeUndefined();
    }
    // …and answers for the common forms, trimming what zod trims.
    expect(readOptionsShape({ noindex: { locales: [' de '] }, audit: { html: ' r.html ' } })).toStrictEqual({
      noindex: { locales: ['de'] },
      audit: { html: 'r.html' },
    });
    expect(readOptionsShape({})).toStrictEqual({});
  });

  it('loads zod only when the options need it, `headers` included (the built `@robots-kit/core/build` entry, in a fresh process)', () => {
    // Every module the process loads is recorded; the options below are valid, then bad.
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      const build = await import('@robots-kit/core/build');
      const zod = () => loaded.filter((url) => /\\/zod\\/|\\/options\\/(?:schema|normalize)\\.js$|\\/headers\\/schema\\.js$/.test(url)).length;
      const headers = { targets: ['netlify'], rules: [{ path: '**/*.pdf', robots: 'noindex' }] };
      const options = { site: 'https://example.com', noindex: { collections: ['drafts'], paths: ['/tags/**'] }, rules: [{ path: '/p/**', robots: 'noarchive' }], robotsTxt: { groups: [{ userAgent: '*', disallow: ['/private/'] }], sitemap: true, blockAiBots: true }, googlebot: { maxSnippet: 50 }, links: [{ rel: 'ugc', within: '.comments' }], headers };
      const normalized = await build.normalizeOptionsAsync(options);
      // The synchronous form (the plugin's robotsIndexable) loads the headers validator with require(), still no zod.
      const again = build.normalizeOptions({ ...options });
      if (JSON.stringify(again) !== JSON.stringify(normalized)) throw new Error('normalizeOptions and normalizeOptionsAsync differ');
      // The header writers validate the option again, as a build's last step does.
      const { validateHeadersOptions } = await import('./dist/headers/options.js');
      const targets = validateHeadersOptions(normalized.headers).targets;
      const afterValid = zod();
      // A bad shape: the synchronous validator loads zod's schema with require(), for zod's message.
      const headersError = (() => { try { validateHeadersOptions({ targets: ['netfly'] }, 'x.config.js'); } catch (caught) { return caught.message; } })();
      const afterBadHeaders = zod();
      const error = await build.normalizeOptionsAsync({ noindex: { colections: [] } }, { package: '@robots-kit/test' }).catch((caught) => caught.message);
      process.stdout.write(JSON.stringify({ afterImport: afterValid, googlebot: normalized.googlebot, targets, afterBadHeaders, headersError, afterBad: zod(), error }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as {
      afterImport: number;
      googlebot: unknown;
      targets: string[];
      afterBadHeaders: number;
      headersError: string;
      afterBad: number;
      error: string;
    };
    expect(report.afterImport).toBe(0);
    expect(report.googlebot).toEqual({ maxSnippet: 50, maxImagePreview: 'large', maxVideoPreview: -1 });
    expect(report.targets).toEqual(['netlify']);
    expect(report.afterBadHeaders).toBeGreaterThan(0);
    expect(report.headersError).toBe(
      attempt(() => parseHeadersWithSchema({ targets: ['netfly'] }, 'x.config.js')).error,
    );
    expect(report.headersError).toMatch(
      /^\[@robots-kit\/core\] x\.config\.js, key `headers\.targets\[0\]`: .*`netfly`/,
    );
    expect(report.afterBad).toBeGreaterThan(2);
    expect(report.error).toBe(withSchemaError({ noindex: { colections: [] } }, '@robots-kit/test'));
  });
});

/** A result or the error's code, key and message: what two paths must agree on. */
function attempt(run: () => unknown): { ok: unknown } | { error: string; code: string; key: unknown } {
  try {
    return { ok: run() };
  } catch (error) {
    expect(error).toBeInstanceOf(RobotsError);
    return {
      error: (error as RobotsError).message,
      code: (error as RobotsError).code,
      key: (error as RobotsError).details.key,
    };
  }
}
/** Every key of a value with its path, depth first, in the order the keys come. */
function keyPaths(value: unknown, at = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).flatMap((key) => [
    `${at}.${key}`,
    ...keyPaths((value as Record<string, unknown>)[key], `${at}.${key}`),
  ]);
}

function withSchemaError(options: unknown, packageName: string): string {
  try {
    normalizeOptionsWithSchema(options, { package: packageName });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the schema to refuse the options');
}
