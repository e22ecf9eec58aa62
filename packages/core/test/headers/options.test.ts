import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { headersOptionsSchema, validateHeadersOptions } from '../../src/adapter.js';

function failure(options: unknown, source?: string): RobotsError {
  try {
    validateHeadersOptions(options, source);
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
  throw new Error('expected a RobotsError');
}

describe('headersOptionsSchema', () => {
  it('accepts every documented form and rejects unknown keys', () => {
    const valid = {
      rules: [
        { path: '/files/**', robots: 'noindex' },
        { path: ['/a.pdf', '/b.pdf'], robots: ['noindex', 'nofollow'] },
        { path: '/c.pdf', robots: { index: false }, userAgent: 'googlebot' },
        { path: '/d.pdf', robots: false },
      ],
      html: true,
      targets: ['netlify', 'cloudflare', 'vercel', 'apache', 'nginx'],
      vercel: { mergeInto: 'vercel.json' },
    };
    expect(headersOptionsSchema.safeParse(valid).success).toBe(true);
    expect(headersOptionsSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(headersOptionsSchema.safeParse({ rules: [] }).success).toBe(false);
  });
});

describe('validateHeadersOptions: defaults', () => {
  it('fills in defaults and puts targets in a fixed order without duplicates', () => {
    const normalized = validateHeadersOptions({ targets: ['nginx', 'netlify', 'nginx'] });
    expect(normalized.rules).toEqual([]);
    expect(normalized.html).toBe(false);
    expect(normalized.targets).toEqual(['netlify', 'nginx']);
    expect(normalized.vercel).toEqual({});
    expect(normalized.source).toBe('options');
  });

  it('leaves to generation whether `_headers` can express a glob (it lists the built files when it cannot)', () => {
    const normalized = validateHeadersOptions({
      targets: ['vercel', 'netlify'],
      rules: [{ path: ['**/*.pdf', '/a/{b,c}.pdf'], robots: 'noindex' }],
    });
    expect(normalized.rules[0]!.globs.map((g) => g.glob.source)).toEqual(['**/*.pdf', '/a/{b,c}.pdf']);
  });

  it('parses globs and directives, moving a userAgent rule under its crawler', () => {
    const normalized = validateHeadersOptions({
      targets: ['vercel'],
      rules: [{ path: ['/a.pdf', '/b/**'], robots: 'noindex', userAgent: 'GoogleBot' }],
    });
    const [rule] = normalized.rules;
    expect(rule!.globs.map((g) => g.key)).toEqual(['headers.rules[0].path[0]', 'headers.rules[0].path[1]']);
    expect(rule!.directives.all.flags.size).toBe(0);
    expect([...rule!.directives.crawlers.keys()]).toEqual(['googlebot']);
    expect([...rule!.directives.crawlers.get('googlebot')!.flags]).toEqual(['noindex']);
  });
});

describe('validateHeadersOptions: every bad input is a RobotsError naming the key and the value', () => {
  it.each<[string, unknown, { code: string; key?: string; message: RegExp }]>([
    ['not an object', 'netlify', { code: 'invalid-option', key: 'headers', message: /invalid option value `netlify`/ }],
    [
      'an unknown key, with a did-you-mean',
      { targets: ['netlify'], rule: [] },
      { code: 'unknown-option', key: 'headers.rule', message: /Did you mean `rules`\?/ },
    ],
    [
      'a misspelt target key',
      { target: ['netlify'] },
      { code: 'unknown-option', key: 'headers.target', message: /Did you mean `targets`\?/ },
    ],
    ['no targets', {}, { code: 'invalid-option', key: 'headers.targets', message: /headers\.targets/ }],
    [
      'no target in the list',
      { targets: [] },
      { code: 'invalid-option', key: 'headers.targets', message: /headers\.targets/ },
    ],
    [
      'an unknown target',
      { targets: ['netfly'] },
      {
        code: 'invalid-option',
        key: 'headers.targets[0]',
        message: /`netfly`; expected one of `netlify`, `cloudflare`, `vercel`, `apache`, `nginx`\.$/,
      },
    ],
    [
      'rules that are not a list',
      { targets: ['netlify'], rules: { path: '/a' } },
      { code: 'invalid-option', key: 'headers.rules', message: /headers\.rules/ },
    ],
    [
      'a rule key typo',
      { targets: ['netlify'], rules: [{ paths: '/a', robots: 'noindex' }] },
      { code: 'unknown-option', key: 'headers.rules[0].paths', message: /Did you mean `path`\?/ },
    ],
    [
      'a path that is not a string',
      { targets: ['netlify'], rules: [{ path: 3, robots: 'noindex' }] },
      { code: 'invalid-option', key: 'headers.rules[0].path', message: /`3`/ },
    ],
    [
      'an empty path list',
      { targets: ['netlify'], rules: [{ path: [], robots: 'noindex' }] },
      { code: 'invalid-option', key: 'headers.rules[0].path', message: /headers\.rules\[0\]\.path/ },
    ],
    [
      'an empty glob',
      { targets: ['netlify'], rules: [{ path: ' ', robots: 'noindex' }] },
      { code: 'invalid-glob', key: 'headers.rules[0].path', message: /invalid glob/ },
    ],
    [
      'a glob that is not a URL path',
      { targets: ['netlify'], rules: [{ path: 'files/*.pdf', robots: 'noindex' }] },
      { code: 'invalid-glob', key: 'headers.rules[0].path', message: /Did you mean `\/files\/\*\.pdf`\?/ },
    ],
    [
      'a glob that matches no URL path',
      { targets: ['vercel'], rules: [{ path: '*.pdf', robots: 'noindex' }] },
      {
        code: 'unsupported-glob',
        key: 'headers.rules[0].path',
        message: /Did you mean `\*\*\/\.pdf`\?|Did you mean `\*\*\/\*\.pdf`\?/,
      },
    ],
    [
      'an unbalanced bracket',
      { targets: ['vercel'], rules: [{ path: ['/a', '/b[c'], robots: 'noindex' }] },
      { code: 'invalid-glob', key: 'headers.rules[0].path[1]', message: /unbalanced/ },
    ],
    [
      'an empty segment',
      { targets: ['vercel'], rules: [{ path: '/a//b', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /Did you mean `\/a\/b`\?/ },
    ],
    [
      'a `..` segment',
      { targets: ['vercel'], rules: [{ path: '/a/../b', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /`\.\.` segment/ },
    ],
    [
      '`**` inside a segment',
      { targets: ['vercel'], rules: [{ path: '/a**b', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /Did you mean `\/a\*b`\?/ },
    ],
    [
      'consecutive `**`',
      { targets: ['vercel'], rules: [{ path: '/a/**/**/b', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /Did you mean `\/a\/\*\*\/b`\?/ },
    ],
    [
      '`**/*/**` (consecutive `**` in meaning), with no suggestion repeating it',
      { targets: ['vercel'], rules: [{ path: '**/*/**/*', robots: 'noindex' }] },
      {
        code: 'unsupported-glob',
        key: 'headers.rules[0].path',
        message:
          /consecutive `\*\*` segments `\*\*\/\*\/\*\*\/\*`; expected one `\*\*` where any number of segments may appear\.$/,
      },
    ],
    [
      'an extglob',
      { targets: ['vercel'], rules: [{ path: '/a/@(b|c)', robots: 'noindex' }] },
      {
        code: 'unsupported-glob',
        key: 'headers.rules[0].path',
        message: /unsupported character `@`|unsupported character `\(`/,
      },
    ],
    [
      'a `!` class',
      { targets: ['vercel'], rules: [{ path: '/a/[!b]', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /unsupported character class `\[!b\]`/ },
    ],
    [
      'a backwards range',
      { targets: ['vercel'], rules: [{ path: '/a/[z-a]', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /character class/ },
    ],
    [
      'a one-item brace list',
      { targets: ['vercel'], rules: [{ path: '/a.{pdf}', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /brace list `\{pdf\}`/ },
    ],
    [
      'a percent sign',
      { targets: ['vercel'], rules: [{ path: '/a%20b.pdf', robots: 'noindex' }] },
      { code: 'unsupported-glob', key: 'headers.rules[0].path', message: /unsupported character `%`/ },
    ],
    [
      'an unknown directive, with a did-you-mean',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindx' }] },
      { code: 'unknown-directive', key: 'headers.rules[0].robots', message: /Did you mean `noindex`\?/ },
    ],
    [
      'a robots value of the wrong type',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 3 }] },
      { code: 'invalid-option', key: 'headers.rules[0].robots', message: /`3`/ },
    ],
    [
      'a newline in robots',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindex\nX-Evil: 1' }] },
      { code: 'control-character', key: 'headers.rules[0].robots', message: /control character/ },
    ],
    [
      'a newline deep in a robots object',
      { targets: ['netlify'], rules: [{ path: '/a', robots: { googlebot: ['noindex', 'nofollow\r'] } }] },
      { code: 'control-character', key: 'headers.rules[0].robots.googlebot[1]', message: /`nofollow\\u000d`/ },
    ],
    [
      'a control character in a glob',
      { targets: ['netlify'], rules: [{ path: '/a\u0007', robots: 'noindex' }] },
      { code: 'control-character', key: 'headers.rules[0].path', message: /control character/ },
    ],
    [
      'a userAgent with a space',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindex', userAgent: 'Google Bot' }] },
      { code: 'invalid-user-agent', key: 'headers.rules[0].userAgent', message: /Did you mean `google`\?/ },
    ],
    [
      'a userAgent with a colon',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindex', userAgent: 'googlebot: noindex' }] },
      { code: 'invalid-user-agent', key: 'headers.rules[0].userAgent', message: /Did you mean `googlebot`\?/ },
    ],
    [
      'an empty userAgent',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindex', userAgent: '' }] },
      { code: 'invalid-user-agent', key: 'headers.rules[0].userAgent', message: /invalid userAgent/ },
    ],
    [
      '`robots` as userAgent',
      { targets: ['netlify'], rules: [{ path: '/a', robots: 'noindex', userAgent: 'robots' }] },
      { code: 'invalid-user-agent', key: 'headers.rules[0].userAgent', message: /leave `userAgent` out/ },
    ],
    [
      'a userAgent rule naming another crawler',
      { targets: ['netlify'], rules: [{ path: '/a', robots: { bingbot: 'noindex' }, userAgent: 'googlebot' }] },
      {
        code: 'invalid-user-agent',
        key: 'headers.rules[0].userAgent',
        message: /cannot name other crawlers[\s\S]*`bingbot`/,
      },
    ],
    [
      'html that is not a boolean',
      { targets: ['netlify'], html: 'yes' },
      { code: 'invalid-option', key: 'headers.html', message: /`yes`/ },
    ],
    [
      'an empty mergeInto',
      { targets: ['vercel'], vercel: { mergeInto: '' } },
      { code: 'invalid-option', key: 'headers.vercel.mergeInto', message: /headers\.vercel\.mergeInto/ },
    ],
    [
      'a newline in mergeInto',
      { targets: ['vercel'], vercel: { mergeInto: 'vercel.json\n' } },
      { code: 'control-character', key: 'headers.vercel.mergeInto', message: /control character/ },
    ],
    [
      'an unknown vercel key',
      { targets: ['vercel'], vercel: { mergeinto: 'vercel.json' } },
      { code: 'unknown-option', key: 'headers.vercel.mergeinto', message: /Did you mean `mergeInto`\?/ },
    ],
  ])('%s', (_, options, expected) => {
    const error = failure(options, 'astro.config.mjs');
    expect(error.code).toBe(expected.code);
    if (expected.key) expect(error.details.key).toBe(expected.key);
    expect(error.message).toMatch(expected.message);
    expect(error.message).toMatch(/^\[@robots-kit\/core\] astro\.config\.mjs, key `/);
  });

  it('names the default source when none is given', () => {
    expect(failure({ targets: ['x'] }).message).toMatch(/^\[@robots-kit\/core\] options, key `headers\.targets\[0\]`/);
  });
});
