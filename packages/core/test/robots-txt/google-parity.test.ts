/**
 * Issue 12: the two classes of disagreement with Google's C++ parser found by comparing 250,000
 * generated robots.txt/URL pairs, each as a regression test, with Google's answer as the
 * expectation (also checked against the port of robots.cc the property tests use).
 */
import { describe, expect, it } from 'vitest';
import { explainMatch, isAllowed, parseRobotsTxt } from '../../src/index.js';
import { getPathParamsQuery } from '../../src/adapter.js';
import { googleAllowed } from './google-reference.js';

const latin1 = (binary: string): Uint8Array => Uint8Array.from(Buffer.from(binary, 'latin1'));
/** The answer from the body as a string, as bytes, parsed, and explained: all four must agree. */
function answers(body: string | Uint8Array, agent: string, url: string): boolean[] {
  const parsed = parseRobotsTxt(body);
  return [
    isAllowed(body, agent, url),
    isAllowed(parsed, agent, url),
    explainMatch(body, agent, url).allowed,
    explainMatch(parsed, agent, url).allowed,
  ];
}

describe('issue 12 item 1: a raw NUL byte in the URL path ends the path, as in Google’s matcher', () => {
  it('reads `http://example.com/\\x00` as `/`: `Disallow: /$` disallows it', () => {
    const body = 'User-agent: *\nDisallow: /$\n';
    expect(googleAllowed(latin1(body), 'Googlebot', 'http://example.com/\x00')).toBe(false);
    expect(answers(body, 'Googlebot', 'http://example.com/\x00')).toEqual([false, false, false, false]);
  });

  it('lets `Allow: /$` win over `Disallow: /` for it', () => {
    const body = 'User-agent: *\nAllow: /$\nDisallow: /\n';
    expect(googleAllowed(latin1(body), 'Googlebot', 'http://example.com/\x00')).toBe(true);
    expect(answers(body, 'Googlebot', 'http://example.com/\x00')).toEqual([true, true, true, true]);
    expect(explainMatch(body, 'Googlebot', 'http://example.com/\x00').rule).toMatchObject({ type: 'allow', line: 2 });
  });

  it('cuts the path, not the host, and reports the path Google matched', () => {
    expect(getPathParamsQuery('http://example.com/private\x00/public?x')).toBe('/private');
    expect(getPathParamsQuery('http://exa\x00mple.com/a/b')).toBe('/a/b');
    expect(getPathParamsQuery('http://example.com?\x00q')).toBe('/?');
    expect(
      explainMatch('User-agent: *\nDisallow: /private\n', 'Bot', 'https://example.com/private\x00/public').path,
    ).toBe('/private');
    expect(
      isAllowed('User-agent: *\nDisallow: /private/public\n', 'Bot', 'https://example.com/private\x00/public'),
    ).toBe(true);
  });
});

describe('issue 12 item 2: a byte order mark at the start of a User-agent value is part of the value', () => {
  const body = latin1('User-agent: \xef\xbb\xbf*\nDisallow: /\n');

  it('makes `\\xEF\\xBB\\xBF*` neither `*` nor a product token, so the group applies to nobody', () => {
    expect(googleAllowed(body, 'Googlebot', '/x')).toBe(true);
    expect(answers(body, 'Googlebot', '/x')).toEqual([true, true, true, true]);
    expect(explainMatch(body, 'Googlebot', '/x').groupKind).toBe('none');
    const [userAgent] = parseRobotsTxt(body).groups[0]!.userAgents;
    expect(userAgent).toMatchObject({ value: '\uFEFF*', isGlobal: false, productToken: '' });
  });

  it('does not name the crawler either when it precedes a product token', () => {
    const named = latin1('User-agent: *\nAllow: /\n\nUser-agent: \xef\xbb\xbfGooglebot\nDisallow: /\n');
    expect(googleAllowed(named, 'Googlebot', '/x')).toBe(true);
    expect(answers(named, 'Googlebot', '/x')).toEqual([true, true, true, true]);
    expect(parseRobotsTxt(named).diagnostics.map((d) => [d.code, d.line])).toEqual([['invalid-user-agent', 4]]);
  });

  it('is the same written as a string: only a byte order mark at the very start of the body is skipped', () => {
    expect(answers('User-agent: \uFEFF*\nDisallow: /\n', 'Googlebot', '/x')).toEqual([true, true, true, true]);
    expect(answers('\uFEFFUser-agent: *\nDisallow: /\n', 'Googlebot', '/x')).toEqual([false, false, false, false]);
    expect(answers('\uFEFFUser-agent: \uFEFF*\nDisallow: /\n', 'Googlebot', '/x')).toEqual([true, true, true, true]);
  });

  it('keeps it in rule values too, where Google percent-encodes it', () => {
    const rule = latin1('User-agent: *\nDisallow: \xef\xbb\xbf/x\n');
    expect(parseRobotsTxt(rule).groups[0]!.rules[0]).toMatchObject({ value: '\uFEFF/x', pattern: '%EF%BB%BF/x' });
    expect(answers(rule, 'Bot', '/x')).toEqual([true, true, true, true]);
  });
});
