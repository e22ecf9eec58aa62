import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobotsTxt } from '../../src/index.js';
import { MAX_LINE_BYTES, MAX_ROBOTS_TXT_BYTES } from '../../src/adapter.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe('parseRobotsTxt: groups as Google reads them', () => {
  const body =
    'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n';

  it('starts a group only at a user-agent line that follows a rule', () => {
    const parsed = parseRobotsTxt(body);
    expect(parsed.groups.map((group) => group.userAgents.map((agent) => agent.value))).toEqual([
      ['FooBot'],
      ['BarBot'],
      ['BazBot', 'FooBot'],
    ]);
    expect(parsed.groups[2]?.rules.map((rule) => [rule.type, rule.value, rule.line])).toEqual([
      ['allow', '/z/', 15],
      ['disallow', '/', 16],
    ]);
    expect(parsed.groups[1]?.rules.map((rule) => rule.value)).toEqual(['/', '/y/', '/w/']);
    expect(parsed.groups[2]).toMatchObject({ index: 2, startLine: 12, endLine: 16 });
  });

  it('reports the rule before any user-agent and ignores it', () => {
    const parsed = parseRobotsTxt(body);
    expect(parsed.diagnostics).toEqual([
      {
        code: 'rule-outside-group',
        severity: 'error',
        line: 1,
        reason: expect.stringContaining('before any User-agent'),
        text: 'allow: /foo/bar/',
      },
    ]);
    expect(isAllowed(parsed, 'BazBot', 'http://foo.bar/foo/bar/')).toBe(false);
  });

  it('keeps a group open across sitemap, unknown and crawl-delay lines', () => {
    const parsed = parseRobotsTxt(
      'User-agent: FooBot\nCrawl-delay: 5\nSitemap: https://x.test/s.xml\nUser-agent: BarBot\nDisallow: /\n',
    );
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0]?.crawlDelay).toBe(5);
    expect(parsed.groups[0]?.crawlDelayLine).toBe(2);
    expect(isAllowed(parsed, 'FooBot', '/a')).toBe(false);
  });

  it('reads `*`, and `*` followed by whitespace, as the global group, but not `*foo`', () => {
    const parsed = parseRobotsTxt('User-agent: * foo\nDisallow: /a\n\nUser-agent: *foo\nDisallow: /b\n');
    expect(parsed.groups.map((group) => group.userAgents[0]?.isGlobal)).toEqual([true, false]);
    expect(parsed.groups[1]?.userAgents[0]?.productToken).toBe('');
    expect(isAllowed(parsed, 'Any', '/a')).toBe(false);
    expect(isAllowed(parsed, 'Any', '/b')).toBe(true);
    expect(parsed.diagnostics.map((d) => [d.code, d.line])).toEqual([['invalid-user-agent', 4]]);
  });

  it('cuts user-agent values to the product token', () => {
    const parsed = parseRobotsTxt('User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)\nDisallow: /x\n');
    expect(parsed.groups[0]?.userAgents[0]).toMatchObject({ productToken: 'Googlebot', isGlobal: false, line: 1 });
    expect(parsed.diagnostics[0]).toMatchObject({
      code: 'user-agent-truncated',
      severity: 'warning',
      reason: expect.stringContaining('`Googlebot`'),
    });
    expect(isAllowed(parsed, 'googlebot', '/x')).toBe(false);
  });
});

describe('parseRobotsTxt: line syntax', () => {
  it('accepts a missing colon on two-word lines only', () => {
    expect(isAllowed('user-agent FooBot\ndisallow /\n', 'FooBot', '/x')).toBe(false);
    expect(isAllowed('user-agent FooBot\ndisallow / x\n', 'FooBot', '/x')).toBe(true);
    const parsed = parseRobotsTxt('user-agent FooBot\ndisallow / x\n');
    expect(parsed.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['missing-colon', 1],
      ['invalid-syntax', 2],
    ]);
  });

  it('splits at the first colon even when the key has a space in it, as Google does', () => {
    const parsed = parseRobotsTxt('user-agent: FooBot\ndisallow /foo:bar\n');
    expect(parsed.groups[0]?.rules[0]).toMatchObject({ type: 'disallow', value: 'bar' });
  });

  it('matches keys by prefix, ignoring case, with Google accepted typos', () => {
    for (const key of ['user-agent', 'USER-AGENT', 'useragent', 'user agent', 'User-Agents']) {
      expect(parseRobotsTxt(`${key}: FooBot\nDisallow: /\n`).groups[0]?.userAgents[0]?.value, key).toBe('FooBot');
    }
    for (const key of [
      'disallow',
      'DISALLOW',
      'dissallow',
      'dissalow',
      'disalow',
      'diasllow',
      'disallaw',
      'Disallowed',
    ]) {
      expect(isAllowed(`User-agent: *\n${key}: /\n`, 'FooBot', '/x'), key).toBe(false);
    }
    for (const key of ['sitemap', 'site-map', 'Sitemaps']) {
      expect(parseRobotsTxt(`${key}: https://x.test/s.xml\n`).sitemaps).toEqual([
        { url: 'https://x.test/s.xml', line: 1 },
      ]);
    }
    const typo = parseRobotsTxt('User-agent: *\ndissallow: /\n').diagnostics[0];
    expect(typo).toMatchObject({
      code: 'accepted-typo',
      severity: 'warning',
      line: 2,
      reason: expect.stringContaining('`Disallow`'),
    });
  });

  it('drops everything after `#`, in any value', () => {
    const parsed = parseRobotsTxt(
      'User-agent: FooBot # the bot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\nSitemap: https://x.test/s.xml#frag\n',
    );
    expect(parsed.groups[0]?.userAgents[0]?.value).toBe('FooBot');
    expect(parsed.groups[0]?.rules.map((rule) => rule.value)).toEqual(['/foo/quz', '/']);
    expect(parsed.sitemaps[0]?.url).toBe('https://x.test/s.xml');
    expect(isAllowed(parsed, 'FooBot', 'http://foo.bar/foo/bar')).toBe(true);
    expect(isAllowed(parsed, 'FooBot', 'http://foo.bar/foo/quz')).toBe(false);
    expect(parsed.diagnostics).toEqual([]);
  });

  it('reports lines with no key/value and unknown keys, with a suggestion', () => {
    const parsed = parseRobotsTxt('User-agent: *\nthis is not robots.txt\nDisalllow: /q\nNoindex: /z\nFoo: bar\n');
    expect(parsed.diagnostics.map((d) => [d.code, d.line, d.text])).toEqual([
      ['invalid-syntax', 2, 'this is not robots.txt'],
      ['unknown-directive', 3, 'Disalllow: /q'],
      ['unsupported-directive', 4, 'Noindex: /z'],
      ['unknown-directive', 5, 'Foo: bar'],
    ]);
    expect(parsed.diagnostics[1]?.reason).toContain('did you mean `Disallow`?');
    expect(parsed.diagnostics[2]?.reason).toContain('2019');
    expect(parsed.diagnostics[3]?.reason).not.toContain('did you mean');
  });

  it('keeps known non-Google records with their group', () => {
    const parsed = parseRobotsTxt(
      'Host: example.com\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nDisallow:\n',
    );
    expect(parsed.otherLines).toEqual([
      { key: 'host', rawKey: 'Host', value: 'example.com', line: 1 },
      { key: 'content-signal', rawKey: 'Content-Signal', value: 'search=yes, ai-train=no', line: 3, groupIndex: 0 },
      { key: 'content-usage', rawKey: 'Content-Usage', value: 'train-ai=n', line: 4, groupIndex: 0 },
    ]);
    expect(parsed.diagnostics).toEqual([]);
  });

  it('reads Crawl-delay and reports bad, duplicate and misplaced ones', () => {
    const parsed = parseRobotsTxt(
      'Crawl-delay: 3\nUser-agent: msnbot\nCrawl-delay: 0.5\n\nUser-agent: slurp\nCrawl-delay: 12\nCrawl-delay: soon\n',
    );
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0]?.crawlDelay).toBe(0.5);
    expect(parsed.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['record-outside-group', 1],
      ['duplicate-crawl-delay', 6],
      ['invalid-crawl-delay', 7],
    ]);
    expect(parsed.diagnostics[1]?.reason).toContain('line 3');
  });

  it('reports relative sitemaps', () => {
    const parsed = parseRobotsTxt('Sitemap: /sitemap.xml\n');
    expect(parsed.sitemaps).toEqual([{ url: '/sitemap.xml', line: 1 }]);
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'relative-sitemap', severity: 'error' });
  });

  it('cuts diagnostic text at 200 characters', () => {
    const parsed = parseRobotsTxt('x'.repeat(500));
    expect(parsed.diagnostics[0]?.text).toBe('x'.repeat(200) + '…');
  });
});

describe('parseRobotsTxt: bytes, line endings and limits', () => {
  it('counts lines the same with LF, CRLF, CR and mixed endings', () => {
    const bodies = [
      'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
      'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
      'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
      'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
    ];
    for (const body of bodies) {
      const parsed = parseRobotsTxt(body);
      expect(
        parsed.groups.map((group) => group.userAgents.map((agent) => agent.line)),
        JSON.stringify(body),
      ).toEqual([[1], [3]]);
      expect(parsed.groups.flatMap((group) => group.rules.map((rule) => rule.line))).toEqual([2, 6]);
    }
    expect(parseRobotsTxt('a\r\n\r\nb').lineCount).toBe(3);
    expect(parseRobotsTxt('').lineCount).toBe(1);
  });

  it('skips a UTF-8 byte order mark, or any prefix of one, only at the very start', () => {
    const allowedLine = (body: Uint8Array): boolean => parseRobotsTxt(body).groups[0]?.rules[0]?.value === '/AnyValue';
    expect(allowedLine(bytes([0xef, 0xbb, 0xbf], 'User-Agent: foo\nAllow: /AnyValue\n'))).toBe(true);
    expect(allowedLine(bytes([0xef, 0xbb], 'User-Agent: foo\nAllow: /AnyValue\n'))).toBe(true);
    expect(allowedLine(bytes([0xef], 'User-Agent: foo\nAllow: /AnyValue\n'))).toBe(true);
    expect(allowedLine(bytes([0xef, 0x11, 0xbf], 'User-Agent: foo\nAllow: /AnyValue\n'))).toBe(false);
    const middle = parseRobotsTxt(bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Allow: /AnyValue\n'));
    expect(middle.groups[0]?.rules).toEqual([]);
    expect(parseRobotsTxt('\uFEFFUser-agent: *\nDisallow: /\n').groups[0]?.userAgents[0]?.line).toBe(1);
  });

  it('percent-encodes non-ASCII bytes and upper-cases escapes in rules, never decoding', () => {
    const parsed = parseRobotsTxt(
      'User-agent: *\nDisallow: /SanJoséSellers\nDisallow: /a%aa%2f\nDisallow: /%zz%4\nAllow: http://www.example.com\n',
    );
    expect(parsed.groups[0]?.rules.map((rule) => rule.pattern)).toEqual([
      '/SanJos%C3%A9Sellers',
      '/a%AA%2F',
      '/%zz%4',
      'http://www.example.com',
    ]);
    expect(parsed.groups[0]?.rules[0]?.value).toBe('/SanJoséSellers');
    expect(isAllowed(parsed, 'x', '/SanJos%c3%a9Sellers')).toBe(true);
    expect(isAllowed(parsed, 'x', '/SanJos%C3%A9Sellers')).toBe(false);
  });

  it('reads invalid UTF-8 bytes byte by byte', () => {
    const parsed = parseRobotsTxt(bytes('User-agent: *\nDisallow: /a', [0xff, 0xfe], 'b\n'));
    expect(parsed.groups[0]?.rules[0]?.pattern).toBe('/a%FF%FEb');
    expect(isAllowed(parsed, 'x', '/a%FF%FEb')).toBe(false);
  });

  it('ends a line at a NUL byte, as Google handles lines as C strings', () => {
    const parsed = parseRobotsTxt(bytes('User-agent: *\nDisallow: /a', [0], '/b\n'));
    expect(parsed.groups[0]?.rules[0]?.pattern).toBe('/a');
  });

  it(`reads at most ${MAX_LINE_BYTES} bytes of a line`, () => {
    const prefix = 'disallow: ';
    const exact = '/x/' + 'a'.repeat(MAX_LINE_BYTES - prefix.length - 3);
    const fits = parseRobotsTxt(`user-agent: FooBot\n${prefix}${exact}\n`);
    expect(fits.groups[0]?.rules[0]?.pattern).toBe(exact);
    expect(fits.diagnostics).toEqual([]);

    const longValue = exact + 'a/qux';
    const cut = parseRobotsTxt(`user-agent: FooBot\n${prefix}${longValue}\n`);
    expect(cut.groups[0]?.rules[0]?.pattern).toBe(exact);
    expect(cut.diagnostics.map((d) => [d.code, d.line])).toEqual([['line-too-long', 2]]);
    expect(isAllowed(cut, 'FooBot', 'http://foo.bar/fux')).toBe(true);
    expect(isAllowed(cut, 'FooBot', `http://foo.bar${exact}/fux`)).toBe(false);
  });

  it(`ignores everything after ${MAX_ROBOTS_TXT_BYTES} bytes`, () => {
    const filler = '# ' + 'x'.repeat(MAX_ROBOTS_TXT_BYTES) + '\n';
    const parsed = parseRobotsTxt(`User-agent: *\nDisallow: /a\n${filler}Disallow: /b\n`);
    expect(parsed.truncated).toBe(true);
    expect(parsed.byteLength).toBeGreaterThan(MAX_ROBOTS_TXT_BYTES);
    expect(parsed.groups[0]?.rules.map((rule) => rule.value)).toEqual(['/a']);
    expect(parsed.diagnostics.at(-1)).toMatchObject({ code: 'file-too-large', line: 3 });
    expect(isAllowed(parsed, 'x', '/b')).toBe(true);
    const unlimited = parseRobotsTxt(`User-agent: *\nDisallow: /a\n${filler}Disallow: /b\n`, { maxBytes: Infinity });
    expect(unlimited.truncated).toBe(false);
    expect(isAllowed(unlimited, 'x', '/b')).toBe(false);
  });
});
