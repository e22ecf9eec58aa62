/**
 * Published IP ranges: partial, complete and old snapshots, the shipped dated snapshots, files
 * read with the audit's protections, and `--update-ranges` against an HTTP server on 127.0.0.1
 * (no test touches the network).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLERS } from '../src/crawlers.js';
import { canonicalAddress } from '../src/addresses.js';
import { loadRangeSnapshots, RANGE_SOURCES, REFUTE_DAYS, rangeSet, SHIPPED_RANGES_DIR } from '../src/ip-ranges.js';
import { readPublishedRanges, updateRangeSnapshots } from '../src/update-ranges.js';

const canonical = (text: string) => canonicalAddress(text)!;
const DAY = 86_400_000;

describe('range snapshots', () => {
  const snapshot = { id: 'g', sources: [], date: '2026-01-01', prefixes: ['66.249.64.0/27'] };
  const soon = Date.parse('2026-02-01');

  it('a partial snapshot confirms but never refutes; a complete, current one does both', () => {
    const partial = rangeSet([{ ...snapshot, complete: false }], soon);
    const complete = rangeSet([{ ...snapshot, complete: true }], soon);
    expect(partial.check(['g'], canonical('66.249.64.31'))).toBe('pass');
    expect(partial.check(['g'], canonical('66.249.64.32'))).toBe('unknown');
    expect(complete.check(['g'], canonical('66.249.64.32'))).toBe('fail');
    expect(complete.check(['g', 'missing'], canonical('66.249.64.32'))).toBe('unknown');
  });

  it(`a complete snapshot older than ${REFUTE_DAYS} days still confirms but no longer refutes`, () => {
    const old = rangeSet([{ ...snapshot, complete: true }], Date.parse('2026-01-01') + (REFUTE_DAYS + 1) * DAY);
    expect(old.check(['g'], canonical('66.249.64.1'))).toBe('pass');
    expect(old.check(['g'], canonical('66.249.64.32'))).toBe('unknown');
  });

  it('IPv4-mapped IPv6 addresses, in every written form, are checked as their IPv4 address', () => {
    const complete = rangeSet([{ ...snapshot, complete: true }], soon);
    for (const form of ['::ffff:66.249.64.1', '0:0:0:0:0:ffff:66.249.64.1', '::ffff:42f9:4001', '[::FFFF:42F9:4001]'])
      expect(complete.check(['g'], canonical(form))).toBe('pass');
    expect(complete.check(['g'], canonical('::ffff:42f9:4020'))).toBe('fail');
  });
});

describe('shipped snapshots', () => {
  it('are dated, cite their sources, and every range id the crawler table uses has a published source', async () => {
    const snapshots = await loadRangeSnapshots([SHIPPED_RANGES_DIR]);
    for (const snapshot of snapshots) {
      expect(snapshot.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(snapshot.sources).toEqual(RANGE_SOURCES[snapshot.id]);
      const raw = JSON.parse(readFileSync(path.join(SHIPPED_RANGES_DIR, `${snapshot.id}.json`), 'utf8'));
      if (!snapshot.complete) expect(raw.copiedFrom).toBeTruthy();
      expect(raw.documentation).toMatch(/^https:\/\//);
    }
    const used = new Set(CRAWLERS.flatMap((crawler) => crawler.ranges ?? []));
    expect([...used].sort()).toEqual(Object.keys(RANGE_SOURCES).sort());
  });

  it("cover the example addresses of Google's verification page", async () => {
    const set = rangeSet(await loadRangeSnapshots([SHIPPED_RANGES_DIR]));
    expect(set.check(['google-common'], canonical('66.249.66.1'))).toBe('pass');
    expect(set.check(['google-common'], canonical('35.247.243.240'))).toBe('pass');
  });

  it('a newer file in the user folder replaces the shipped one; a broken one is named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-ranges-'));
    writeFileSync(
      path.join(dir, 'bingbot.json'),
      JSON.stringify({ id: 'bingbot', sources: [], date: '2099-01-01', complete: true, prefixes: ['203.0.113.0/24'] }),
    );
    const snapshots = await loadRangeSnapshots([SHIPPED_RANGES_DIR, dir]);
    expect(snapshots.find((snapshot) => snapshot.id === 'bingbot')).toMatchObject({
      date: '2099-01-01',
      complete: true,
    });
    writeFileSync(path.join(dir, 'broken.json'), '{"id": "x", "date": "2026-01-01", "prefixes": ["66.249.64.0/"]}');
    await expect(loadRangeSnapshots([dir])).rejects.toThrow(
      /broken\.json, key `prefixes\[0\]`: not an IP prefix `66\.249\.64\.0\/`/,
    );
  });
});

describe('--update-ranges against a local server', () => {
  let server: Server;
  let base: string;
  const requested: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      if (request.url === '/googlebot.json') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            creationTime: '2026-11-20T10:00:00.000000',
            prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }],
          }),
        );
      } else if (request.url === '/html') response.end('<!doctype html><title>Moved</title>');
      else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes complete, dated snapshots and reports what failed, keeping the old file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-kit-update-'));
    writeFileSync(
      path.join(dir, 'bingbot.json'),
      JSON.stringify({ id: 'bingbot', sources: [], date: '2026-01-01', complete: false, prefixes: ['157.55.39.0/24'] }),
    );
    const results = await updateRangeSnapshots(dir, {
      sources: {
        'google-common': [`${base}/googlebot.json`],
        bingbot: [`${base}/missing.json`],
        'openai-gptbot': [`${base}/html`],
      },
      now: new Date('2026-11-22T00:00:00Z'),
    });
    expect(results).toEqual([
      { id: 'google-common', prefixes: 2, date: '2026-11-20' },
      { id: 'bingbot', error: `HTTP 404 from ${base}/missing.json` },
      { id: 'openai-gptbot', error: expect.stringContaining('the answer is not JSON') },
    ]);
    const written = JSON.parse(readFileSync(path.join(dir, 'google-common.json'), 'utf8'));
    expect(written).toEqual({
      id: 'google-common',
      documentation: 'https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests',
      sources: [`${base}/googlebot.json`],
      date: '2026-11-20',
      complete: true,
      prefixes: ['2001:4860:4801:10::/64', '66.249.64.0/27'],
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'bingbot.json'), 'utf8')).date).toBe('2026-01-01');
    expect(requested).toContain('/googlebot.json');
  });

  it('reads the published shape and refuses others', () => {
    expect(readPublishedRanges('{"prefixes":[{"ipv4Prefix":"1.2.3.0/24"}]}', 'u')).toEqual({
      prefixes: ['1.2.3.0/24'],
    });
    expect(() => readPublishedRanges('{"ranges":[]}', 'https://example.com/x.json')).toThrow(
      /https:\/\/example\.com\/x\.json, key `prefixes`: no prefix list/,
    );
  });
});
