/**
 * Log formats: documentation example lines as fixtures, Apache and nginx format strings, JSON
 * field maps, errors for bad formats, a round-trip property over generated requests, and linear
 * time on hostile lines (CPU ratio to a benign line of the same length).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLogFormat, detectLogFormat, parseAnyTime, parseClfTime } from '../src/formats.js';
import { identifyCrawler } from '../src/crawlers.js';
import { NGINX_FORMAT, WRITERS, type Visit } from './generate-log.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const lines = (name: string): string[] => readFileSync(path.join(fixtures, name), 'utf8').trimEnd().split('\n');

describe('documentation example lines', () => {
  it('Apache: the Common and Combined examples of the httpd docs', () => {
    const [common, combined] = lines('apache-docs.log');
    expect(detectLogFormat(common!)).toBe('common');
    expect(detectLogFormat(combined!)).toBe('combined');
    const expected = {
      ip: '127.0.0.1',
      time: Date.UTC(2000, 9, 10, 20, 55, 36),
      method: 'GET',
      target: '/apache_pb.gif',
      status: 200,
    };
    expect(compileLogFormat('common')(common!)).toEqual({ ...expected, userAgent: '' });
    expect(compileLogFormat('combined')(combined!)).toEqual({
      ...expected,
      userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
    });
    expect(compileLogFormat('combined')(common!)).toBeUndefined();
  });

  it('nginx: default combined lines, also through its log_format string', () => {
    const nginx = compileLogFormat({
      nginx:
        '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"',
    });
    for (const line of lines('nginx-samples.log')) {
      const record = nginx(line);
      expect(record).toEqual(compileLogFormat('combined')(line));
      expect(record).toMatchObject({
        ip: '66.75.252.36',
        time: Date.UTC(2008, 7, 14, 4, 54, 45),
        method: 'GET',
        status: 200,
      });
      expect(record?.target).toMatch(/^\/wiki\/skins\/common\/\w+\.css\?116$/);
      expect(record?.userAgent).toContain('Safari/525.20.1');
    }
  });

  it('Vercel: the NDJSON example (a build line without a request, then a request)', () => {
    const [build, request] = lines('vercel-docs.ndjson');
    expect(detectLogFormat(build!)).toBeUndefined();
    expect(detectLogFormat(request!)).toBe('vercel');
    const vercel = compileLogFormat('vercel');
    expect(vercel(build!)).toBeUndefined();
    expect(vercel(request!)).toEqual({
      ip: '120.75.16.101',
      time: 1573817250172,
      method: 'GET',
      target: '/api/users?page=1',
      status: 200,
      userAgent: 'Mozilla/5.0...',
    });
  });

  it('Cloudflare: the http_requests example, nanosecond timestamps', () => {
    const [line] = lines('cloudflare-docs.json');
    expect(detectLogFormat(line!)).toBe('cloudflare');
    expect(compileLogFormat('cloudflare')(line!)).toEqual({
      ip: '68.278.11.89',
      time: 1545155129696,
      method: 'GET',
      target: '/var/www',
      status: 403,
      userAgent: '',
    });
  });
});

describe('format strings', () => {
  it('Apache: %U%q, %{msec}t, modifiers and %% literals', () => {
    const parse = compileLogFormat({ apache: '%a %{msec}t %%x "%m %U%q %H" %>s "%400,501{User-Agent}i"' });
    expect(parse('192.0.2.1 1791640536123 %x "GET /a?b=1 HTTP/1.1" 404 "curl/8"')).toEqual({
      ip: '192.0.2.1',
      time: 1791640536123,
      method: 'GET',
      target: '/a?b=1',
      status: 404,
      userAgent: 'curl/8',
    });
    expect(parse('192.0.2.1 1791640536123 %y "GET /a?b=1 HTTP/1.1" 404 "curl/8"')).toBeUndefined();
    const split = compileLogFormat({ apache: '%h %{sec}t "%m %U %q %H" %s "%{User-agent}i"' });
    expect(split('192.0.2.1 1791640536 "GET /a ?b=1 HTTP/1.1" 404 "curl/8"')).toEqual({
      ip: '192.0.2.1',
      time: 1791640536000,
      method: 'GET',
      target: '/a?b=1',
      status: 404,
      userAgent: 'curl/8',
    });
    const merged = compileLogFormat({ apache: '%h [%{msec}t] "%m %U%q" %>s "%{User-Agent}i"' });
    expect(merged('192.0.2.1 [1791640536123] "GET /a?b=1" 200 "curl/8"')).toMatchObject({
      time: 1791640536123,
      target: '/a?b=1',
    });
  });

  it('nginx: $time_iso8601, $msec, $request_uri, ${braced} names and unknown variables', () => {
    const parse = compileLogFormat({
      nginx:
        '${remote_addr} $time_iso8601 $msec $request_method $request_uri $status $upstream_addr "$http_user_agent"',
    });
    expect(parse('2001:db8::1 2026-10-10T08:00:00+00:00 1791640800.250 HEAD /x?y 301 10.0.0.1:80 "Wget/1.21"')).toEqual(
      {
        ip: '2001:db8::1',
        time: 1791640800250,
        method: 'HEAD',
        target: '/x?y',
        status: 301,
        userAgent: 'Wget/1.21',
      },
    );
  });

  it('keeps escaped quotes inside quoted fields', () => {
    const line =
      '192.0.2.1 - - [10/Oct/2026:08:00:00 +0000] "GET /a\\"b HTTP/1.1" 200 1 "-" "Evil \\"Googlebot\\" \\\\"';
    expect(compileLogFormat('combined')(line)).toMatchObject({
      target: '/a\\"b',
      userAgent: 'Evil \\"Googlebot\\" \\\\',
    });
  });

  it.each([
    [{ apache: '%h %t %{User-Agent' }, 'unclosed `%{`'],
    [{ apache: '%h %' }, 'ends inside a directive'],
    [{ apache: '%h%u "%r" "%{User-Agent}i"' }, 'two fields with nothing between them'],
    [{ apache: '%t "%{User-Agent}i"' }, 'lacks the client address or the request'],
    [{ nginx: '$remote_addr $ "$request"' }, 'a `$` without a variable name'],
    ['combind', 'Did you mean `combined`?'],
    [{ json: { ip: 'ip', time: 't', path: '', userAgent: 'ua' } }, 'the JSON field map has no `path`'],
  ] as const)('refuses %j: %s', (format, message) => {
    expect(() => compileLogFormat(format as never)).toThrow(message);
  });
});

describe('times', () => {
  it('reads CLF times with offsets; an unknown month is no time', () => {
    expect(parseClfTime('[01/Jan/2026:00:30:00 +0130]')).toBe(Date.UTC(2025, 11, 31, 23, 0, 0));
    expect(parseClfTime('01/Foo/2026:00:30:00 +0000')).toBeNaN();
    // Only ASCII spells a month: `J` + U+0060 + U+016E must not read as `Jan` (their codes overlap).
    expect(parseClfTime('01/J`\u016e/2026:00:30:00 +0000')).toBeNaN();
  });

  it('reads consecutive CLF times of the same day, the next day and another zone (the kept day start)', () => {
    const times = [
      '31/Dec/2025:23:59:59 +0000',
      '31/Dec/2025:23:00:01 +0000',
      '01/Jan/2026:00:00:00 +0000',
      '01/Jan/2026:00:00:00 -0700',
      '01/Jan/2026:01:02:03 -0700',
      '01/Feb/2026:01:02:03 -0700',
      '01/Feb/2027:01:02:03 -0700',
      '01/Feb/2027:xx:02:03 -0700',
      '01/Feb/2027:01:02:03 -0700',
    ].map((time) => parseClfTime(time));
    expect(times).toEqual([
      Date.UTC(2025, 11, 31, 23, 59, 59),
      Date.UTC(2025, 11, 31, 23, 0, 1),
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 1, 7),
      Date.UTC(2026, 0, 1, 8, 2, 3),
      Date.UTC(2026, 1, 1, 8, 2, 3),
      Date.UTC(2027, 1, 1, 8, 2, 3),
      NaN,
      Date.UTC(2027, 1, 1, 8, 2, 3),
    ]);
  });

  it('reads JSON times of any unit', () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 5);
    for (const value of [ms / 1000, ms, ms * 1000, ms * 1e6, String(ms), new Date(ms).toISOString()])
      expect(parseAnyTime(value)).toBe(ms);
    expect(parseAnyTime('yesterday')).toBeNaN();
    expect(parseAnyTime(undefined)).toBeNaN();
  });
});

const printable = fc.string({
  unit: fc.constantFrom(...'abcXYZ019 -_./:;()[]"\\\'+,=&%~!@'.split('')),
  minLength: 1,
  maxLength: 60,
});
const pathChars = fc.string({ unit: fc.constantFrom(...'abz09-_./?=&%~;:@!$'.split('')), maxLength: 50 });
const visits = fc.record({
  ip: fc.oneof(fc.ipV4(), fc.ipV6()),
  // `-` is how logs write an absent header.
  ua: printable.filter((ua) => ua !== '-'),
  method: fc.constantFrom('GET', 'HEAD', 'POST'),
  target: pathChars.map((tail) => `/${tail}`),
  status: fc.integer({ min: 100, max: 599 }),
  time: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }).map((ms) => ms - (ms % 1000)),
});

describe('round trip: every written request reads back as written', () => {
  const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');
  it.each([
    ['combined', 'combined' as const],
    ['nginx', { nginx: NGINX_FORMAT }],
    ['vercel', 'vercel' as const],
    ['cloudflare', 'cloudflare' as const],
  ])('%s', (name, format) => {
    const parse = compileLogFormat(format);
    fc.assert(
      fc.property(visits, (visit: Visit) => {
        // nginx writes `"` and `\` in variables as \x22 and \x5C.
        const written =
          name === 'nginx' ? { ...visit, ua: visit.ua.replaceAll('\\', '\\x5C').replaceAll('"', '\\x22') } : visit;
        const record = parse(WRITERS[name]!(written));
        expect(record).toBeDefined();
        const ua = name === 'combined' ? unescape(record!.userAgent) : record!.userAgent;
        expect({
          ...record!,
          userAgent: ua,
          target: name === 'combined' ? unescape(record!.target) : record!.target,
        }).toEqual({
          ip: written.ip,
          time: written.time,
          method: written.method,
          target: written.target,
          status: written.status,
          userAgent: written.ua,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('identification: a short crawler name inside a longer word names no crawler (Kayak is not YaK)', () => {
    expect(identifyCrawler('KAYAK/2.1 (iPhone; iOS 18.1)')).toBeUndefined();
    expect(identifyCrawler('Mozilla/5.0 (compatible; Portraevision/1.0)')).toBeUndefined();
    expect(identifyCrawler('Mozilla/5.0 (compatible; Falcc/3.0)')).toBeUndefined();
    expect(identifyCrawler('YaK/1.0 (http://linkfluence.com/; bot@linkfluence.com)')?.name).toBe('YaK');
    expect(identifyCrawler('Mozilla/5.0 (compatible; Devin; +https://devin.ai/)')?.name).toBe('Devin');
    expect(identifyCrawler('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Trae/1.0)')?.name).toBe(
      'Trae',
    );
  });

  it('identification: a crawler token anywhere in the header is found, browsers are not crawlers', () => {
    fc.assert(
      fc.property(
        printable,
        printable,
        fc.constantFrom('Googlebot/2.1', 'bingbot/2.0', 'GPTBot/1.2', 'ClaudeBot/1.0'),
        (before, after, token) => {
          const found = identifyCrawler(`${before} (compatible; ${token}) ${after}`);
          expect(found?.name.toLowerCase()).toBe(token.split('/')[0]!.toLowerCase());
        },
      ),
    );
    expect(identifyCrawler('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBeUndefined();
    expect(identifyCrawler('Googlebot-Image/1.0')?.name).toBe('Googlebot-Image');
    expect(identifyCrawler('Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)')?.tokens).toEqual([
      'Google-InspectionTool',
      'Googlebot',
    ]);
  });
});

describe('bounded on hostile lines', () => {
  function cpu(run: () => void): number {
    const start = process.cpuUsage();
    for (let i = 0; i < 20; i++) run();
    const used = process.cpuUsage(start);
    return used.user + used.system;
  }
  it('escaped quotes and missing closers cost no more than a benign line of the same length', () => {
    const parse = compileLogFormat('combined');
    const head = '192.0.2.1 - - [10/Oct/2026:08:00:00 +0000] "GET /';
    const benign = `${head}${'a'.repeat(60_000)} HTTP/1.1" 200 1 "-" "ua"`;
    const hostile = [
      `${head}${'\\"'.repeat(30_000)}`,
      `${head}${'\\\\\\"'.repeat(15_000)}" 200 1 "`,
      `${head}${'" '.repeat(30_000)}`,
    ];
    const base = Math.max(
      cpu(() => parse(benign)),
      1000,
    );
    // The least of three runs: a collection or another process can only add to one run, while a
    // quadratic reading would cost as much every time.
    const least = (run: () => void): number => Math.min(cpu(run), cpu(run), cpu(run));
    for (const line of hostile) expect(least(() => parse(line)) / base).toBeLessThan(20);
  });
});
