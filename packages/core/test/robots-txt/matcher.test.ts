import { describe, expect, it } from 'vitest';
import { explainMatch, isAllowed, parseRobotsTxt } from '../../src/index.js';
import { getPathParamsQuery } from '../../src/adapter.js';

describe('isAllowed: Google robots_test.cc cases beyond the conformance file', () => {
  it('uses the groups naming the crawler, merged, else the `*` groups', () => {
    const groups =
      'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';
    expect(isAllowed(groups, 'FooBot', 'http://foo.bar/z/d')).toBe(true);
    expect(isAllowed(groups, 'BarBot', 'http://foo.bar/y/c')).toBe(true);
    expect(isAllowed(groups, 'BarBot', 'http://foo.bar/w/a')).toBe(true);
    expect(isAllowed(groups, 'BarBot', 'http://foo.bar/z/d')).toBe(false);
    expect(isAllowed(groups, 'BazBot', 'http://foo.bar/z/d')).toBe(true);
    expect(isAllowed(groups, 'BazBot', 'http://foo.bar/foo/bar/')).toBe(false);

    const global = 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n';
    expect(isAllowed(global, 'FooBot', 'http://foo.bar/x/y')).toBe(false);
    const onlySpecific =
      'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n';
    expect(isAllowed(onlySpecific, 'QuxBot', 'http://foo.bar/x/y')).toBe(true);
  });

  it('ignores unknown lines, which do not end a group', () => {
    const body = 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n';
    expect(isAllowed(body, 'FooBot', 'http://foo.bar/')).toBe(false);
    const sitemap = 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n';
    expect(isAllowed(sitemap, 'FooBot', 'http://foo.bar/')).toBe(false);
    expect(isAllowed(sitemap, 'BarBot', 'http://foo.bar/')).toBe(false);
  });

  it('compares the crawler name whole, ignoring ASCII case only', () => {
    const body = 'User-agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
    expect(isAllowed(body, 'Foo', 'http://foo.bar/x/y')).toBe(true);
    expect(isAllowed(body, 'FOO', 'http://foo.bar/x/y')).toBe(true);
    expect(isAllowed(body, 'Foo Bar', 'http://foo.bar/x/y')).toBe(false);
    // U+212A KELVIN SIGN lower-cases to `k` in Unicode, but Google compares ASCII only.
    expect(isAllowed('User-agent: kbot\nDisallow: /\n', '\u212Abot', '/x')).toBe(true);
  });

  it('picks the longest match and lets Allow win ties', () => {
    expect(
      isAllowed(
        'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n',
        'FooBot',
        'http://foo.bar/x/page.html',
      ),
    ).toBe(true);
    expect(
      isAllowed('user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page.html'),
    ).toBe(false);
    expect(isAllowed('user-agent: FooBot\nallow: /page\ndisallow: /*.html\n', 'FooBot', 'http://foo.bar/page')).toBe(
      true,
    );
    expect(isAllowed('user-agent: FooBot\nallow: /\ndisallow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(true);
    expect(
      isAllowed('User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/x/page'),
    ).toBe(true);
    expect(
      isAllowed('User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n', 'FooBot', 'http://foo.bar/y/page'),
    ).toBe(false);
  });

  it('treats empty patterns as matching nothing', () => {
    expect(isAllowed('user-agent: FooBot\nallow: \ndisallow: \n', 'FooBot', 'http://foo.bar/x')).toBe(true);
    expect(isAllowed('user-agent: *\ndisallow: \n', 'FooBot', 'http://foo.bar/x')).toBe(true);
  });

  it('handles `*` and `$` like Google', () => {
    const dollar = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n';
    expect(isAllowed(dollar, 'FooBot', 'http://foo.bar/foo/bar')).toBe(false);
    expect(isAllowed(dollar, 'FooBot', 'http://foo.bar/foo/bar/')).toBe(true);
    const star = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n';
    expect(isAllowed(star, 'FooBot', 'http://foo.bar/foo/bar/quz')).toBe(false);
    // `$` not at the end is a literal character.
    expect(isAllowed('User-agent: *\nDisallow: /a$b\n', 'x', '/a$b')).toBe(false);
    expect(isAllowed('User-agent: *\nDisallow: /a$b\n', 'x', '/a')).toBe(true);
    expect(isAllowed('User-agent: *\nDisallow: /*$\n', 'x', '/anything')).toBe(false);
    expect(isAllowed('User-agent: *\nDisallow: $\n', 'x', '/')).toBe(true);
  });

  it('does not encode the URL: a raw non-ASCII path does not match an encoded rule', () => {
    const body = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n';
    expect(isAllowed(body, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84')).toBe(true);
    expect(isAllowed(body, 'FooBot', 'http://foo.bar/foo/bar/ツ')).toBe(false);
  });

  it('reads `Allow: …/index.html` as also allowing the directory', () => {
    const body = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
    const explanation = explainMatch(body, 'foobot', 'http://foo.com/allowed-slash/');
    expect(explanation.allowed).toBe(true);
    expect(explanation.rule).toMatchObject({
      type: 'allow',
      line: 2,
      pattern: '/allowed-slash/index.html',
      effectivePattern: '/allowed-slash/$',
    });
    expect(isAllowed(body, 'foobot', 'http://foo.com/allowed-slash/x')).toBe(false);
    expect(isAllowed('User-Agent: *\nAllow: /a/index.htm\nDisallow: /\n', 'x', '/a/')).toBe(true);
    expect(isAllowed('User-Agent: *\nDisallow: /a/index.html\n', 'x', '/a/')).toBe(true);
  });

  it('allows everything under an empty robots.txt or one with no group for the crawler', () => {
    expect(isAllowed('', 'FooBot', '/')).toBe(true);
    expect(isAllowed('# nothing here\n', 'FooBot', '/x')).toBe(true);
    expect(isAllowed('User-agent: BarBot\nDisallow: /\n', 'FooBot', '/x')).toBe(true);
  });

  it('accepts bytes and pre-parsed input with the same answer', () => {
    const body = 'User-agent: *\nDisallow: /private\n';
    const parsed = parseRobotsTxt(body);
    for (const url of ['/private', '/private/x', '/public']) {
      const expected = isAllowed(body, 'Bot', url);
      expect(isAllowed(parsed, 'Bot', url)).toBe(expected);
      expect(isAllowed(new TextEncoder().encode(body), 'Bot', url)).toBe(expected);
    }
    expect(isAllowed(parsed, 'Bot', '/private')).toBe(false);
  });

  it('answers from frozen, cloned and JSON round-tripped parse results, which stay plain data', () => {
    const body = 'User-agent: *\nDisallow: /private\n\nUser-agent: FooBot\nAllow: /\n';
    const parsed = parseRobotsTxt(body);
    expect(isAllowed(parsed, 'Bot', '/private/x')).toBe(false);
    expect(isAllowed(parsed, 'FOOBOT', '/private/x')).toBe(true);
    const copies = [
      Object.freeze(parseRobotsTxt(body)),
      structuredClone(parsed),
      JSON.parse(JSON.stringify(parsed)) as typeof parsed,
    ];
    for (const copy of copies) {
      expect(copy).toEqual(parsed);
      expect(isAllowed(copy, 'Bot', '/private/x')).toBe(false);
      expect(explainMatch(copy, 'foobot', '/private/x').rule).toMatchObject({ type: 'allow', line: 5 });
    }
  });
});

describe('explainMatch', () => {
  const body =
    'User-agent: *\nDisallow: /private\nAllow: /private/open\n\nUser-agent: Googlebot\nDisallow: /g\n\nUser-agent: Googlebot\nAllow: /g/ok\n';

  it('names the deciding rule, its line and group', () => {
    expect(explainMatch(body, 'Bingbot', 'https://example.com/private/x?q=1#frag')).toEqual({
      allowed: false,
      path: '/private/x?q=1',
      groupKind: 'global',
      groupIndexes: [0],
      rule: {
        type: 'disallow',
        value: '/private',
        pattern: '/private',
        line: 2,
        groupIndex: 0,
        effectivePattern: '/private',
      },
    });
    expect(explainMatch(body, 'Bingbot', '/private/open/1').rule).toMatchObject({ type: 'allow', line: 3 });
  });

  it('merges every group naming the crawler', () => {
    const explanation = explainMatch(body, 'googlebot', '/g/ok/1');
    expect(explanation).toMatchObject({
      allowed: true,
      groupKind: 'specific',
      groupIndexes: [1, 2],
      rule: { type: 'allow', line: 9, groupIndex: 2 },
    });
    expect(explainMatch(body, 'Googlebot', '/private').rule).toBeUndefined();
    expect(explainMatch(body, 'Googlebot', '/private').allowed).toBe(true);
  });

  it('reports when no group applies', () => {
    expect(explainMatch('User-agent: Foo\nDisallow: /\n', 'Bar', '/x')).toEqual({
      allowed: true,
      path: '/x',
      groupKind: 'none',
      groupIndexes: [],
    });
  });

  it('keeps the first of equally long matches', () => {
    const explanation = explainMatch('User-agent: *\nDisallow: /a*\nDisallow: /*b\n', 'x', '/ab');
    expect(explanation.rule?.line).toBe(2);
  });
});

describe('getPathParamsQuery (Google test cases)', () => {
  it.each([
    ['', '/'],
    ['http://www.example.com', '/'],
    ['http://www.example.com/', '/'],
    ['http://www.example.com/a', '/a'],
    ['http://www.example.com/a/', '/a/'],
    ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
    ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['example.com', '/'],
    ['example.com/', '/'],
    ['example.com/a', '/a'],
    ['example.com/a/', '/a/'],
    ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
    ['a', '/'],
    ['a/', '/'],
    ['/a', '/a'],
    ['a/b', '/b'],
    ['example.com?a', '/?a'],
    ['example.com/a;b#c', '/a;b'],
    ['//a/b/c', '/b/c'],
    ['http://example.com#frag/x', '/'],
  ])('%j → %j', (url, path) => {
    expect(getPathParamsQuery(url)).toBe(path);
  });
});
