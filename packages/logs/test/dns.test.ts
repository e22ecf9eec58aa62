/**
 * Reverse DNS with forward confirmation against a DNS server this test starts on 127.0.0.1:
 * confirmed names, PTR outside the suffixes, forward mismatch, NXDOMAIN, timeouts, IPv6, the
 * cache file and the verification status it gives requests. No test touches the network.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeLogs, combineChecks } from '../src/analyze.js';
import { createDnsVerifier, hasSuffix } from '../src/verify.js';
import { reverseName, startDnsServer, type TestDnsServer } from './dns-server.js';

const GOOGLE = ['googlebot.com', 'google.com', 'googleusercontent.com'];
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    ptr: {
      [reverseName('66.249.66.1')]: ['crawl-66-249-66-1.googlebot.com'],
      [reverseName('203.0.113.7')]: ['crawl-203-0-113-7.googlebot.com'], // PTR claims Google, forward says otherwise
      [reverseName('198.51.100.4')]: ['host-4.example.net'], // PTR outside Google's names
      [reverseName('157.55.39.1')]: ['msnbot-157-55-39-1.search.msn.com'],
      [reverseName('2001:4860:4801:10::1')]: ['crawl-2001-4860-4801-10--1.googlebot.com'],
      [reverseName('192.0.2.50')]: ['crawl-192-0-2-50.googlebot.com'], // forward lookup times out
    },
    a: {
      'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
      'crawl-203-0-113-7.googlebot.com': ['66.249.66.99'],
      'msnbot-157-55-39-1.search.msn.com': ['157.55.39.1'],
    },
    aaaa: { 'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:10::1'] },
    silent: [reverseName('192.0.2.99'), 'crawl-192-0-2-50.googlebot.com'],
  });
});
afterAll(() => dns.close());

describe('reverse DNS with forward confirmation', () => {
  it.each([
    ['66.249.66.1', GOOGLE, 'pass'],
    ['2001:4860:4801:10::1', GOOGLE, 'pass'],
    ['157.55.39.1', ['search.msn.com'], 'pass'],
    ['157.55.39.1', GOOGLE, 'fail'], // a Bing address claiming Google
    ['203.0.113.7', GOOGLE, 'fail'], // forward mismatch
    ['198.51.100.4', GOOGLE, 'fail'], // PTR mismatch
    ['192.0.2.1', GOOGLE, 'fail'], // NXDOMAIN
    ['192.0.2.99', GOOGLE, 'unknown'], // the PTR query times out
    ['192.0.2.50', GOOGLE, 'unknown'], // the forward query times out
    ['not-an-address', GOOGLE, 'unknown'],
  ] as const)('%s against %j is %s', async (address, suffixes, expected) => {
    const verifier = await createDnsVerifier({ servers: [dns.server], timeoutMs: 300 });
    expect(await verifier.check(address, suffixes)).toBe(expected);
  });

  it('host suffixes match whole labels only', () => {
    expect(hasSuffix('crawl-1.googlebot.com', GOOGLE)).toBe(true);
    expect(hasSuffix('googlebot.com', GOOGLE)).toBe(true);
    expect(hasSuffix('evilgooglebot.com', GOOGLE)).toBe(false);
    expect(hasSuffix('googlebot.com.evil.net', GOOGLE)).toBe(false);
  });

  it('asks once per address however many requests, bounded by the concurrency', async () => {
    const before = dns.queries.length;
    const verifier = await createDnsVerifier({ servers: [dns.server], timeoutMs: 300, concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 20 }, () => verifier.check('66.249.66.1', GOOGLE)));
    expect(new Set(results)).toEqual(new Set(['pass']));
    expect(dns.queries.slice(before)).toEqual([
      `ptr ${reverseName('66.249.66.1')}`,
      'a crawl-66-249-66-1.googlebot.com',
    ]);
  });

  it('keeps answers in the cache file and reads them back without asking again', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-')), 'cache.json');
    const first = await createDnsVerifier({ servers: [dns.server], timeoutMs: 300, cacheFile });
    expect(await first.check('66.249.66.1', GOOGLE)).toBe('pass');
    expect(await first.check('192.0.2.99', GOOGLE)).toBe('unknown');
    await first.save();
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8'));
    expect(Object.keys(saved.entries)).toEqual(['66.249.66.1']); // timeouts are not remembered
    const before = dns.queries.length;
    const second = await createDnsVerifier({ servers: ['127.0.0.1:9'], timeoutMs: 300, cacheFile });
    expect(await second.check('66.249.66.1', GOOGLE)).toBe('pass');
    expect(dns.queries.length).toBe(before);
    const expired = await createDnsVerifier(
      { servers: [dns.server], timeoutMs: 300, cacheFile, cacheDays: 1 },
      Date.now() + 2 * 86_400_000,
    );
    expect(await expired.check('66.249.66.1', GOOGLE)).toBe('pass');
    expect(dns.queries.length).toBeGreaterThan(before);
  });

  it('names the file when the cache is not ours', async () => {
    const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-')), 'cache.json');
    writeFileSync(cacheFile, '{"hello":1}');
    await expect(createDnsVerifier({ cacheFile })).rejects.toThrow(
      /cache\.json.*not a robots-kit DNS cache.*delete the file/,
    );
  });

  it('refuses a DNS server that is not an address', async () => {
    await expect(createDnsVerifier({ servers: ['dns.example'] })).rejects.toThrow(/--dns-server.*`dns\.example`/);
  });
});

describe('verification status', () => {
  it.each([
    [['pass', 'fail'], 'verified'],
    [['unknown', 'pass'], 'verified'],
    [['fail', 'fail'], 'spoofed'],
    [['fail'], 'spoofed'],
    [['fail', 'unknown'], 'unverified'],
    [[], 'unverified'],
  ] as const)('%j is %s', (outcomes, status) => {
    expect(combineChecks(outcomes)).toBe(status);
  });

  it('a log read with --dns: real crawlers verified, impostors spoofed, unanswered addresses unverified', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-dns-log-'));
    const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const lines = ['66.249.66.1', '66.249.66.1', '203.0.113.7', '198.51.100.4', '192.0.2.99'].map(
      (ip, i) => `${ip} - - [10/Oct/2026:13:55:3${i} +0000] "GET /page-${i} HTTP/1.1" 200 10 "-" "${ua}"`,
    );
    writeFileSync(path.join(dir, 'access.log'), lines.join('\n') + '\n');
    const report = await analyzeLogs([path.join(dir, 'access.log')], {
      ipRanges: false,
      dns: { servers: [dns.server], timeoutMs: 300 },
    });
    expect(report.crawlers).toEqual([
      expect.objectContaining({
        crawler: 'Googlebot',
        requests: { verified: 2, spoofed: 2, unverified: 1 },
        addresses: { verified: 1, spoofed: 2, unverified: 1 },
      }),
    ]);
    const spoofed = report.findings.find((finding) => finding.id === 'spoofed-crawler');
    expect(spoofed?.message).toContain('2 requests claimed to be Googlebot from 2 addresses');
    expect(spoofed?.message).toMatch(/203\.0\.113\.7 \(1\)/);
  });
});
