/**
 * Crawler identity by reverse DNS with forward confirmation (the method Google, Bing, Apple and
 * Yandex document): the address's PTR names must end in one of the crawler's host suffixes, and
 * such a name must resolve back to the address. Lookups run through `node:dns`'s `Resolver` with a
 * configurable server, concurrency and timeout; answers are cached per address in a JSON file.
 */
import { RobotsError } from '@robots-kit/core';
import { writeFileAtomic } from '@robots-kit/core/adapter';
import { Resolver } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { isIPv4 } from 'node:net';
import { parseAddress } from './ip-ranges.js';
import { LOGS_PACKAGE, type CheckOutcome, type DnsOptions } from './types.js';

/** What the DNS said about one address: its PTR names (empty: none exist) and which names resolved back to it. */
interface DnsEntry {
  ptr: string[];
  forward: Record<string, boolean>;
  /** When the PTR lookup was made (ms). */
  at: number;
}
interface CacheFile {
  version: 1;
  entries: Record<string, DnsEntry>;
}

/** Answers that say a name or address has no record: a definite "no". Anything else (timeouts, SERVFAIL, refused) is "no answer". */
const DEFINITE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const isDefinite = (error: unknown): boolean => DEFINITE.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
class NoAnswer extends Error {}

function hostName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}
/** `crawl-66-249-66-1.googlebot.com` ends in `googlebot.com`; `evilgooglebot.com` does not. */
export function hasSuffix(host: string, suffixes: readonly string[]): boolean {
  return suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
/**
 * The name a PTR query asks for (`1.66.249.66.in-addr.arpa`, nibbles under `ip6.arpa`). Queried with
 * `resolvePtr` rather than `reverse`, whose errors say ENOTFOUND even for a timeout.
 */
export function reverseName(address: string): string | undefined {
  const parsed = parseAddress(address);
  if (!parsed) return undefined;
  if (!parsed.v6) {
    const v4 = parsed.words[3]!;
    return `${v4 & 255}.${(v4 >>> 8) & 255}.${(v4 >>> 16) & 255}.${v4 >>> 24}.in-addr.arpa`;
  }
  const hex = [...parsed.words].map((word) => word.toString(16).padStart(8, '0')).join('');
  return `${hex.split('').reverse().join('.')}.ip6.arpa`;
}
function sameAddress(a: string, b: string): boolean {
  const left = parseAddress(a);
  const right = parseAddress(b);
  return (
    left !== undefined &&
    right !== undefined &&
    left.v6 === right.v6 &&
    left.words.every((word, i) => word === right.words[i])
  );
}

/** Verifies addresses against host suffixes; one lookup per address and name, whatever the number of requests. */
export interface DnsVerifier {
  check(address: string, suffixes: readonly string[]): Promise<CheckOutcome>;
  /** Writes the cache file (when one was given). */
  save(): Promise<void>;
}

async function readCache(file: string | undefined): Promise<Map<string, DnsEntry>> {
  if (file === undefined) return new Map();
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return new Map();
  }
  try {
    const data = JSON.parse(text) as CacheFile;
    if (data.version !== 1 || data.entries === null || typeof data.entries !== 'object') throw new Error('shape');
    return new Map(
      Object.entries(data.entries).filter(([, entry]) => Array.isArray(entry?.ptr) && typeof entry.at === 'number'),
    );
  } catch {
    throw new RobotsError({
      package: LOGS_PACKAGE,
      code: 'invalid-dns-cache',
      source: file,
      problem: 'not a robots-kit DNS cache',
      value: text.slice(0, 40),
      expected: 'the JSON file an earlier `robots-kit logs --dns-cache` wrote',
      suggestion: 'delete the file; it is written again',
    });
  }
}

/** A verifier with its own resolver; reads the cache file now and writes it on `save()`. */
export async function createDnsVerifier(options: DnsOptions = {}, now = Date.now()): Promise<DnsVerifier> {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 1 });
  if (options.servers && options.servers.length > 0) {
    try {
      resolver.setServers([...options.servers]);
    } catch {
      throw new RobotsError({
        package: LOGS_PACKAGE,
        code: 'invalid-dns-server',
        source: 'robots-kit logs',
        key: '--dns-server',
        value: options.servers.join(','),
        problem: 'not a DNS server address',
        expected: 'an IP address with an optional port, e.g. `1.1.1.1` or `127.0.0.1:5353`',
      });
    }
  }
  const cache = await readCache(options.cacheFile);
  const maxAge = (options.cacheDays ?? 7) * 86_400_000;
  const limit = Math.max(1, options.concurrency ?? 16);
  let running = 0;
  const waiting: Array<() => void> = [];
  async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }
  const pending = new Map<string, Promise<DnsEntry>>();
  const checks = new Map<string, Promise<CheckOutcome>>();

  function lookup(address: string): Promise<DnsEntry> {
    const cached = cache.get(address);
    if (cached && now - cached.at < maxAge) return Promise.resolve(cached);
    let promise = pending.get(address);
    if (!promise) {
      promise = limited(() => resolver.resolvePtr(reverseName(address)!))
        .then(
          (names) => names.map(hostName),
          (error: unknown) => {
            if (isDefinite(error)) return [];
            throw new NoAnswer();
          },
        )
        .then((ptr) => {
          const entry = { ptr, forward: {}, at: now };
          cache.set(address, entry);
          return entry;
        })
        .finally(() => pending.delete(address));
      pending.set(address, promise);
    }
    return promise;
  }
  async function confirms(entry: DnsEntry, host: string, address: string): Promise<boolean> {
    const known = entry.forward[host];
    if (known !== undefined) return known;
    let addresses: string[];
    try {
      addresses = await limited(() =>
        isIPv4(address) || parseAddress(address)?.v6 === false ? resolver.resolve4(host) : resolver.resolve6(host),
      );
    } catch (error) {
      if (!isDefinite(error)) throw new NoAnswer();
      addresses = [];
    }
    entry.forward[host] = addresses.some((candidate) => sameAddress(candidate, address));
    return entry.forward[host];
  }

  async function check(address: string, suffixes: readonly string[]): Promise<CheckOutcome> {
    if (!parseAddress(address) || suffixes.length === 0) return 'unknown';
    try {
      const entry = await lookup(address);
      const candidates = entry.ptr.filter((host) => hasSuffix(host, suffixes));
      if (candidates.length === 0) return 'fail';
      let unanswered = false;
      for (const host of candidates) {
        try {
          if (await confirms(entry, host, address)) return 'pass';
        } catch (error) {
          if (!(error instanceof NoAnswer)) throw error;
          unanswered = true;
        }
      }
      return unanswered ? 'unknown' : 'fail';
    } catch (error) {
      if (error instanceof NoAnswer) return 'unknown';
      throw error;
    }
  }

  return {
    check(address, suffixes) {
      // Concurrent requests from one address share one check.
      const key = `${address} ${suffixes.join(' ')}`;
      let promise = checks.get(key);
      if (!promise) checks.set(key, (promise = check(address, suffixes)));
      return promise;
    },
    async save() {
      if (options.cacheFile === undefined) return;
      const data: CacheFile = { version: 1, entries: Object.fromEntries(cache) };
      writeFileAtomic(options.cacheFile, JSON.stringify(data) + '\n');
    },
  };
}
