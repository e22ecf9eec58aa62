/**
 * Issue 11, item 9: `noindex.data`, pages kept out of search results by a value in their data
 * (`draft: true`), the same option for both adapters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeOptions, resolvePage } from '../../src/index.js';

const env = {};
const options = (user: object = {}) => normalizeOptions(user, { env });
const GOOGLE = 'max-snippet:-1, max-image-preview:large, max-video-preview:-1';
const NOINDEX = { robots: 'noindex, follow' };
/** The message normalizeOptions throws for these options. */
function message(user: object): string {
  try {
    options(user);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('item 9: noindex.data', () => {
  it('normalizes each value to a list, survives JSON and stays idempotent', () => {
    const once = options({ noindex: { data: { draft: true, status: ['draft', 'review'], hidden: null } } });
    expect(once.noindex).toEqual({
      collections: [],
      paths: [],
      data: { draft: [true], status: ['draft', 'review'], hidden: [null] },
    });
    expect(normalizeOptions(once)).toBe(once);
    expect(normalizeOptions(JSON.parse(JSON.stringify(once)), { env })).toEqual(once);
  });

  it('gives `noindex, follow` to the pages whose data has the value, and to no other page', () => {
    const settings = options({ noindex: { data: { draft: true } } });
    expect(resolvePage({ url: '/a/', data: { draft: true } }, settings)).toEqual(NOINDEX);
    expect(resolvePage({ url: '/a/', data: { draft: false } }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/a/', data: {} }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/a/' }, settings)).toEqual({ googlebot: GOOGLE });
  });

  it('compares exactly: `true` is not `"true"`, `1` is not `"1"`', () => {
    const settings = options({ noindex: { data: { draft: true, level: 1 } } });
    expect(resolvePage({ url: '/a/', data: { draft: 'true' } }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/a/', data: { level: '1' } }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/a/', data: { level: 1 } }, settings)).toEqual(NOINDEX);
  });

  it('takes any of a list of values, and each key as a condition of its own', () => {
    const settings = options({ noindex: { data: { status: ['draft', 'review'], private: true } } });
    expect(resolvePage({ url: '/a/', data: { status: 'review' } }, settings)).toEqual(NOINDEX);
    expect(resolvePage({ url: '/a/', data: { status: 'published', private: true } }, settings)).toEqual(NOINDEX);
    expect(resolvePage({ url: '/a/', data: { status: 'published' } }, settings)).toEqual({ googlebot: GOOGLE });
  });

  it("reads only the page's own keys, never Object.prototype", () => {
    const settings = options({ noindex: { data: { constructor: 'x', toString: null } } });
    expect(resolvePage({ url: '/a/', data: {} }, settings)).toEqual({ googlebot: GOOGLE });
    expect(resolvePage({ url: '/a/', data: Object.create({ constructor: 'x' }) }, settings)).toEqual({
      googlebot: GOOGLE,
    });
  });

  it("keeps the page's own robots: the data condition adds to it, the most restrictive wins", () => {
    const settings = options({ noindex: { data: { draft: true } } });
    expect(resolvePage({ url: '/a/', data: { draft: true, robots: 'nofollow, noarchive' } }, settings)).toEqual({
      robots: 'noindex, nofollow, noarchive',
    });
    expect(resolvePage({ url: '/a/', data: { draft: false, robots: 'noarchive' } }, settings)).toEqual({
      robots: 'noarchive',
      googlebot: `noarchive, ${GOOGLE}`,
    });
  });

  it('matches exactly when the listed values hold the data value (property)', () => {
    const scalar = fc.oneof(
      fc.boolean(),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom('a', 'b', 'true', '1', ''),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(scalar, { minLength: 1, maxLength: 4 }), scalar, (wanted, value) => {
        const settings = options({ noindex: { data: { k: wanted } } });
        const noindex = resolvePage({ url: '/p/', data: { k: value } }, settings).robots === 'noindex, follow';
        expect(noindex).toBe(wanted.some((candidate) => candidate === value));
      }),
    );
  });

  it('rejects bad conditions in its own words, naming the key and the value', () => {
    expect(message({ noindex: { data: { draft: {} } } })).toBe(
      '[@robots-kit/core] options, key `noindex.data.draft`: invalid option value `{}`; expected `true`, `false`, a string, a number or `null`, or a list of them.',
    );
    expect(message({ noindex: { data: { status: [] } } })).toMatch(
      /key `noindex\.data\.status`: invalid option value `\[\]`; expected .*not an empty list\.$/,
    );
    expect(message({ noindex: { data: ['draft'] } })).toMatch(
      /key `noindex\.data`: .*expected an object of data keys and values, e\.g\. `\{ draft: true \}`\.$/,
    );
    expect(message({ noindex: { dta: { draft: true } } })).toMatch(/unknown option `dta`.*Did you mean `data`\?/);
    expect(message({ noindex: 'drafts' })).toMatch(
      /key `noindex`: invalid option value `drafts`; expected an object such as/,
    );
  });
});

describe('item 17: options errors in our own words', () => {
  it('names the nested googlebot key, with the values it takes', () => {
    expect(message({ googlebot: { maxImagePreview: 'big' } })).toBe(
      '[@robots-kit/core] options, key `googlebot.maxImagePreview`: invalid option value `big`; expected `none`, `standard` or `large`.',
    );
    expect(message({ googlebot: { maxSnipet: 5 } })).toMatch(/unknown option `maxSnipet`.*Did you mean `maxSnippet`\?/);
    expect(message({ googlebot: { maxSnippet: 'x' } })).toMatch(
      /key `googlebot\.maxSnippet`: invalid option value `x`; expected a whole number, -1 for no limit\.$/,
    );
    expect(message({ googlebot: true })).toMatch(
      /key `googlebot`: invalid option value `true`; expected `false` or an object such as `\{ maxSnippet: 50 \}`\.$/,
    );
  });
  it('never shows zod texts for our options', () => {
    for (const user of [
      { noindex: { collections: 'drafts' } },
      { noindex: { collections: [''] } },
      { noindex: { paths: [3] } },
      { rules: [{ path: 3, robots: 'noindex' }] },
      { rules: {} },
      { frontMatterKey: '' },
      { strict: 'yes' },
      { site: 'nope' },
      { audit: 1 },
    ]) {
      expect(message(user)).not.toMatch(/Invalid input|received|Too small|Invalid option/);
      expect(message(user)).toMatch(/; expected [`a-z]/);
    }
  });
});
