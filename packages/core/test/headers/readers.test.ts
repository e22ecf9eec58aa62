import { describe, expect, it } from 'vitest';
import { RobotsError } from '../../src/errors.js';
import {
  matchHeaderPattern,
  matchVercelSource,
  parseHeadersFile,
  readHtaccessHeaders,
  readVercelHeaders,
} from '../../src/adapter.js';

describe('parseHeadersFile', () => {
  it('reads rules as Netlify and Cloudflare Pages do', () => {
    const text = [
      '# comment',
      'X-Orphan: before any path',
      '/*',
      '  X-Frame-Options: DENY',
      '  # indented comment',
      '',
      '  not a header line',
      '/files/:name',
      '\tX-Robots-Tag: googlebot: nofollow, unavailable_after: 2030-01-01',
      'https://example.pages.dev/*',
      '  X-Robots-Tag: noindex',
      '/*',
      '  Cache-Control: no-store',
    ].join('\r\n');
    expect([...parseHeadersFile(text)]).toEqual([
      [
        '/*',
        [
          { name: 'X-Frame-Options', value: 'DENY' },
          { name: 'Cache-Control', value: 'no-store' },
        ],
      ],
      ['/files/:name', [{ name: 'X-Robots-Tag', value: 'googlebot: nofollow, unavailable_after: 2030-01-01' }]],
      ['https://example.pages.dev/*', [{ name: 'X-Robots-Tag', value: 'noindex' }]],
    ]);
    expect(parseHeadersFile('').size).toBe(0);
  });
});

describe("matchHeaderPattern: the hosts' own readings, quirks included", () => {
  it.each<[string, string, boolean]>([
    // A standalone `*` is `/?(.*)`: it also runs past a missing `/` — why `/files/**` is not written as `/files/*`.
    ['/files/*', '/filesabc', true],
    ['/files/*', '/files', true],
    ['/files/*', '/files/a/b', true],
    // A `*` inside a segment crosses `/`, and `.` there is any character.
    ['/files/*.pdf', '/files/a/b.pdf', true],
    ['/files/*.pdf', '/files/aXpdf', true],
    ['/files/:name', '/files/a', true],
    ['/files/:name', '/files/a/', true],
    ['/files/:name', '/files/a/b', false],
    ['/Files/A.PDF', '/files/a.pdf', true],
    ['/a-b.pdf', '/a-b.pdf', true],
    ['/a-b.pdf', '/aXb.pdf', false],
    ['files', '/files', false],
  ])('netlify: %s on %s → %s', (pattern, path, expected) => {
    expect(matchHeaderPattern(pattern, path)).toBe(expected);
    expect(matchHeaderPattern(pattern, path, 'netlify')).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ['/files/*', '/files/a/b', true],
    ['/files/*', '/files/', true],
    ['/files/*', '/files', false],
    ['/files/*', '/filesabc', false],
    ['/files/:name.pdf', '/files/a.b.pdf', true],
    ['/files/:name.pdf', '/files/.pdf', false],
    ['/files/:name', '/files/a/', false],
    ['/Files/a.pdf', '/files/a.pdf', false],
    ['/a.pdf', '/aXpdf', false],
    // Two splats are two groups named `splat`: Cloudflare skips the rule.
    ['/*/x/*', '/a/x/b', false],
    ['https://example.com/*', '/a', false],
  ])('cloudflare: %s on %s → %s', (pattern, path, expected) => {
    expect(matchHeaderPattern(pattern, path, 'cloudflare')).toBe(expected);
  });
});

describe('Vercel sources (path-to-regexp 6, strict, case-sensitive)', () => {
  it.each<[string, string, boolean]>([
    ['/blog/:slug', '/blog/a', true],
    ['/blog/:slug', '/blog/a/', false],
    ['/blog/:slug', '/blog/a/b', false],
    ['/blog/:slug?', '/blog', true],
    ['/:path*', '/a/b/c', true],
    ['/:path+', '/', false],
    ['/:path+', '/a/b', true],
    ['/docs/:id(\\d+)', '/docs/12', true],
    ['/docs/:id(\\d+)', '/docs/x', false],
    ['/(.*)', '/anything/at/all', true],
    ['/(files/[^/]*\\.pdf/?)', '/files/a.pdf', true],
    ['/(files/[^/]*\\.pdf/?)', '/files/a.pdf/', true],
    ['/(files/[^/]*\\.pdf/?)', '/Files/a.pdf', false],
    ['/(files/[^/]*\\.pdf/?)', '/files/aXpdf', false],
    ['/about', '/About', false],
    ['/a.b', '/aXb', false],
    ['/a{-:b}?', '/a', true],
    ['/a{-:b}?', '/a-x', true],
    ['/a\\:b', '/a:b', true],
    ['/file.:ext', '/file.pdf', true],
    // Sources Vercel rejects match nothing.
    ['/(', '/', false],
    ['/((x))', '/x', false],
    ['/(?x)', '/x', false],
    ['/()', '/', false],
    ['/:', '/', false],
    ['/a{b', '/ab', false],
    ['/a}', '/a}', false],
  ])('%s on %s → %s', (source, path, expected) => {
    expect(matchVercelSource(source, path)).toBe(expected);
  });

  it('reads headers entries and recognises the ones robots-kit wrote', () => {
    const json = JSON.stringify({
      headers: [
        { source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }, { key: 7 }] },
        {
          source: '/(a\\.pdf/?)',
          headers: [{ key: 'X-Robots-Tag', value: 'noindex' }],
          missing: [{ type: 'header', key: 'x-robots-kit-generated' }],
        },
        { headers: [] },
        null,
        { source: '/b', headers: 'nope' },
      ],
    });
    expect(readVercelHeaders(json)).toEqual([
      { source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }], generated: false },
      { source: '/(a\\.pdf/?)', headers: [{ key: 'X-Robots-Tag', value: 'noindex' }], generated: true },
      { source: '/b', headers: [], generated: false },
    ]);
    expect(readVercelHeaders('{}')).toEqual([]);
    expect(() => readVercelHeaders('{', 'site/vercel.json')).toThrow(RobotsError);
    expect(() => readVercelHeaders('{', 'site/vercel.json')).toThrow(/site\/vercel\.json[\s\S]*invalid JSON/);
  });
});

describe('readHtaccessHeaders', () => {
  it("reads the Google documentation's form and top-level headers", () => {
    const text = [
      'Header always set X-Robots-Tag "noarchive"',
      '<Files ~ "\\.pdf$">',
      '  Header set X-Robots-Tag "noindex, nofollow"',
      '</Files>',
      '<FilesMatch "\\.(png|jpe?g|gif)$">',
      '  Header set X-Robots-Tag "noindex"',
      '  Header unset X-Powered-By',
      '</FilesMatch>',
      '<If "%{REQUEST_URI} =~ m#^/private/#">',
      '  header add X-Robots-Tag "googlebot: nofollow"',
      '</If>',
      'Header onsuccess merge Vary "Accept"',
    ].join('\n');
    expect(readHtaccessHeaders(text)).toEqual([
      {
        kind: 'all',
        headers: [
          { action: 'set', name: 'X-Robots-Tag', value: 'noarchive', always: true },
          { action: 'merge', name: 'Vary', value: 'Accept', always: false },
        ],
      },
      {
        kind: 'file-name',
        pattern: '\\.pdf$',
        headers: [{ action: 'set', name: 'X-Robots-Tag', value: 'noindex, nofollow', always: false }],
      },
      {
        kind: 'file-name',
        pattern: '\\.(png|jpe?g|gif)$',
        headers: [
          { action: 'set', name: 'X-Robots-Tag', value: 'noindex', always: false },
          { action: 'unset', name: 'X-Powered-By', always: false },
        ],
      },
      {
        kind: 'request-uri',
        pattern: '^/private/',
        headers: [{ action: 'add', name: 'X-Robots-Tag', value: 'googlebot: nofollow', always: false }],
      },
    ]);
    expect(readHtaccessHeaders('RewriteEngine On\n')).toEqual([]);
  });
});
