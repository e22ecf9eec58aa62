/**
 * Identity by reverse DNS with forward confirmation, against a DNS server this test starts on
 * 127.0.0.1 that answers like Google, like a Google Cloud VM, like impostors, with timeouts,
 * names no resolver accepts, malformed replies and huge answers; the cache file (unanswered
 * addresses remembered too), the time budget, and the status the checks give requests with and
 * without range files. No test touches the network.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeLogs, combineChecks } from '../src/analyze.js';
import { crawlerByName } from '../src/crawlers.js';
import { createDnsVerifier, hasSuffix, isHostName, MAX_FORWARD_NAMES, MAX_PTR_NAMES } from '../src/verify.js';
import { reverseName, startDnsServer, type TestDnsServer } from './dns-server.js';

const GOOGLEBOT = crawlerByName('Googlebot')!.dnsSuffixes!;
const FEEDFETCHER = crawlerByName('FeedFetcher-Google')!.dnsSuffixes!;
const ADSBOT = crawlerByName('AdsBot-Google')!.dnsSuffixes!;
const BING = crawlerByName('bingbot')!.dnsSuffixes!;
const HUGE = Array.from({ length: 900 }, (_, i) => `crawl-${i}.googlebot.com`);
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    ptr: {
      // Google, as documented for each kind of client.
      [reverseName('66.249.66.1')!]: ['crawl-66-249-66-1.googlebot.com'],
      [reverseName('2001:4860:4801:10::1')!]: ['crawl-2001-4860-4801-10--1.googlebot.com'],
      [reverseName('66.249.90.1')!]: ['rate-limited-proxy-66-249-90-1.google.com'],
      [reverseName('35.187.132.1')!]: ['1-132-187-35.gae.googleusercontent.com'],
      [reverseName('157.55.39.1')!]: ['msnbot-157-55-39-1.search.msn.com'],
      // A Google Cloud VM: a real, forward-confirmed name under googleusercontent.com.
      [reverseName('34.105.2.7')!]: ['7.2.105.34.bc.googleusercontent.com'],
      // Impostors.
      [reverseName('203.0.113.7')!]: ['crawl-203-0-113-7.googlebot.com'], // forward says otherwise
      [reverseName('198.51.100.4')!]: ['host-4.example.net'],
      [reverseName('198.51.100.5')!]: ['crawl 1.googlebot.com'], // a name no resolver accepts (EBADNAME)
      [reverseName('198.51.100.6')!]: HUGE, // 900 names, none resolving back
      [reverseName('192.0.2.50')!]: ['crawl-192-0-2-50.googlebot.com'], // forward lookup times out
    },
    a: {
      'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
      'rate-limited-proxy-66-249-90-1.google.com': ['66.249.90.1'],
      '1-132-187-35.gae.googleusercontent.com': ['35.187.132.1'],
      'msnbot-157-55-39-1.search.msn.com': ['157.55.39.1'],
      '7.2.105.34.bc.googleusercontent.com': ['34.105.2.7'],
      'crawl-203-0-113-7.googlebot.com': ['66.249.66.99'],
    },
    aaaa: { 'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:10::1'] },
    silent: [reverseName('192.0.2.99')!, 'crawl-192-0-2-50.googlebot.com'],
    malformed: [reverseName('198.51.100.8')!],
  });
});
afterAll(() => dns.close());

const verifier = (options: Parameters<typeof createDnsVerifier>[0] = {}) =>
  createDnsVerifier({ servers: [dns.server], timeoutMs: 300, ...options });

describe('reverse DNS with forward confirmation, per crawler', () => {
  it.each([
    ['66.249.66.1', 'Googlebot', GOOGLEBOT, 'pass'],
    ['::ffff:66.249.66.1', 'Googlebot (IPv4-mapped)', GOOGLEBOT, 'pass'],
    ['0:0:0:0:0:ffff:42f9:4201', 'Googlebot (IPv4-mapped, hex)', GOOGLEBOT, 'pass'],
    ['2001:4860:4801:10::1', 'Googlebot', GOOGLEBOT, 'pass'],
    ['66.249.90.1', 'AdsBot-Google', ADSBOT, 'pass'],
    ['35.187.132.1', 'FeedFetcher-Google', FEEDFETCHER, 'pass'],
    ['157.55.39.1', 'bingbot', BING, 'pass'],
    // A user-triggered fetcher's name never proves a crawler.
    ['35.187.132.1', 'Googlebot', GOOGLEBOT, 'fail'],
    ['66.249.90.1', 'Googlebot', GOOGLEBOT, 'fail'],
    // A Google Cloud VM is neither Googlebot nor a Google fetcher.
    ['34.105.2.7', 'Googlebot', GOOGLEBOT, 'fail'],
    ['34.105.2.7', 'FeedFetcher-Google', FEEDFETCHER, 'fail'],
    ['157.55.39.1', 'Googlebot', GOOGLEBOT, 'fail'],
    ['203.0.113.7', 'Googlebot (forward mismatch)', GOOGLEBOT, 'fail'],
    ['198.51.100.4', 'Googlebot (PTR outside)', GOOGLEBOT, 'fail'],
    ['192.0.2.1', 'Googlebot (NXDOMAIN)', GOOGLEBOT, 'fail'],
    ['198.51.100.5', 'Googlebot (a name the resolver rejects, EBADNAME)', GOOGLEBOT, 'fail'],
    ['198.51.100.8', 'Googlebot (malformed reply)', GOOGLEBOT, 'fail'],
    ['198.51.100.6', 'Googlebot (900 names over TCP)', GOOGLEBOT, 'fail'],
    ['192.0.2.99', 'Googlebot (PTR times out)', GOOGLEBOT, 'unknown'],
    ['192.0.2.50', 'Googlebot (forward times out)', GOOGLEBOT, 'unknown'],
    ['not-an-address', 'Googlebot', GOOGLEBOT, 'unknown'],
  ] as const)('%s claiming %s: %s', async (address, _who, domains, expected) => {
    expect((await (await verifier()).check(address, domains)).outcome).toBe(expected);
  });

  it('says why an address fails', async () => {
    const check = await verifier();
    expect(await check.check('34.105.2.7', GOOGLEBOT)).toEqual({
      outcome: 'fail',
      reason: '7.2.105.34.bc.googleusercontent.com is not under googlebot.com',
    });
    expect((await check.check('203.0.113.7', GOOGLEBOT)).reason).toBe(
      'crawl-203-0-113-7.googlebot.com does not resolve back to it',
    );
    expect((await check.check('198.51.100.5', GOOGLEBOT)).reason).toBe('`crawl 1.googlebot.com` is not a host name');
  });

  it(`a huge answer costs at most ${MAX_FORWARD_NAMES} forward queries (of ${MAX_PTR_NAMES} names kept)`, async () => {
    const before = dns.queries.length;
    expect((await (await verifier()).check('198.51.100.6', GOOGLEBOT)).outcome).toBe('fail');
    const asked = new Set(dns.queries.slice(before));
    expect(asked).toEqual(
      new Set([`ptr ${reverseName('198.51.100.6')}`, 'a crawl-0.googlebot.com', 'a crawl-1.googlebot.com']),
    );
  });

  it('host names: suffixes match whole labels; only letters, digits and hyphens', () => {
    expect(hasSuffix('crawl-1.googlebot.com', GOOGLEBOT)).toBe(true);
    expect(hasSuffix('evilgooglebot.com', GOOGLEBOT)).toBe(false);
    expect(hasSuffix('googlebot.com.evil.net', GOOGLEBOT)).toBe(false);
    expect(isHostName('crawl-1.googlebot.com')).toBe(true);
    for (const bad of [
      'crawl 1.googlebot.com',
      'crawl..googlebot.com',
      `${'a'.repeat(64)}.googlebot.com`,
      '-x.googlebot.com',
    ])
      expect(isHostName(bad)).toBe(false);
  });

  it('asks once per address however many requests, bounded by the concurrency', async () => {
    const before = dns.queries.length;
    const check = await verifier({ concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 20 }, () => check.check('66.249.66.1', GOOGLEBOT)));
    expect(new Set(results.map((result) => result.outcome))).toEqual(new Set(['pass']));
    expect(dns.queries.slice(before)).toEqual([
      `ptr ${reverseName('66.249.66.1')}`,
      'a crawl-66-249-66-1.googlebot.com',
    ]);
  });

  it('a spent time budget leaves addresses unknown without asking', async () => {
    const before = dns.queries.length;
    expect(await (await verifier({ budgetMs: 0 })).check('66.249.66.1', GOOGLEBOT)).toEqual({
      outcome: 'unknown',
      reason: 'the DNS time budget was spent',
    });
    expect(dns.queries.length).toBe(before);
  });
});

describe('the DNS cache file', () => {
  it('keeps answers and unanswered addresses, each for its own time, and reads them back', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-')), 'cache.json');
    const first = await verifier({ cacheFile });
    expect((await first.check('66.249.66.1', GOOGLEBOT)).outcome).toBe('pass');
    expect((await first.check('192.0.2.99', GOOGLEBOT)).outcome).toBe('unknown');
    await first.save();
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8'));
    expect(Object.keys(saved.entries).sort()).toEqual(['192.0.2.99', '66.249.66.1']);
    expect(saved.entries['192.0.2.99'].unanswered).toBe(true);

    // Within a day, neither is asked again (a timed-out address costs one timeout per day, not per run).
    const before = dns.queries.length;
    const second = await createDnsVerifier({ servers: ['127.0.0.1:9'], timeoutMs: 300, cacheFile });
    expect((await second.check('66.249.66.1', GOOGLEBOT)).outcome).toBe('pass');
    expect((await second.check('192.0.2.99', GOOGLEBOT)).outcome).toBe('unknown');
    expect(dns.queries.length).toBe(before);

    // Two days later the unanswered one is asked again; the answer (kept 7 days) is not.
    const later = await createDnsVerifier(
      { servers: [dns.server], timeoutMs: 300, cacheFile },
      Date.now() + 2 * 86_400_000,
    );
    expect((await later.check('192.0.2.99', GOOGLEBOT)).outcome).toBe('unknown');
    expect((await later.check('66.249.66.1', GOOGLEBOT)).outcome).toBe('pass');
    expect(dns.queries.slice(before)).toEqual([`ptr ${reverseName('192.0.2.99')}`]);
  });

  it('drops malformed entries (asked again) rather than failing', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-')), 'cache.json');
    writeFileSync(
      cacheFile,
      JSON.stringify({
        version: 2,
        entries: {
          '66.249.66.1': { ptr: 'crawl.googlebot.com', forward: {}, at: 1 },
          '198.51.100.4': { ptr: ['crawl.googlebot.com'], forward: { 'crawl.googlebot.com': 'yes' }, at: Date.now() },
          '::ffff:198.51.100.4': null,
        },
      }),
    );
    const check = await verifier({ cacheFile });
    expect((await check.check('198.51.100.4', GOOGLEBOT)).outcome).toBe('fail');
  });

  it('names the file and quotes none of it when the cache is not ours', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-')), 'cache.json');
    writeFileSync(cacheFile, 'root:x:0:0:root:/root:/bin/bash\n');
    const error = await createDnsVerifier({ cacheFile }).catch((caught: Error) => caught);
    expect(String(error)).toMatch(/cache\.json, key `--dns-cache`: not a robots-kit DNS cache/);
    expect(String(error)).not.toContain('root:x');
  });

  it('refuses a DNS server that is not an address', async () => {
    await expect(createDnsVerifier({ servers: ['dns.example'] })).rejects.toThrow(/--dns-server.*`dns\.example`/);
  });
});

describe('verification status', () => {
  it.each([
    [['pass'], 'verified'],
    [['unknown', 'pass'], 'verified'],
    [['fail'], 'spoofed'],
    // A refutation decides, whatever an inconclusive check says…
    [['fail', 'unknown'], 'spoofed'],
    [['unknown', 'fail'], 'spoofed'],
    // …and a conflict is not a verification.
    [['pass', 'fail'], 'spoofed'],
    [['unknown', 'unknown'], 'unverified'],
    [[], 'unverified'],
  ] as const)('%j is %s', (outcomes, status) => {
    expect(combineChecks(outcomes)).toBe(status);
  });

  const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

  it('with the shipped (partial) snapshots, --dns reports a spoofed Googlebot (the README example)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-log-'));
    const ips = ['66.249.66.1', '34.105.2.7', '198.51.100.4', '192.0.2.99'];
    const lines = ips.map(
      (ip, i) => `${ip} - - [10/Oct/2026:13:55:${10 + i} +0000] "GET /private/${i} HTTP/1.1" 200 10 "-" "${ua}"`,
    );
    writeFileSync(path.join(dir, 'access.log'), `${lines.join('\n')}\n`);
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
    const report = await analyzeLogs([path.join(dir, 'access.log')], {
      robots: [{ path: path.join(dir, 'robots.txt') }],
      dns: { servers: [dns.server], timeoutMs: 300 },
    });
    expect(report.crawlers[0]).toMatchObject({
      crawler: 'Googlebot',
      addresses: { verified: 1, spoofed: 2, unverified: 1 },
    });
    const spoofed = report.findings.find((finding) => finding.id === 'spoofed-crawler')!;
    expect(spoofed.message).toContain('2 requests claimed to be Googlebot from 2 addresses');
    expect(spoofed.message).toContain('34.105.2.7 (1; 7.2.105.34.bc.googleusercontent.com is not under googlebot.com)');
    // Only the real Googlebot's fetch of a disallowed URL is an error; the cloud VM's is not Google's.
    const errors = report.findings.filter((finding) => finding.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('Googlebot (verified) fetched 1 URL');
    expect(errors[0]!.urls).toEqual(['/private/0']);
  });

  it("a complete range file's no is not undone by an unanswered or rejected DNS lookup, nor by a passing one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-ranges-'));
    writeFileSync(
      path.join(dir, 'google-common.json'),
      JSON.stringify({
        id: 'google-common',
        sources: [],
        date: '2026-10-01',
        complete: true,
        prefixes: ['66.249.64.0/27', '66.249.66.0/27'],
      }),
    );
    const ips = ['66.249.66.1', '66.249.64.1', '192.0.2.99', '198.51.100.5', '2001:4860:4801:10::1'];
    const logDir = mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-log-'));
    const lines = ips.map(
      (ip, i) => `${ip} - - [10/Oct/2026:13:55:${10 + i} +0000] "GET /page-${i} HTTP/1.1" 200 10 "-" "${ua}"`,
    );
    writeFileSync(path.join(logDir, 'access.log'), `${lines.join('\n')}\n`);
    const report = await analyzeLogs([path.join(logDir, 'access.log')], {
      rangesDir: dir,
      now: new Date('2026-10-11T00:00:00Z'),
      dns: { servers: [dns.server], timeoutMs: 300 },
    });
    // 66.249.66.1: in the file and confirmed by DNS: verified. 66.249.64.1: in the file, but its
    // reverse zone says it has no name: spoofed. 192.0.2.99 (DNS times out) and 198.51.100.5 (a
    // name the resolver rejects) lie outside the complete file: spoofed. 2001:4860:4801:10::1:
    // DNS passes, the complete file says no: a conflict, not a verification.
    expect(report.crawlers[0]).toMatchObject({ addresses: { verified: 1, spoofed: 4, unverified: 0 } });
  });
});
