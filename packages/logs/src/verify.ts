/**
 * Crawler identity by reverse DNS with forward confirmation, as the operators document it: the
 * address's PTR name must lie under one of the crawler's own domains (Googlebot's are not a
 * user-triggered fetcher's), and that name must resolve back to the address. A definite "no" from
 * the zones (no PTR name, a name outside the domains or one no resolver accepts, a name that
 * does not resolve back) is decisive; a timeout or a server failure is only "unknown". Lookups
 * run through `node:dns`'s `Resolver` with bounded concurrency, a few names per address, an
 * overall time budget, and a cache file that remembers unanswered addresses too.
 */
import { RobotsError } from '@robots-kit/core';
import { readBytes, writeFileAtomic } from '@robots-kit/core/internal/adapter';
import { Resolver } from 'node:dns/promises';
import path from 'node:path';
import { type CanonicalAddress, canonicalAddress, reverseName } from './addresses.js';
import { type CheckOutcome, type DnsOptions, LOGS_PACKAGE } from './types.js';

/** What the DNS said about one address. */
interface DnsEntry {
  /** PTR names (at most {@link MAX_PTR_NAMES}); empty: the zone says there is none. */
  ptr: string[];
  /** The reverse zone answered something no resolver accepts. */
  malformed?: true;
  /** No answer (timeout, server failure): remembered for a shorter time. */
  unanswered?: true;
  /** Per name: `true` resolves back, `false` definitely not; absent: not asked or unanswered. */
  forward: Record<string, boolean>;
  /** When the PTR lookup was made (ms). */
  at: number;
}
interface CacheFile {
  version: 2;
  entries: Record<string, DnsEntry>;
}

/** The result of one check, with the reason a report can show. */
export interface DnsCheck {
  outcome: CheckOutcome;
  /** Why, in a few words (e.g. `crawl-1.bc.googleusercontent.com is not under googlebot.com`). */
  reason: string;
}

/** PTR names kept per address: a real crawler has one; an answer of hundreds is not read further. */
export const MAX_PTR_NAMES = 8;
/** Names confirmed per address (each is a forward query). */
export const MAX_FORWARD_NAMES = 2;
/** The DNS cache file is read only up to this size. */
export const MAX_DNS_CACHE_BYTES = 64 * 1024 * 1024;

/** Answers that say a name has no record: a definite "no". */
const NONE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
/** Answers no crawler's zone gives: a malformed reply or a name the resolver refuses. */
const MALFORMED = new Set(['EBADRESP', 'EBADNAME', 'EBADSTR', 'EFORMERR', 'EBADFAMILY']);
const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException | undefined)?.code ?? '';

/** Lower case, no final dot. */
function hostName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
/** Letters, digits and hyphens in labels of 1–63 characters, 253 in all: the host names crawlers use. */
export function isHostName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  for (const label of name.split('.')) {
    if (label.length === 0 || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return false;
    for (let i = 0; i < label.length; i++) {
      const code = label.charCodeAt(i);
      const ok = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
      if (!ok) return false;
    }
  }
  return true;
}
/** `crawl-66-249-66-1.googlebot.com` is under `googlebot.com`; `evilgooglebot.com` is not. */
export function hasSuffix(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Verifies addresses against a crawler's domains; one lookup per address and name, whatever the number of requests. */
export interface DnsVerifier {
  check(address: string, domains: readonly string[]): Promise<DnsCheck>;
  /** Writes the cache file (when one was given). */
  save(): Promise<void>;
}

function cacheProblem(file: string, problem: string): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-dns-cache',
    source: file,
    key: '--dns-cache',
    problem,
    expected: 'the JSON file an earlier `robots-kit logs --dns` wrote',
    suggestion: 'choose another file with --dns-cache, or delete this one (it is written again)',
  });
}
function validEntry(entry: unknown): entry is DnsEntry {
  if (entry === null || typeof entry !== 'object') return false;
  const { ptr, at, forward } = entry as Partial<DnsEntry>;
  return (
    Array.isArray(ptr) &&
    ptr.length <= MAX_PTR_NAMES &&
    ptr.every((name) => typeof name === 'string' && name.length <= 253) &&
    typeof at === 'number' &&
    Number.isFinite(at) &&
    forward !== null &&
    typeof forward === 'object' &&
    Object.values(forward).every((value) => typeof value === 'boolean')
  );
}
/**
 * The cache file's entries: a missing file is empty; a file that is not a regular file inside its
 * folder, too large, or not ours is an error that quotes none of its content; malformed entries
 * are dropped (asked again).
 */
async function readCache(file: string | undefined): Promise<Map<string, DnsEntry>> {
  if (file === undefined) return new Map();
  const bytes = await readBytes(file, MAX_DNS_CACHE_BYTES, path.dirname(file));
  if (!(bytes instanceof Uint8Array)) {
    if (bytes.skipped === 'missing') return new Map();
    throw cacheProblem(file, `cannot be used: ${bytes.skipped}`);
  }
  let data: Partial<CacheFile> | null;
  try {
    data = JSON.parse(Buffer.from(bytes).toString('utf8')) as Partial<CacheFile> | null;
  } catch {
    throw cacheProblem(file, 'not a robots-kit DNS cache (not JSON)');
  }
  if (data === null || typeof data !== 'object' || data.entries === null || typeof data.entries !== 'object')
    throw cacheProblem(file, 'not a robots-kit DNS cache');
  // An older version's entries are not trusted: they were made with other rules.
  if (data.version !== 2) return new Map();
  const entries = new Map<string, DnsEntry>();
  for (const [address, entry] of Object.entries(data.entries)) {
    const canonical = canonicalAddress(address);
    if (canonical && canonical.address === address && validEntry(entry)) entries.set(address, entry);
  }
  return entries;
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
  const unansweredAge = (options.unansweredHours ?? 24) * 3_600_000;
  const deadline = performance.now() + (options.budgetMs ?? 600_000);
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
  const overBudget = (): boolean => performance.now() > deadline;
  const pending = new Map<string, Promise<DnsEntry | undefined>>();
  const checks = new Map<string, Promise<DnsCheck>>();

  /** The address's entry, from the cache or asked; undefined when the time budget is spent. */
  function lookup(address: CanonicalAddress): Promise<DnsEntry | undefined> {
    const cached = cache.get(address.address);
    if (cached && now - cached.at < (cached.unanswered ? unansweredAge : maxAge)) return Promise.resolve(cached);
    let promise = pending.get(address.address);
    if (!promise) {
      promise = limited(async (): Promise<DnsEntry | undefined> => {
        if (overBudget()) return undefined;
        const entry: DnsEntry = { ptr: [], forward: {}, at: now };
        try {
          const names = await resolver.resolvePtr(reverseName(address.address)!);
          entry.ptr = names.slice(0, MAX_PTR_NAMES).map(hostName);
        } catch (error) {
          const code = codeOf(error);
          if (MALFORMED.has(code)) entry.malformed = true;
          else if (!NONE.has(code)) entry.unanswered = true;
        }
        cache.set(address.address, entry);
        return entry;
      });
      pending.set(address.address, promise);
    }
    return promise;
  }
  /** Whether `host` resolves back to the address: true, false (definitely not), or undefined (no answer). */
  async function confirms(entry: DnsEntry, host: string, address: CanonicalAddress): Promise<boolean | undefined> {
    const known = entry.forward[host];
    if (known !== undefined) return known;
    if (overBudget()) return undefined;
    let answer: boolean;
    try {
      const addresses = await limited(() =>
        address.family === 'ipv4' ? resolver.resolve4(host) : resolver.resolve6(host),
      );
      answer = addresses.some((candidate) => canonicalAddress(candidate)?.address === address.address);
    } catch (error) {
      const code = codeOf(error);
      if (!NONE.has(code) && !MALFORMED.has(code)) return undefined;
      answer = false;
    }
    entry.forward[host] = answer;
    return answer;
  }

  async function check(address: CanonicalAddress, domains: readonly string[]): Promise<DnsCheck> {
    const entry = await lookup(address);
    if (!entry) return { outcome: 'unknown', reason: 'the DNS time budget was spent' };
    if (entry.malformed) return { outcome: 'fail', reason: 'its reverse DNS answer is malformed' };
    if (entry.unanswered) return { outcome: 'unknown', reason: 'its reverse DNS lookup got no answer' };
    if (entry.ptr.length === 0) return { outcome: 'fail', reason: 'it has no reverse DNS name' };
    const candidates = entry.ptr.filter((host) => isHostName(host) && hasSuffix(host, domains));
    if (candidates.length === 0) {
      const first = entry.ptr[0]!;
      const shown = first.length > 80 ? `${first.slice(0, 79)}…` : first;
      return {
        outcome: 'fail',
        reason: isHostName(first) ? `${shown} is not under ${domains.join(', ')}` : `\`${shown}\` is not a host name`,
      };
    }
    let unanswered = false;
    for (const host of candidates.slice(0, MAX_FORWARD_NAMES)) {
      const answer = await confirms(entry, host, address);
      if (answer === true) return { outcome: 'pass', reason: `${host} resolves back to it` };
      if (answer === undefined) unanswered = true;
    }
    return unanswered
      ? { outcome: 'unknown', reason: `${candidates[0]} got no forward answer` }
      : { outcome: 'fail', reason: `${candidates[0]} does not resolve back to it` };
  }

  return {
    check(text, domains) {
      const address = canonicalAddress(text);
      if (!address || domains.length === 0)
        return Promise.resolve({ outcome: 'unknown', reason: 'no reverse DNS check applies' });
      // Concurrent requests from one address share one check.
      const key = `${address.address} ${domains.join(' ')}`;
      let promise = checks.get(key);
      if (!promise) checks.set(key, (promise = check(address, domains)));
      return promise;
    },
    async save() {
      if (options.cacheFile === undefined) return;
      const data: CacheFile = { version: 2, entries: Object.fromEntries(cache) };
      writeFileAtomic(options.cacheFile, `${JSON.stringify(data)}\n`);
    },
  };
}
