/**
 * `robots-kit logs` end to end through its command line: the table, JSON, SARIF and HTML outputs on the
 * generated scenario (gzip), exit codes, standard input, usage errors in our words, and
 * `--update-ranges` from a server on 127.0.0.1.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../core/src/cli/run-cli.js';
import { LOGS_USAGE, parseRobotsVersion, runLogsCli } from '../src/cli.js';
import { formatLogsHtml } from '../src/html-report.js';
import type { LogsReport } from '../src/types.js';
import { captureIo } from '../../core/test/audit/capture.js';
import { reverseName, startDnsServer } from './dns-server.js';
import { ROBOTS_TXT, START, UA, WRITERS, clfTime, logText } from './generate-log.js';

let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'robots-kit-logs-cli-'));
  mkdirSync(path.join(cwd, 'dist'));
  writeFileSync(path.join(cwd, 'dist', 'robots.txt'), ROBOTS_TXT);
  writeFileSync(path.join(cwd, 'access.log.gz'), gzipSync(logText(WRITERS.combined!)));
});
async function run(args: string[], stdin?: string) {
  const io = { ...captureIo(), cwd, ...(stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(stdin)]) }) };
  // `robots-kit check` and mistyped commands go through core's command line.
  const code = args[0] === 'logs' ? await runLogsCli(args, io) : await runCli(args, io);
  return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
}

describe('robots-kit logs', () => {
  it('access.log.gz --robots dist/robots.txt --html report.html: findings, table and a self-contained page', async () => {
    const result = await run(['logs', 'access.log.gz', '--robots', 'dist/robots.txt', '--html', 'report.html']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('robots-kit logs access.log.gz');
    expect(result.stdout).toMatch(/ERROR disallowed-fetch crawler fetched URLs robots.txt disallows \(2\)/);
    expect(result.stdout).toContain('dist/robots.txt:2  Googlebot (verified) fetched 2 URLs');
    expect(result.stdout).toMatch(/Googlebot\s+search\s+10\s+4\s+0\s+5\s+0\s+0/);
    expect(result.stdout).toMatch(/3 errors, 4 warnings, 3 info in \d+ ms/);
    const html = readFileSync(path.join(cwd, 'report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('Requests over time');
    expect(html).toContain('/private/a');
    // Self-contained: nothing to fetch when the page is opened.
    expect(html).not.toMatch(/<script|<link|\bsrc=|@import|url\(/i);
  });

  it('--json gives the report analyzeLogs returns, with the paths as typed', async () => {
    const result = await run(['logs', 'access.log.gz', '--robots', 'dist/robots.txt', '--json']);
    const report = JSON.parse(result.stdout) as LogsReport;
    expect(report.inputs).toEqual(['access.log.gz']);
    expect(report.robots).toEqual([{ path: 'dist/robots.txt', found: true }]);
    expect(report.summary).toMatchObject({ requests: 95, unparsed: 2, crawlerRequests: 55 });
    expect(report.findings.find((finding) => finding.id === 'unparsed-lines')?.source).toEqual({
      file: 'access.log.gz',
      line: 11,
    });
  });

  it('--format sarif locates findings at the robots.txt rule', async () => {
    const sarif = JSON.parse((await run(['logs', 'access.log.gz', '--robots', 'dist', '--format', 'sarif'])).stdout);
    const result = sarif.runs[0].results.find((entry: { ruleId: string }) => entry.ruleId === 'disallowed-fetch');
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'dist/robots.txt' },
      region: { startLine: 2 },
    });
    expect(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id)).toContain('spoofed-crawler');
  });

  it('--fail-on sets the exit code', async () => {
    expect((await run(['logs', 'access.log.gz', '--robots', 'dist', '--fail-on', 'none'])).code).toBe(0);
    expect((await run(['logs', 'access.log.gz', '--fail-on', 'warning'])).code).toBe(1);
    expect((await run(['logs', 'access.log.gz', '--fail-on', 'error', '--no-ip-ranges'])).code).toBe(0);
  });

  it('reads standard input for -', async () => {
    const line = `20.171.206.9 - - [${clfTime(START)}] "GET /blog/ HTTP/1.1" 200 1 "-" "${UA.gptbot}"`;
    const result = await run(['logs', '-', '--robots', 'dist', '--json'], line + '\n');
    expect(JSON.parse(result.stdout).findings[0]).toMatchObject({
      id: 'ai-block-ignored',
      severity: 'error',
      urls: ['/blog/'],
    });
  });

  it('--help, and check --help points to it', async () => {
    expect(await run(['logs', '--help'])).toEqual({ code: 0, stdout: LOGS_USAGE, stderr: '' });
    expect((await run(['--help'])).stdout).toContain('robots-kit logs --help');
  });

  it.each([
    [['logs'], 'missing log file'],
    [['logs', 'nope.log'], 'no such log file `'],
    [['logs', 'access.log.gz', '--robot', 'dist'], 'Did you mean `--robots`?'],
    [['logs', 'access.log.gz', '--log-format', 'combind'], 'key `--log-format`: invalid value `combind`'],
    [['logs', 'access.log.gz', '--log-format', 'combind'], 'Did you mean `combined`?'],
    [['logs', 'access.log.gz', '--log-format', 'common', '--nginx-format', '$remote_addr'], 'several log formats'],
    [['logs', 'access.log.gz', '--json-fields', 'ip=a,userAgnet=b'], 'Did you mean `userAgent`?'],
    [['logs', 'access.log.gz', '--apache-format', '%h %t'], 'lacks the client address or the request'],
    [
      ['logs', 'access.log.gz', '--dns', '--dns-concurrency', '0'],
      'key `--dns-concurrency`: not a positive whole number `0`',
    ],
    [['logs', 'access.log.gz', '--robots', 'dist@2026-13-45'], 'not a date `2026-13-45`'],
    [['logs', 'access.log.gz', '--ranges-source', 'google-comon=http://127.0.0.1/x'], 'Did you mean `google-common`?'],
    [['lgs', 'x'], 'Did you mean `logs`?'],
  ])('%j: %s', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/^\[@robots-kit\/(logs|core)\] robots-kit (logs|check)/);
  });

  it('robots.txt versions: a trailing @date starts a version, other @ stay in the path', () => {
    expect(parseRobotsVersion('old/robots.txt')).toEqual({ path: 'old/robots.txt' });
    expect(parseRobotsVersion('new/robots.txt@2026-05-01')).toEqual({ path: 'new/robots.txt', since: '2026-05-01' });
    expect(parseRobotsVersion('dist@2026-05-01T10:00Z')).toEqual({ path: 'dist', since: '2026-05-01T10:00Z' });
    expect(parseRobotsVersion('me@host/robots.txt')).toEqual({ path: 'me@host/robots.txt' });
  });

  it('--update-ranges fetches into --ranges-dir (here from a mirror on 127.0.0.1) and then analyses', async () => {
    const server = createServer((_request, response) =>
      response.end(
        JSON.stringify({ creationTime: '2026-11-21T00:00:00Z', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/common-crawlers.json`;
    try {
      // Only the mirrored id is asked for: every other source is replaced by the same mirror too.
      const sources = [
        'google-common',
        'google-special',
        'google-user-triggered',
        'bingbot',
        'openai-gptbot',
        'openai-searchbot',
        'openai-chatgpt-user',
      ].flatMap((id) => ['--ranges-source', `${id}=${url}`]);
      const result = await run([
        'logs',
        'access.log.gz',
        '--update-ranges',
        '--ranges-dir',
        'ranges',
        ...sources,
        '--json',
      ]);
      expect(result.stderr).toContain('robots-kit: google-common: 1 prefixes');
      expect(readdirSync(path.join(cwd, 'ranges')).sort()).toContain('google-common.json');
      const report = JSON.parse(result.stdout) as LogsReport;
      expect(report.ranges.find((range) => range.id === 'google-common')).toEqual({
        id: 'google-common',
        date: '2026-11-21',
        complete: true,
        prefixes: 1,
      });
      expect(report.crawlers.find((row) => row.crawler === 'Googlebot')?.requests).toEqual({
        verified: 10,
        spoofed: 4,
        unverified: 0,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(existsSync(path.join(cwd, 'ranges', 'bingbot.json'))).toBe(true);
  });
});

describe('robots-kit logs --dns', () => {
  it('verifies through the given server, marks impostors spoofed and keeps the cache file', async () => {
    const dns = await startDnsServer({
      ptr: {
        [reverseName('66.249.66.1')]: ['crawl-66-249-66-1.googlebot.com'],
        [reverseName('157.55.39.10')]: ['msnbot-157-55-39-10.search.msn.com'],
      },
      a: { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'], 'msnbot-157-55-39-10.search.msn.com': ['157.55.39.10'] },
    });
    try {
      const result = await run([
        'logs',
        'access.log.gz',
        '--no-ip-ranges',
        '--dns',
        '--dns-server',
        dns.server,
        '--dns-timeout',
        '300',
        '--dns-concurrency',
        '4',
        '--json',
      ]);
      const report = JSON.parse(result.stdout) as LogsReport;
      expect(report.dns).toBe(true);
      const rows = Object.fromEntries(report.crawlers.map((row) => [row.crawler, row.requests]));
      expect(rows.Googlebot).toEqual({ verified: 10, spoofed: 4, unverified: 0 });
      expect(rows.bingbot).toEqual({ verified: 20, spoofed: 0, unverified: 0 });
      // No DNS names for these operators: nothing to check, so unverified.
      expect(rows.GPTBot).toEqual({ verified: 0, spoofed: 0, unverified: 4 });
      const cache = JSON.parse(readFileSync(path.join(cwd, '.robots-kit', 'dns-cache.json'), 'utf8'));
      expect(Object.keys(cache.entries).sort()).toEqual(['157.55.39.10', '203.0.113.5', '66.249.66.1']);
    } finally {
      await dns.close();
    }
  });
});

describe('the HTML report', () => {
  it('escapes what the logs say and draws one line per busy crawler', () => {
    const report: LogsReport = {
      tool: 'robots-kit logs',
      generatedAt: '2026-11-22T00:00:00.000Z',
      inputs: ['<img src=x onerror=alert(1)>.log'],
      format: 'combined',
      robots: [],
      ranges: [],
      dns: false,
      crawlers: [
        {
          crawler: 'Googlebot',
          token: 'Googlebot',
          kind: 'search',
          requests: { verified: 3, unverified: 0, spoofed: 1 },
          addresses: { verified: 1, unverified: 0, spoofed: 1 },
          disallowed: 1,
          notFound: 0,
          serverErrors: 0,
        },
      ],
      series: [
        {
          crawler: 'Googlebot',
          status: 'verified',
          points: [
            [START, 2],
            [START + 7_200_000, 1],
          ],
        },
        { crawler: 'Googlebot', status: 'spoofed', points: [[START, 1]] },
      ],
      topDisallowed: [
        {
          url: '/"><script>alert(1)</script>',
          crawler: 'Googlebot',
          status: 'verified',
          requests: 1,
          rule: 'Disallow: /',
          source: { file: 'robots.txt', line: 2 },
        },
      ],
      findings: [],
      summary: {
        lines: 4,
        requests: 4,
        unparsed: 0,
        crawlerRequests: 4,
        from: START,
        to: START + 7_200_000,
        findings: { error: 0, warning: 0, info: 0 },
        durationMs: 1,
      },
    };
    const html = formatLogsHtml(report);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<polyline/g)).toHaveLength(2);
    expect(html).toContain('stroke-dasharray');
    expect(html).toContain('Requests per hour (UTC).');
  });
});
