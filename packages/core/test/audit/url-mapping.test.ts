import { describe, expect, it } from 'vitest';
import {
  encodePathSegment,
  fileToUrl,
  htmlFileOfPath,
  parseSiteUrl,
  urlCandidates,
  urlPathKey,
  urlToSitePath,
} from '../../src/audit/site-urls.js';
import { resolveCanonical } from '../../src/audit/page-facts.js';
import { RobotsError } from '../../src/errors.js';

describe('fileToUrl', () => {
  it.each([
    ['index.html', 'ignore', '', '/'],
    ['index.html', 'never', '', '/'],
    ['index.html', 'never', '/docs', '/docs'],
    ['index.html', 'always', '/docs', '/docs/'],
    ['a/index.html', 'always', '', '/a/'],
    ['a/index.html', 'ignore', '', '/a/'],
    ['a/index.html', 'never', '', '/a'],
    ['a/INDEX.HTM', 'ignore', '', '/a/'],
    ['a.html', 'always', '', '/a.html'],
    ['a.html', 'never', '', '/a'],
    ['a.html', 'ignore', '/docs', '/docs/a'],
    ['blog/hello world/café.html', 'ignore', '', '/blog/hello%20world/caf%C3%A9'],
    ['a:b/x$y.html', 'always', '', '/a:b/x$y.html'],
    ['100%/a#b?.html', 'always', '', '/100%25/a%23b%3F.html'],
  ] as const)('%s with %s below %j is %s', (file, mode, base, url) => {
    expect(fileToUrl(file, mode, base)).toBe(url);
  });

  it('encodes segments as browsers send them', () => {
    expect(encodePathSegment('a b+c@d')).toBe('a%20b+c@d');
  });
});

describe('urlCandidates and urlPathKey', () => {
  it('try the index form always, the other slash form and the bare name with ignore', () => {
    expect(urlCandidates('/a/index.html', 'always')).toEqual(['/a/index.html', '/a/']);
    expect(urlCandidates('/a/index.html', 'never')).toEqual(['/a/index.html', '/a']);
    expect(urlCandidates('/index.html', 'never')).toEqual(['/index.html', '/']);
    expect(urlCandidates('/a', 'ignore')).toEqual(['/a', '/a/']);
    expect(urlCandidates('/a/', 'ignore')).toEqual(['/a/', '/a']);
    expect(urlCandidates('/a.html', 'ignore')).toEqual(['/a.html', '/a.html/', '/a']);
    expect(urlCandidates('/', 'ignore')).toEqual(['/']);
    expect(urlCandidates('/a', 'never')).toEqual(['/a']);
  });

  it('decode valid escapes and keep invalid ones', () => {
    expect(urlPathKey('/caf%C3%A9/')).toBe('/café/');
    expect(urlPathKey('/100%/')).toBe('/100%/');
    expect(urlPathKey('/plain/')).toBe('/plain/');
  });
});

describe('htmlFileOfPath (issue 36: `build.format: file` links name `/de.html`)', () => {
  it.each([
    ['/de.html', '', 'de.html'],
    ['/docs/de/guide.html', '/docs', 'de/guide.html'],
    ['/caf%C3%A9.html', '', 'café.html'],
    ['/index.html', '', 'index.html'],
    ['/de', '', undefined],
    ['/de/', '', undefined],
    ['/other/de.html', '/docs', undefined],
    ['/.html', '', '.html'],
  ] as const)('%s below %j is the file %j', (path, base, file) => {
    expect(htmlFileOfPath(path, base)).toBe(file);
  });
});

describe('site URLs', () => {
  it('parse an origin with an optional base path', () => {
    expect(parseSiteUrl('https://example.com')).toEqual({ origin: 'https://example.com', basePath: '' });
    expect(parseSiteUrl('http://example.com:8080/docs/')).toEqual({
      origin: 'http://example.com:8080',
      basePath: '/docs',
    });
  });

  it.each([
    ['example.com', 'https://example.com'],
    ['ftp://example.com', undefined],
    ['https://example.com/?q=1', undefined],
    ['not a url', undefined],
  ])('reject %s', (site, suggestion) => {
    let error: unknown;
    try {
      parseSiteUrl(site, '--site');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RobotsError);
    expect((error as RobotsError).details).toMatchObject({ code: 'invalid-site', source: '--site', value: site });
    expect((error as RobotsError).details.suggestion).toBe(suggestion);
  });

  it('map absolute URLs to site paths', () => {
    const site = { origin: 'https://example.com', basePath: '/docs' };
    expect(urlToSitePath('https://example.com/docs/a/', site)).toBe('/docs/a/');
    expect(urlToSitePath('https://example.com/docs', site)).toBe('/docs');
    expect(urlToSitePath('https://example.com/documents/', site)).toBeUndefined();
    expect(urlToSitePath('https://other.example/docs/', site)).toBeUndefined();
    expect(urlToSitePath('mailto:a@example.com', site)).toBeUndefined();
    expect(urlToSitePath('/relative', site)).toBeUndefined();
    expect(urlToSitePath('https://any.example/x', undefined)).toBe('/x');
  });

  it('resolve canonical links against base href, page and site', () => {
    const site = { origin: 'https://example.com', basePath: '' };
    expect(resolveCanonical('../b/', '/a/x/', undefined, site)).toEqual({
      href: 'https://example.com/a/b/',
      path: '/a/b/',
    });
    expect(resolveCanonical('b/', '/a/x/', '/root/', site)).toEqual({
      href: 'https://example.com/root/b/',
      path: '/root/b/',
    });
    expect(resolveCanonical('https://other.example/b/', '/a/', undefined, site)).toEqual({
      href: 'https://other.example/b/',
    });
    expect(resolveCanonical('/b/?p=1', '/a/', undefined, undefined)).toEqual({ href: '/b/?p=1', path: '/b/' });
    expect(resolveCanonical('https://[bad', '/a/', undefined, site)).toBeUndefined();
  });
});
