/**
 * Published IP ranges: prefix matching against a BigInt reference (property), the shipped dated
 * snapshots, partial against complete snapshots, and `--update-ranges` against an HTTP server on
 * 127.0.0.1 (no test touches the network).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLERS } from '../src/crawlers.js';
import {
  RANGE_SOURCES,
  SHIPPED_RANGES_DIR,
  loadRangeSnapshots,
  parseAddress,
  rangeSet,
  readPublishedRanges,
  updateRangeSnapshots,
} from '../src/ip-ranges.js';

/** The reference: addresses and prefixes as BigInts. */
function toBigInt(address: string): { v6: boolean; value: bigint } {
  if (address.includes('.') && !address.includes(':'))
    return { v6: false, value: address.split('.').reduce((total, part) => (total << 8n) + BigInt(part), 0n) };
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return { v6: true, value: groups.reduce((total, group) => (total << 16n) + BigInt(parseInt(group, 16)), 0n) };
}
function referenceContains(prefix: string, address: string): boolean {
  const [network = '', bitsText = ''] = prefix.split('/');
  const net = toBigInt(network);
  const ip = toBigInt(address);
  if (net.v6 !== ip.v6) return false;
  const width = net.v6 ? 128n : 32n;
  const shift = width - BigInt(bitsText);
  return net.value >> shift === ip.value >> shift;
}

describe('prefix matching', () => {
  it('agrees with a BigInt reference for IPv4 and IPv6 (property)', () => {
    const v4 = fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 }), fc.ipV4());
    const v6 = fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 }), fc.ipV6());
    fc.assert(
      fc.property(fc.oneof(v4, v6), ([network, bits, address]) => {
        // The reference needs plain IPv6 groups; fast-check may write an embedded IPv4 tail.
        fc.pre(!(network.includes(':') && network.includes('.')) && !(address.includes(':') && address.includes('.')));
        const prefix = `${network}/${bits}`;
        const set = rangeSet([{ id: 'x', sources: [], date: '2026-01-01', complete: true, prefixes: [prefix] }]);
        expect(set.check(['x'], address) === 'pass').toBe(referenceContains(prefix, address));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads IPv4-mapped and embedded IPv4 forms', () => {
    expect(parseAddress('::ffff:66.249.66.1')).toEqual(parseAddress('66.249.66.1'));
    expect(parseAddress('64:ff9b::102:304')).toEqual(parseAddress('64:ff9b::1.2.3.4'));
    expect(parseAddress('[2001:db8::1]')).toEqual(parseAddress('2001:db8::1'));
    expect(parseAddress('66.249.66')).toBeUndefined();
    expect(parseAddress('68.278.11.89')).toBeUndefined();
  });

  it('a partial snapshot confirms but never refutes; a complete one does both', () => {
    const snapshot = { id: 'g', sources: [], date: '2026-01-01', prefixes: ['66.249.64.0/27'] };
    const partial = rangeSet([{ ...snapshot, complete: false }]);
    const complete = rangeSet([{ ...snapshot, complete: true }]);
    expect(partial.check(['g'], '66.249.64.31')).toBe('pass');
    expect(partial.check(['g'], '66.249.64.32')).toBe('unknown');
    expect(complete.check(['g'], '66.249.64.32')).toBe('fail');
    expect(complete.check(['g', 'missing'], '66.249.64.32')).toBe('unknown');
    expect(complete.check(['g'], 'not an address')).toBe('unknown');
  });
});

describe('shipped snapshots', () => {
  it('are dated, partial, cite their sources and cover every range id the crawler table uses', async () => {
    const snapshots = await loadRangeSnapshots([SHIPPED_RANGES_DIR]);
    expect(snapshots.map((snapshot) => snapshot.id).sort()).toEqual(Object.keys(RANGE_SOURCES).sort());
    for (const snapshot of snapshots) {
      expect(snapshot.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(snapshot.complete).toBe(false);
      expect(snapshot.sources).toEqual(RANGE_SOURCES[snapshot.id]);
      const raw = JSON.parse(readFileSync(path.join(SHIPPED_RANGES_DIR, `${snapshot.id}.json`), 'utf8'));
      expect(raw.copiedFrom).toBeTruthy();
      expect(raw.documentation).toMatch(/^https:\/\//);
    }
    const used = new Set(CRAWLERS.flatMap((crawler) => crawler.ranges ?? []));
    expect([...used].sort()).toEqual(Object.keys(RANGE_SOURCES).sort());
  });

  it("cover the example addresses of Google's verification page", async () => {
    const set = rangeSet(await loadRangeSnapshots([SHIPPED_RANGES_DIR]));
    expect(set.check(['google-common'], '66.249.66.1')).toBe('pass');
    expect(set.check(['google-common'], '35.247.243.240')).toBe('pass');
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
    writeFileSync(path.join(dir, 'broken.json'), '{"id": "x", "date": "2026-01-01", "prefixes": ["not/a/prefix"]}');
    await expect(loadRangeSnapshots([dir])).rejects.toThrow(/broken\.json: not a range snapshot/);
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
            prefixes: [
              { ipv6Prefix: '2001:4860:4801:10::/64' },
              { ipv4Prefix: '66.249.64.0/27' },
              { ipv4Prefix: 'bogus' },
            ],
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
      { id: 'google-common', prefixes: 2 },
      { id: 'bingbot', error: `HTTP 404 from ${base}/missing.json` },
      { id: 'openai-gptbot', error: expect.stringContaining('the answer is not JSON') },
    ]);
    const written = JSON.parse(readFileSync(path.join(dir, 'google-common.json'), 'utf8'));
    expect(written).toEqual({
      id: 'google-common',
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
