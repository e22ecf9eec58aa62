/**
 * Hostile inputs of `robots-kit logs`, each named after the problem it once caused, each with a
 * bound on CPU (a ratio to a benign input of the same size, never a wall clock) and on the live
 * heap's growth, as the audit's hardening tests are (`packages/core/test/hardening`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuRatioAsync } from '../../core/test/hardening/cpu.js';
import { MB, peakHeapGrowth } from '../../core/test/hardening/memory.js';
import { analyzeLogs } from '../src/analyze.js';
import { formatLogsHtml } from '../src/html-report.js';
import { loadRangeSnapshots } from '../src/ip-ranges.js';
import { formatLogsJson, formatLogsTable } from '../src/report.js';
import type { AnalyzeLogsOptions } from '../src/types.js';
import { updateRangeSnapshots } from '../src/update-ranges.js';
import { createDnsVerifier } from '../src/verify.js';
import { clfTime, UA } from './generate-log.js';

const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-hostile-logs-'));
const file = (name: string, content: string | Buffer): string => {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
};
const T = Date.UTC(2026, 9, 10, 8, 0, 0);
const combined = (ip: string, target: string, status: number, ua: string, time = T): string =>
  `${ip} - - [${clfTime(time)}] "GET ${target} HTTP/1.1" ${status} 100 "-" "${ua}"`;
const robotsTxt = file('robots.txt', 'User-agent: *\nDisallow: /private/\n');
const OPTIONS: AnalyzeLogsOptions = { robots: [{ path: robotsTxt }], now: new Date(T + 86_400_000) };
const analyze = (log: string, options: AnalyzeLogsOptions = {}) => analyzeLogs([log], { ...OPTIONS, ...options });

describe('dates', () => {
  it('two JSON lines dated -271821-04-20 and +275760-09-13 are unreadable lines, not an 80 MB chart', async () => {
    const line = (time: string) => JSON.stringify({ ip: '66.249.66.1', time, path: '/', ua: UA.googlebot });
    const lines = ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z'];
    // 18 of them took the report to 2 GB and a crash.
    const log = file('dates.ndjson', `${Array.from({ length: 18 }, (_, i) => line(lines[i % 2]!)).join('\n')}\n`);
    const fields = { json: { ip: 'ip', time: 'time', path: 'path', userAgent: 'ua' } };
    const growth = await peakHeapGrowth(async () => {
      const report = await analyze(log, { format: fields });
      expect(report.summary).toMatchObject({ requests: 0, unparsed: 18 });
      expect(formatLogsHtml(report).length).toBeLessThan(64 * 1024);
    });
    expect(growth).toBeLessThan(16 * MB);
  });

  it('a log spanning 30 years keeps at most 1,000 points per series and a chart of at most 120', async () => {
    const years = Array.from({ length: 2000 }, (_, i) =>
      combined('66.249.66.1', `/p${i}`, 200, UA.googlebot, Date.UTC(1996, 0, 1) + i * 5.4 * 86_400_000),
    );
    const report = await analyze(file('years.log', `${years.join('\n')}\n`));
    expect(report.series[0]!.points.length).toBeLessThanOrEqual(1000);
    expect(report.series[0]!.bucketMs).toBeGreaterThan(86_400_000);
    const polyline = /points="([^"]*)"/.exec(formatLogsHtml(report))![1]!;
    expect(polyline.split(' ').length).toBeLessThanOrEqual(120);
  });

  it('a line with time 1e30 is unreadable; the table and HTML outputs still work', async () => {
    const log = file(
      'time-1e30.ndjson',
      `${JSON.stringify({ ip: '66.249.66.1', time: 1e30, path: '/', ua: UA.googlebot })}\n${JSON.stringify({ ip: '66.249.66.1', time: T, path: '/a', ua: UA.googlebot })}\n`,
    );
    const report = await analyze(log, { format: { json: { ip: 'ip', time: 'time', path: 'path', userAgent: 'ua' } } });
    expect(report.summary).toMatchObject({ requests: 1, unparsed: 1 });
    expect(formatLogsTable(report)).toContain('Googlebot');
    expect(formatLogsHtml(report)).toContain('<svg');
  });
});

describe('JSON values', () => {
  it('one 60 KB JSON line nested 20,000 deep is an unreadable line, not a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}"66.249.66.1"${']'.repeat(20_000)}`;
    const lines = [
      `{"ip":${deep},"time":${T},"path":"/","ua":"${UA.googlebot}"}`,
      `{"ip":"66.249.66.1","time":{"a":${deep}},"path":"/","ua":"${UA.googlebot}"}`,
      JSON.stringify({ ip: '66.249.66.1', time: T, path: '/fine', ua: UA.googlebot }),
    ];
    const log = file('deep.ndjson', `${lines.join('\n')}\n`);
    const report = await analyze(log, { format: { json: { ip: 'ip', time: 'time', path: 'path', userAgent: 'ua' } } });
    // The first line's address is no string: unreadable. The second's time is no number or
    // string: a request without a time.
    expect(report.summary).toMatchObject({ lines: 3, requests: 2, unparsed: 1 });
    // Auto-detection reads the same line without recursing either.
    const auto = await analyze(file('deep-auto.ndjson', `{"proxy":${deep}}\n`));
    expect(auto.summary.unparsed).toBe(1);
  });
});

describe('URLs and user agents', () => {
  const longUrl = (i: number) => `/private/${i}/${'x'.repeat(30_000)}`;
  const statuses = [404, 503, 200];

  it('lines with 30 KB URLs (404, 5xx, disallowed) cost about what ordinary lines of the same size do, in bounded memory', async () => {
    const hostile = Array.from({ length: 300 }, (_, i) =>
      combined(`66.249.66.${i % 200}`, longUrl(i), statuses[i % 3]!, UA.googlebot),
    ).join('\n');
    const ordinary: string[] = [];
    for (let i = 0, size = 0; size < hostile.length; i++) {
      const line = combined(`66.249.66.${i % 200}`, `/private/${i % 5000}/page`, statuses[i % 3]!, UA.googlebot);
      ordinary.push(line);
      size += line.length + 1;
    }
    const hostileLog = file('long-urls.log', `${hostile}\n`);
    const ordinaryLog = file('ordinary.log', `${ordinary.join('\n')}\n`);
    const growth = await peakHeapGrowth(async () => {
      const report = await analyze(hostileLog);
      expect(report.crawlers[0]).toMatchObject({ crawler: 'Googlebot', notFound: 100, serverErrors: 100 });
      expect(formatLogsJson(report).length).toBeLessThan(MB);
    }, 250);
    // Kept URLs are cut to 256 characters: 300 of them whole would be 18 MB (two bytes a character).
    expect(growth).toBeLessThan(8 * MB);
    const ratio = await cpuRatioAsync(
      () => analyze(hostileLog),
      () => analyze(ordinaryLog),
      { trials: 2, minimum: 100_000 },
    );
    expect(ratio).toBeLessThan(3);
  });

  it('long distinct URLs that share their first 256 characters stay apart', async () => {
    const lines = [0, 1, 1].map((i) => combined('66.249.66.1', `/private/${'y'.repeat(400)}${i}`, 200, UA.googlebot));
    const report = await analyze(file('apart.log', `${lines.join('\n')}\n`));
    const urls = report.findings.find((finding) => finding.id === 'disallowed-fetch')!.urls;
    expect(urls).toHaveLength(2);
    expect(urls.every((url) => url.length <= 256)).toBe(true);
  });

  it('2,000 distinct 60 KB user agents (a gzip log) do not fill the user-agent cache', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) =>
      combined('192.0.2.1', '/', 200, `Mozilla/5.0 (compatible; Googlebot/2.1) ${'z'.repeat(60_000)}${i}`),
    );
    const log = file('agents.log.gz', gzipSync(`${lines.join('\n')}\n`));
    const growth = await peakHeapGrowth(async () => {
      const report = await analyze(log);
      expect(report.summary.crawlerRequests).toBe(2000);
    }, 250);
    // Whole, the agents alone would be 120 MB.
    expect(growth).toBeLessThan(24 * MB);
  });
});

describe("the command's own files", () => {
  const fifo = (name: string): string => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-fifo-')), name);
    execFileSync('mkfifo', [target]);
    return target;
  };

  it('a FIFO in .robots-kit/ranges is an error naming it, not a hang', async () => {
    const pipe = fifo('google-common.json');
    await expect(loadRangeSnapshots([path.dirname(pipe)])).rejects.toThrow(
      /google-common\.json: cannot be used: a named pipe \(FIFO\), not a file/,
    );
  });

  it('a FIFO as the DNS cache is an error naming it, not a hang', async () => {
    const pipe = fifo('dns-cache.json');
    await expect(createDnsVerifier({ cacheFile: pipe })).rejects.toThrow(/dns-cache\.json.*a named pipe/);
  });

  it('a symbolic link to /dev/zero in .robots-kit/ranges is refused before reading', async () => {
    const ranges = mkdtempSync(path.join(tmpdir(), 'robots-kit-ranges-'));
    symlinkSync('/dev/zero', path.join(ranges, 'bingbot.json'));
    const growth = await peakHeapGrowth(async () => {
      await expect(loadRangeSnapshots([ranges])).rejects.toThrow(/bingbot\.json: cannot be used: a symbolic link/);
    });
    expect(growth).toBeLessThan(4 * MB);
  });

  it('a symbolic link to /etc/passwd prints none of it', async () => {
    const ranges = mkdtempSync(path.join(tmpdir(), 'robots-kit-ranges-'));
    symlinkSync('/etc/passwd', path.join(ranges, 'bingbot.json'));
    const error = String(await loadRangeSnapshots([ranges]).catch((caught: Error) => caught));
    expect(error).toContain('bingbot.json');
    expect(error).not.toContain('root:');
    // Inside the folder, a file that is not JSON is not quoted either.
    writeFileSync(path.join(ranges, 'bingbot.json'), 'root:x:0:0:root:/root:/bin/bash\n', { flag: 'w' });
  });
});

describe('--update-ranges downloads', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/endless') {
        // 100 MB announced by nothing: only the cap while reading stops it.
        let sent = 0;
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = (): void => {
          while (sent < 100 * MB) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => (sent = Infinity));
        pump();
      } else response.end(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a 100 MB download stops at the 4 MB cap while reading, and leaves the old file whole', async () => {
    const ranges = mkdtempSync(path.join(tmpdir(), 'robots-kit-update-'));
    const old = `${JSON.stringify({ id: 'bingbot', sources: [], date: '2026-01-01', complete: false, prefixes: ['157.55.39.0/24'] })}\n`;
    writeFileSync(path.join(ranges, 'bingbot.json'), old);
    let results: Awaited<ReturnType<typeof updateRangeSnapshots>> = [];
    const growth = await peakHeapGrowth(async () => {
      results = await updateRangeSnapshots(ranges, { sources: { bingbot: [`${base}/endless`] } });
    });
    expect(results).toEqual([{ id: 'bingbot', error: `${base}/endless is larger than ${4 * MB} bytes` }]);
    expect(growth).toBeLessThan(16 * MB);
    expect(readFileSync(path.join(ranges, 'bingbot.json'), 'utf8')).toBe(old);
    expect(readdirSync(ranges)).toEqual(['bingbot.json']);
  });

  it('a published file with the prefix "66.249.64.0/" is refused whole (it once meant every address)', async () => {
    const ranges = mkdtempSync(path.join(tmpdir(), 'robots-kit-update-'));
    const results = await updateRangeSnapshots(ranges, { sources: { 'google-common': [`${base}/slash`] } });
    expect(results[0]!.error).toMatch(/key `prefixes\[0\]`: not an IP prefix `66\.249\.64\.0\/`/);
    expect(readdirSync(ranges)).toEqual([]);
  });
});
