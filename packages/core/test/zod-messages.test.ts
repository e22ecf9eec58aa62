/**
 * Issue 11, item 17: a bad option value is reported in our words, once, naming the key and the
 * value, with a did-you-mean for a misspelt choice; zod's own texts (`Invalid option: expected
 * one of "a"|"b"`, `expected nonoptional, received undefined`) never reach the user.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../src/errors.js';
import { normalizeOptions } from '../src/options/normalize.js';

/** What zod writes when a schema gives no message of its own. */
const ZOD_TEXT =
  /Invalid (input|option|URL)|Too (small|big)|received |nonoptional|expected (array|string|boolean|number|object),|"\|"/;

function message(options: unknown): string {
  try {
    normalizeOptions(options, { source: 'robots() options' });
  } catch (error) {
    expect(error).toBeInstanceOf(RobotsError);
    return (error as RobotsError).message;
  }
  throw new Error(`accepted: ${JSON.stringify(options)}`);
}

describe('issue 11 item 17: option errors in our words', () => {
  it('lists the choices of an enum option and suggests the closest (header targets)', () => {
    expect(message({ headers: { targets: ['netlfy'] } })).toBe(
      '[@robots-kit/core] robots() options, key `headers.targets[0]`: invalid option value `netlfy`; expected one of `netlify`, `cloudflare`, `vercel`, `apache`, `nginx`. Did you mean `netlify`?',
    );
  });

  it('says how many items a list needs', () => {
    expect(message({ headers: { targets: [] } })).toBe(
      '[@robots-kit/core] robots() options, key `headers.targets`: invalid option value `[]`; expected a list of at least 1 item.',
    );
  });

  it('names a missing key without showing `undefined`, and says what it holds', () => {
    expect(message({ rules: [{ path: '/private/**' }] })).toBe(
      "[@robots-kit/core] robots() options, key `rules[0].robots`: missing required option; expected the directives to set, e.g. `'noindex'`.",
    );
    expect(message({ headers: { targets: ['netlify'], rules: [{ robots: 'noindex' }] } })).toBe(
      "[@robots-kit/core] robots() options, key `headers.rules[0].path`: missing required option; expected a URL path glob such as `'/files/**'`, or a list of them.",
    );
  });

  it('describes a wrong type in words', () => {
    expect(message({ headers: { targets: ['netlify'], html: 'yes' } })).toBe(
      '[@robots-kit/core] robots() options, key `headers.html`: invalid option value `yes`; expected `true` or `false`.',
    );
  });

  it('shows a string that reads as a boolean or a number with its quotes, so the message does not contradict itself', () => {
    expect(message({ strict: 'false' })).toBe(
      '[@robots-kit/core] robots() options, key `strict`: invalid option value `"false"`; expected `true` or `false`.',
    );
    expect(message({ headers: { targets: ['netlify'], html: 'true' } })).toContain(
      'invalid option value `"true"`; expected `true` or `false`.',
    );
    expect(message({ googlebot: { maxSnippet: '5' } })).toMatch(/invalid option value `"5"`; expected /);
  });

  it('shows a front matter string `"false"` where a boolean belongs with its quotes, and suggests the boolean', () => {
    expect(message({ defaults: { index: 'false' } })).toMatch(
      /`index` must be true or false, got `"false"`\. Did you mean `index: false`\?/,
    );
  });

  it('never lets a zod text through, whatever the bad value (property)', () => {
    const bad = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
    );
    const option = fc.oneof(
      bad.map((value) => ({ headers: { targets: value } })),
      bad.map((value) => ({ headers: { targets: ['netlify'], rules: value } })),
      bad.map((value) => ({ headers: { targets: ['netlify'], rules: [{ path: value, robots: 'noindex' }] } })),
      bad.map((value) => ({ headers: { targets: ['netlify'], vercel: value } })),
      bad.map((value) => ({ rules: [{ path: value, robots: 'noindex' }] })),
      bad.map((value) => ({ rules: value })),
      bad.map((value) => ({ noindex: value })),
      bad.map((value) => ({ googlebot: value })),
      bad.map((value) => ({ site: value })),
      bad.map((value) => ({ errorPages: value })),
    );
    fc.assert(
      fc.property(option, (options) => {
        let text: string | undefined;
        try {
          normalizeOptions(options);
        } catch (error) {
          if (!(error instanceof RobotsError)) throw error;
          text = error.message;
        }
        if (text !== undefined) {
          // The bad value is quoted between backticks as the user wrote it (`{"|":0}`); zod's own
          // words would stand outside the quotes.
          expect(text.replace(/`[^`]*`/g, '``')).not.toMatch(ZOD_TEXT);
          expect(text).toMatch(/^\[@robots-kit\/core\] options, key `/);
        }
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });
});
