import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import { generateHeaderFiles, type HeaderFile } from '../../src/index.js';

const ALL_TARGETS = ['netlify', 'vercel', 'apache', 'nginx'];

function build(
  rules: unknown[],
  pages: Array<{ url: string; tags: Record<string, string> }> = [],
  targets = ALL_TARGETS,
  existing: Record<string, string> = {},
): HeaderFile[] {
  return generateHeaderFiles(
    { targets, rules, html: pages.length > 0 },
    { indexable: true, pages, readExisting: (path) => existing[path] },
  );
}

/** Every line we write, per format, must be one of these shapes: nothing else can reach a config file. */
const SAFE_VALUE = String.raw`[a-z0-9][a-z0-9 ,:._+-]*`;
const LINE_SHAPES: Record<string, RegExp[]> = {
  _headers: [/^# [ -~]*$/, /^\/[A-Za-z0-9._~@+,=:*/-]*$/, new RegExp(`^  X-Robots-Tag: ${SAFE_VALUE}$`)],
  '.htaccess': [
    /^\s*# [ -~]*$/,
    /^<If "%\{REQUEST_URI\} =~ m#\^\/[A-Za-z0-9._~@+,=:()?*|[\]^\\/-]*\$#">$/,
    /^<FilesMatch "\^[A-Za-z0-9._~@+,=:()?*|[\]^\\/-]*\$">$/,
    /^<\/(?:If|FilesMatch)>$/,
    new RegExp(`^(?: {2})?Header (?:set|add) X-Robots-Tag "${SAFE_VALUE}"$`),
  ],
  'robots-headers.nginx.conf': [
    /^# [ -~]*$/,
    /^#$/,
    /^# {3}add_header X-Robots-Tag \$robots_kit_\d+;$/,
    /^if \(\$uri ~ "\^\/[A-Za-z0-9._~@+,=:()?*|[\]^\\/-]*\$"\) \{$/,
    /^\}$/,
    new RegExp(`^(?:    )?set \\$robots_kit_\\d+ "(?:${SAFE_VALUE})?";$`),
    /^add_header X-Robots-Tag \$robots_kit_\d+;$/,
  ],
};

function expectOnlySafeLines(files: HeaderFile[]): void {
  for (const file of files) {
    if (file.path.endsWith('.json')) {
      const json = JSON.parse(file.content) as {
        headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
      };
      for (const entry of json.headers) {
        expect(entry.source).toMatch(/^\/(?:\([A-Za-z0-9._~@+,=:()?*|[\]^\\/-]*\))?$/);
        for (const header of entry.headers)
          expect(`${header.key}: ${header.value}`).toMatch(new RegExp(`^X-Robots-Tag: ${SAFE_VALUE}$`));
      }
      continue;
    }
    const shapes = LINE_SHAPES[file.path]!;
    const lines = file.content.split('\n').slice(0, -1);
    for (const line of lines.filter((l) => !l.startsWith('# robots-kit:'))) {
      expect({ file: file.path, line, safe: shapes.some((shape) => shape.test(line)) }).toEqual({
        file: file.path,
        line,
        safe: true,
      });
    }
  }
}

describe('security: nothing in the options can add headers or lines to a header file', () => {
  it.each([
    ['a newline', 'noindex\nX-Injected: 1'],
    ['a carriage return', 'noindex\r  X-Injected: 1'],
    ['CRLF', 'noindex\r\nSet-Cookie: a=b'],
    ['a NUL', 'noindex\u0000'],
    ['an escape', 'noindex\u001b[2J'],
    ['a line separator', 'noindex\u2028X: 1'],
    ['a double quote', 'noindex" always; add_header X-Evil "1'],
    ['a single quote', "noindex' X"],
    ['a backslash', 'noindex\\'],
    ['a header-looking token', 'X-Injected: 1'],
  ])('rejects %s in a robots value', (_, robots) => {
    expect(() => build([{ path: '/a.pdf', robots }])).toThrow(RobotsError);
    expect(() => build([{ path: '/a.pdf', robots: [robots] }])).toThrow(RobotsError);
    expect(() => build([{ path: '/a.pdf', robots: { googlebot: robots } }])).toThrow(RobotsError);
  });

  it.each([
    ['a newline', '/a.pdf\n/b'],
    ['a carriage return', '/a.pdf\r  X-Injected: 1'],
    ['a double quote', '/a".pdf'],
    ['a nginx block', '/a.pdf" { return 301 https://evil/; } location ~ "x'],
    ['an Apache section end', '/a.pdf#"></If><If "true'],
    ['a space', '/a b.pdf'],
    ['a `#`', '/a#b'],
    ['a `;`', '/a;b'],
    ['a `$`', '/$uri'],
    ['a backslash', '/a\\.pdf'],
    ['a colon (a Cloudflare / Netlify placeholder)', '/:splat'],
    ['a percent-encoded newline', '/a%0Ab'],
    ['non-ASCII', '/café.pdf'],
  ])('rejects %s in a path glob', (_, path) => {
    expect(() => build([{ path, robots: 'noindex' }])).toThrow(RobotsError);
  });

  it.each([
    ['a newline', 'googlebot\nX-Injected: 1'],
    ['a quote', 'googlebot"'],
    ['a colon', 'googlebot: noindex, otherbot'],
    ['a space', 'google bot'],
  ])('rejects %s in a userAgent', (_, userAgent) => {
    expect(() => build([{ path: '/a.pdf', robots: 'noindex', userAgent }])).toThrow(RobotsError);
  });

  it.each([
    ['a newline in a tag value', { url: '/a/', tags: { robots: 'noindex\r\nX-Injected: 1' } }],
    ['a newline in a meta name', { url: '/a/', tags: { 'googlebot\nX-Injected': 'noindex' } }],
    ['a quote in a meta name', { url: '/a/', tags: { 'googlebot"': 'noindex' } }],
    ['a quote in the URL', { url: '/a"b/', tags: { robots: 'noindex' } }],
    ['a newline in the URL', { url: '/a\n/b/', tags: { robots: 'noindex' } }],
    ['a `#` in the URL', { url: '/a/#x\n', tags: { robots: 'noindex' } }],
  ])('rejects %s from an html page', (_, page) => {
    expect(() => build([], [page])).toThrow(RobotsError);
  });

  it('escapes nothing it did not validate: the output of arbitrary accepted input has only safe lines', () => {
    const token = fc.constantFrom(
      'noindex',
      'nofollow',
      'none',
      'noarchive',
      'nosnippet',
      'max-snippet:20',
      'max-image-preview:standard',
      'unavailable_after: 2030-01-01',
      'notranslate',
    );
    const globPart = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', 'files', 'x.pdf', '*', '**', '*.pdf', '[a-c]', '{pdf,doc}', '?') },
      { weight: 1, arbitrary: fc.constantFrom('a"b', 'a b', 'a\nb', '#', '$x', 'a\u0000', 'a;b', '\\x') },
    );
    const glob = fc.array(globPart, { minLength: 1, maxLength: 3 }).map((parts) => '/' + parts.join('/'));
    const robots = fc.oneof(
      { weight: 6, arbitrary: fc.array(token, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.string() },
    );
    const userAgent = fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('googlebot', 'GPTBot') },
        { weight: 1, arbitrary: fc.constantFrom('bad agent', 'x"y') },
      ),
      { nil: undefined, freq: 2 },
    );
    const rule = fc.record({ path: glob, robots, userAgent }, { requiredKeys: ['path', 'robots'] });
    let built = 0;
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 2 }), (rules) => {
        let files: HeaderFile[];
        try {
          files = build(rules, [], ['vercel', 'apache', 'nginx']);
        } catch (error) {
          expect(error).toBeInstanceOf(RobotsError);
          return;
        }
        built++;
        expectOnlySafeLines(files);
      }),
      { numRuns: 300 },
    );
    expect(built).toBeGreaterThan(20);
  });

  it('refuses an existing file whose own text contains our end marker, rather than let it end our block', () => {
    const existing = '/x\n  X-Frame-Options: DENY\n# robots-kit:end\n';
    expect(() => build([{ path: '/a.pdf', robots: 'noindex' }], [], ['netlify'], { _headers: existing })).toThrow(
      /unbalanced robots-kit markers/,
    );
  });

  it('does not execute or echo control characters in error messages', () => {
    try {
      build([{ path: '/a.pdf', robots: 'noindex\u001b[31m' }]);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toMatch(/\u001b/);
      expect((error as Error).message).toContain('\\u001b');
    }
  });
});
