/**
 * analyzeLogs on a generated day of traffic (generate-log.ts) written in every format it reads:
 * every finding and count asserted once for Combined, and the same report from the other formats,
 * gzip, several files, standard input and dated robots.txt versions.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeLogs } from '../src/analyze.js';
import { readLogLines } from '../src/read-lines.js';
import type { AnalyzeLogsOptions, LogFormat, LogsReport } from '../src/types.js';
import {
  APACHE_FORMAT,
  CUSTOM_JSON,
  NGINX_FORMAT,
  ROBOTS_TXT,
  START,
  UA,
  WRITERS,
  clfTime,
  logText,
} from './generate-log.js';

let dir: string;
let site: string;
let options: AnalyzeLogsOptions;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-logs-'));
  // A built site: its robots.txt, and /drafts/ carries noindex.
  site = path.join(dir, 'dist');
  mkdirSync(path.join(site, 'drafts'), { recursive: true });
  writeFileSync(path.join(site, 'robots.txt'), ROBOTS_TXT);
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><html><head><title>Home</title></head><body>home</body></html>',
  );
  writeFileSync(
    path.join(site, 'drafts', 'index.html'),
    '<!doctype html><html><head><meta name="robots" content="noindex"><title>Draft</title></head><body>draft</body></html>',
  );
  // Complete, current Google ranges, so an address outside them is refuted.
  const ranges = path.join(dir, 'ranges');
  mkdirSync(ranges);
  writeFileSync(
    path.join(ranges, 'google-common.json'),
    JSON.stringify({
      id: 'google-common',
      sources: [],
      date: '2026-11-20',
      complete: true,
      prefixes: ['66.249.64.0/19'],
    }),
  );
  options = { robots: [{ path: site }], rangesDir: ranges, now: new Date('2026-11-22T00:00:00Z') };
});

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
/** The parts of a report that do not depend on the input's name or format. */
function comparable(report: LogsReport): unknown {
  return {
    crawlers: report.crawlers,
    series: report.series,
    topDisallowed: report.topDisallowed,
    findings: report.findings.filter((finding) => finding.id !== 'unparsed-lines'),
    unparsed: report.summary.unparsed,
    requests: report.summary.requests,
  };
}

describe('analyzeLogs on the generated scenario (Combined)', () => {
  let report: LogsReport;
  beforeAll(async () => {
    report = await analyzeLogs([write('access.log', logText(WRITERS.combined!))], options);
  });

  it('counts lines, requests, crawler requests and unreadable lines', () => {
    expect(report.format).toBe('combined');
    expect(report.summary).toMatchObject({ lines: 98, requests: 95, unparsed: 2, crawlerRequests: 55 });
    expect(report.summary.from).toBe(START + 20_000);
  });

  it('gives each crawler its requests by verification status', () => {
    const rows = Object.fromEntries(report.crawlers.map((row) => [row.crawler, row]));
    expect(Object.keys(rows).sort()).toEqual(['AhrefsBot', 'ClaudeBot', 'GPTBot', 'Googlebot', 'bingbot']);
    expect(rows.Googlebot).toMatchObject({
      requests: { verified: 10, spoofed: 4, unverified: 0 },
      addresses: { verified: 1, spoofed: 1, unverified: 0 },
      disallowed: 3,
    });
    expect(rows.bingbot).toMatchObject({
      requests: { verified: 20, spoofed: 0, unverified: 0 },
      disallowed: 2,
      serverErrors: 6,
    });
    expect(rows.GPTBot).toMatchObject({
      kind: 'ai',
      requests: { verified: 4, spoofed: 0, unverified: 0 },
      disallowed: 4,
    });
    expect(rows.ClaudeBot).toMatchObject({ requests: { verified: 0, spoofed: 0, unverified: 2 }, disallowed: 2 });
    expect(rows.AhrefsBot).toMatchObject({
      kind: 'seo',
      requests: { verified: 0, spoofed: 0, unverified: 15 },
      notFound: 12,
    });
  });

  it('reports every finding with its severity, crawler, URLs and rule', () => {
    const summary = report.findings.map((finding) => [
      finding.severity,
      finding.id,
      finding.crawlers?.[0] ?? '',
      finding.source ? `${path.basename(finding.source.file)}:${finding.source.line}` : '',
    ]);
    expect(summary).toEqual([
      ['error', 'ai-block-ignored', 'GPTBot', 'robots.txt:5'],
      ['error', 'disallowed-fetch', 'Googlebot', 'robots.txt:2'],
      ['error', 'disallowed-fetch', 'bingbot', 'robots.txt:9'],
      ['warning', 'ai-block-ignored', 'ClaudeBot', 'robots.txt:2'],
      ['warning', 'crawl-delay-exceeded', 'bingbot', 'robots.txt:8'],
      ['warning', 'frequent-5xx', 'bingbot', ''],
      ['warning', 'spoofed-crawler', 'Googlebot', ''],
      ['info', 'frequent-404', 'AhrefsBot', ''],
      ['info', 'noindex-fetched', 'Googlebot', ''],
      ['info', 'stale-ranges', '', ''],
      ['info', 'unparsed-lines', '', 'access.log:11'],
    ]);
    const byKey = (id: string, crawler = ''): NonNullable<LogsReport['findings'][number]> =>
      report.findings.find((finding) => finding.id === id && (crawler === '' || finding.crawlers?.[0] === crawler))!;
    expect(byKey('disallowed-fetch', 'Googlebot')).toMatchObject({
      urls: ['/private/a', '/private/b?x=1'],
      message: expect.stringContaining(
        'Googlebot (verified) fetched 2 URLs its robots.txt group disallows, 3 requests; most under `Disallow: /private/`',
      ),
    });
    expect(byKey('disallowed-fetch', 'bingbot').urls).toEqual(['/search?q=0', '/search?q=1']);
    expect(byKey('ai-block-ignored', 'GPTBot').urls).toEqual(['/', '/about/', '/blog/post-1/', '/blog/post-2/']);
    expect(byKey('ai-block-ignored', 'ClaudeBot').message).toContain('ClaudeBot (unverified) fetched 2 URLs');
    expect(byKey('crawl-delay-exceeded').message).toContain(
      'up to 8 requests in one minute from 157.55.39.10 (verified)',
    );
    expect(byKey('crawl-delay-exceeded').message).toContain('`Crawl-delay: 10`, at most 6 a minute');
    expect(byKey('frequent-5xx').message).toBe('6 requests of bingbot (30% of 20) got a 5xx answer.');
    expect(byKey('spoofed-crawler')).toMatchObject({
      urls: ['/private/c'],
      message: expect.stringContaining(
        '4 requests claimed to be Googlebot from 1 address that fail verification: 203.0.113.5 (4; not in the google-common ranges)',
      ),
    });
    expect(byKey('frequent-404').message).toBe('12 requests of AhrefsBot (80% of 15) got 404.');
    expect(byKey('noindex-fetched')).toMatchObject({
      urls: ['/drafts/'],
      message: 'Googlebot fetched noindex pages 2 times.',
    });
    expect(byKey('stale-ranges').message).toContain(
      'bingbot of 2024-01-03, 1054 days old, too old to refute; openai-gptbot of 2025-10-30, 388 days old, too old to refute',
    );
    expect(byKey('unparsed-lines').message).toContain('2 lines of');
    expect(byKey('unparsed-lines').message).toContain('line 11 `this is not a log line`; line 51 `{"half": `');
    expect(report.summary.findings).toEqual({ error: 3, warning: 4, info: 4 });
  });

  it('lists the disallowed URLs fetched most and the hourly series', () => {
    expect(report.topDisallowed[0]).toMatchObject({
      url: '/private/a',
      crawler: 'Googlebot',
      status: 'verified',
      requests: 2,
      rule: 'Disallow: /private/',
      source: { line: 2 },
    });
    expect(report.topDisallowed.find((row) => row.url === '/' && row.crawler === 'GPTBot')).toMatchObject({
      requests: 1,
      rule: 'Disallow: /',
    });
    expect(report.topDisallowed.filter((row) => row.status === 'spoofed')).toEqual([
      expect.objectContaining({ url: '/private/c', requests: 2 }),
    ]);
    const bing = report.series.find((series) => series.crawler === 'bingbot' && series.status === 'verified');
    expect(bing?.points).toEqual([
      [START + 2 * 3_600_000, 8],
      [START + 3 * 3_600_000, 12],
    ]);
  });

  it('without complete ranges or DNS, the impostor is unverified, not spoofed', async () => {
    const plain = await analyzeLogs([path.join(dir, 'access.log')], { robots: [{ path: site }] });
    expect(plain.crawlers.find((row) => row.crawler === 'Googlebot')?.requests).toEqual({
      verified: 10,
      spoofed: 0,
      unverified: 4,
    });
    expect(
      plain.findings.find((finding) => finding.id === 'disallowed-fetch' && finding.severity === 'warning')?.urls,
    ).toEqual(['/private/c']);
  });

  it('without a robots.txt, only identity, rate-free and response findings remain', async () => {
    const bare = await analyzeLogs([path.join(dir, 'access.log')], { ipRanges: false });
    expect(bare.ranges).toEqual([]);
    expect(new Set(bare.findings.map((finding) => finding.id))).toEqual(
      new Set(['frequent-5xx', 'frequent-404', 'unparsed-lines']),
    );
  });
});

describe('the same scenario in every format gives the same report', () => {
  let baseline: unknown;
  beforeAll(async () => {
    baseline = comparable(await analyzeLogs([write('baseline.log', logText(WRITERS.combined!))], options));
  });
  const FORMATS: Array<[string, LogFormat]> = [
    ['nginx', { nginx: NGINX_FORMAT }],
    ['apache', { apache: APACHE_FORMAT }],
    ['vercel', 'auto'],
    ['cloudflare', 'auto'],
    ['netlify', 'auto'],
    ['custom json', { json: CUSTOM_JSON }],
  ];
  it.each(FORMATS)('%s', async (name, format) => {
    const report = await analyzeLogs([write(`${name}.log`, logText(WRITERS[name]!))], { ...options, format });
    expect(comparable(report)).toEqual(baseline);
  });

  it('gzip, several files and standard input read as one log', async () => {
    const lines = logText(WRITERS.combined!).split('\n');
    const first = write('part-1.log.gz', gzipSync(lines.slice(0, 40).join('\n') + '\n'));
    const second = write('part-2.log', lines.slice(40, 80).join('\n') + '\n');
    const stdin = Readable.from([Buffer.from(lines.slice(80).join('\n'))]);
    const report = await analyzeLogs([first, second, '-'], { ...options, stdin });
    expect(comparable(report)).toEqual(baseline);
    expect(report.inputs).toEqual([first, second, '-']);
  });
});

describe('robots.txt versions by date', () => {
  it('checks each request against the version served when it was made', async () => {
    const old = write('robots-old.txt', 'User-agent: *\nDisallow: /old/\n');
    const current = write('robots-new.txt', 'User-agent: *\nDisallow: /new/\n');
    const line = (hour: number, target: string): string =>
      `66.249.66.1 - - [${clfTime(START + hour * 3_600_000)}] "GET ${target} HTTP/1.1" 200 1 "-" "${UA.googlebot}"`;
    const log = write(
      'versions.log',
      [line(0, '/old/a'), line(0, '/new/a'), line(5, '/old/b'), line(5, '/new/b')].join('\n'),
    );
    const report = await analyzeLogs([log], {
      robots: [{ path: old }, { path: current, since: new Date(START + 3_600_000).toISOString() }],
    });
    const findings = report.findings.filter((finding) => finding.id === 'disallowed-fetch');
    expect(findings.flatMap((finding) => finding.urls)).toEqual(['/new/b', '/old/a']);
  });

  it.each([
    [[{ path: 'missing-robots.txt' }], 'no such file or folder'],
    [[{ path: 'a' }, { path: 'b' }], 'several versions without a date'],
  ])('refuses %j: %s', async (robots, message) => {
    const log = write('tiny.log', '');
    await expect(
      analyzeLogs([log], { robots: robots.map((version) => ({ path: path.join(dir, version.path) })) }),
    ).rejects.toThrow(message);
  });

  it('refuses a date that is not one', async () => {
    await expect(
      analyzeLogs([write('tiny.log', '')], { robots: [{ path: site, since: 'yesterday' }] }),
    ).rejects.toThrow(/key `--robots`: not a date `yesterday`/);
  });
});

describe('inputs', () => {
  it('names a missing log file', async () => {
    await expect(analyzeLogs([path.join(dir, 'nope.log')])).rejects.toThrow(/no such log file `.*nope\.log`/);
  });
  it('names a broken gzip file', async () => {
    const broken = write(
      'broken.log.gz',
      Buffer.concat([gzipSync('x'.repeat(1000)).subarray(0, 20), Buffer.from('garbage')]),
    );
    await expect(analyzeLogs([broken])).rejects.toThrow(/not valid gzip/);
  });
  it('UTF-8 characters split across chunks read whole, whatever the split', async () => {
    const text = 'a\u00e9b\r\n\u{1f916} bot \u4e2d\nplain\nlast \u00fc';
    const bytes = Buffer.from(text);
    for (let size = 1; size <= 5; size++) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
      const lines: string[] = [];
      for await (const batch of readLogLines('-', Readable.from(chunks))) lines.push(...batch);
      expect(lines).toEqual(['a\u00e9b', '\u{1f916} bot \u4e2d', 'plain', 'last \u00fc']);
    }
  });

  it('counts a line over 64 KiB as unreadable without keeping it', async () => {
    const log = write(
      'long.log',
      `${'x'.repeat(200_000)}\n${WRITERS.combined!({ ip: '66.249.66.1', ua: UA.googlebot, method: 'GET', target: '/', status: 200, time: START })}\n`,
    );
    const report = await analyzeLogs([log]);
    expect(report.summary).toMatchObject({ lines: 2, requests: 1, unparsed: 1 });
  });
});
