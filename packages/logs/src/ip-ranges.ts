/**
 * Published crawler IP ranges: dated snapshot files (shipped in `packages/logs/ranges/`, refreshed
 * into a folder of the user's with `robots-kit logs --update-ranges`), loading them, and matching
 * addresses against their prefixes.
 */
import { RobotsError } from '@robots-kit/core';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGS_PACKAGE } from './types.js';

/** A snapshot file of one operator's published ranges. */
export interface RangeSnapshot {
  id: string;
  /** Where the operator publishes the file (what `--update-ranges` fetches). */
  sources: string[];
  /** The date of the published data (its `creationTime`, or the day it was fetched). */
  date: string;
  /**
   * The whole published list. A partial snapshot can confirm an address but never refute one:
   * an address outside it is `unknown`, not `fail`.
   */
  complete: boolean;
  prefixes: string[];
}

/** What `--update-ranges` fetches: the operators' documented JSON files. */
export const RANGE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  // https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests
  'google-common': ['https://developers.google.com/static/crawling/ipranges/common-crawlers.json'],
  'google-special': ['https://developers.google.com/static/crawling/ipranges/special-crawlers.json'],
  'google-user-triggered': [
    'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json',
    'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json',
  ],
  // https://www.bing.com/webmaster/help/how-to-verify-bingbot-3905dc26
  bingbot: ['https://www.bing.com/toolbox/bingbot.json'],
  // https://platform.openai.com/docs/bots
  'openai-gptbot': ['https://openai.com/gptbot.json'],
  'openai-searchbot': ['https://openai.com/searchbot.json'],
  'openai-chatgpt-user': ['https://openai.com/chatgpt-user.json'],
};

/** The snapshots shipped with the package (`ranges/`, beside `src/` and `dist/`). */
export const SHIPPED_RANGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../ranges');

type Network = { v6: boolean; words: Uint32Array; bits: number };
/** An address as four 32-bit words (IPv4 in the last word, IPv4-mapped IPv6 read as IPv4), or undefined. */
export function parseAddress(address: string): { v6: boolean; words: Uint32Array } | undefined {
  if (isIPv4(address)) {
    const parts = address.split('.').map(Number);
    return {
      v6: false,
      words: Uint32Array.of(0, 0, 0, ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0),
    };
  }
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!isIPv6(bare)) return undefined;
  const lower = bare.toLowerCase().split('%')[0]!;
  const dotted = lower.lastIndexOf(':');
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(dotted + 1))) return parseAddress(lower.slice(dotted + 1));
  let groups: string[];
  if (lower.includes('.')) {
    const v4 = parseAddress(lower.slice(dotted + 1))!.words[3]!;
    groups = [
      ...lower
        .slice(0, dotted + 1)
        .split(':')
        .slice(0, -1),
      (v4 >>> 16).toString(16),
      (v4 & 0xffff).toString(16),
    ];
    groups = expand(groups.join(':'));
  } else groups = expand(lower);
  const words = new Uint32Array(4);
  for (let i = 0; i < 8; i++) words[i >> 1]! |= (parseInt(groups[i] || '0', 16) << ((i & 1) === 0 ? 16 : 0)) >>> 0;
  return { v6: true, words };
}
function expand(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  if (tail === undefined) return left;
  const right = tail === '' ? [] : tail.split(':');
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
function parseNetwork(prefix: string): Network | undefined {
  const slash = prefix.indexOf('/');
  const address = parseAddress(slash < 0 ? prefix : prefix.slice(0, slash));
  if (!address) return undefined;
  const max = address.v6 ? 128 : 32;
  const bits = slash < 0 ? max : Number(prefix.slice(slash + 1));
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return undefined;
  return { v6: address.v6, words: address.words, bits: address.v6 ? bits : bits + 96 };
}
function contains(network: Network, address: { v6: boolean; words: Uint32Array }): boolean {
  if (network.v6 !== address.v6) return false;
  for (let word = 0, left = network.bits; word < 4 && left > 0; word++, left -= 32) {
    const mask = left >= 32 ? 0xffffffff : (0xffffffff << (32 - left)) >>> 0;
    if (((network.words[word]! ^ address.words[word]!) & mask) !== 0) return false;
  }
  return true;
}

/** Loaded snapshots and the lookup of an address in one of them. */
export interface RangeSet {
  snapshots: ReadonlyMap<string, RangeSnapshot>;
  /** `pass` inside, `fail` outside a complete snapshot, `unknown` outside a partial one or without one. */
  check(ids: readonly string[], address: string): 'pass' | 'fail' | 'unknown';
}
/** The lookup over a set of snapshots (each prefix parsed once). */
export function rangeSet(snapshots: Iterable<RangeSnapshot>): RangeSet {
  const byId = new Map<string, RangeSnapshot>();
  const networks = new Map<string, Network[]>();
  for (const snapshot of snapshots) {
    byId.set(snapshot.id, snapshot);
    networks.set(
      snapshot.id,
      snapshot.prefixes.map(parseNetwork).filter((network): network is Network => network !== undefined),
    );
  }
  return {
    snapshots: byId,
    check(ids, address) {
      const parsed = parseAddress(address);
      const known = ids.filter((id) => byId.has(id));
      if (!parsed || known.length === 0) return 'unknown';
      if (known.some((id) => networks.get(id)!.some((network) => contains(network, parsed)))) return 'pass';
      // Every file the crawler uses must be whole before an address outside them says anything.
      return known.length === ids.length && known.every((id) => byId.get(id)!.complete) ? 'fail' : 'unknown';
    },
  };
}

function snapshotProblem(file: string, problem: string, value: unknown): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-range-snapshot',
    source: file,
    problem,
    value,
    expected: '`{ id, sources, date, complete, prefixes }` as written by `robots-kit logs --update-ranges`',
  });
}
function readSnapshot(file: string, text: string): RangeSnapshot {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw snapshotProblem(file, 'not JSON', text.slice(0, 40));
  }
  const snapshot = data as Partial<RangeSnapshot>;
  if (
    typeof snapshot.id !== 'string' ||
    typeof snapshot.date !== 'string' ||
    !Array.isArray(snapshot.prefixes) ||
    !snapshot.prefixes.every((prefix) => typeof prefix === 'string' && parseNetwork(prefix))
  ) {
    throw snapshotProblem(file, 'not a range snapshot', Object.keys(snapshot as object));
  }
  return {
    id: snapshot.id,
    sources: snapshot.sources ?? [],
    date: snapshot.date,
    complete: snapshot.complete === true,
    prefixes: snapshot.prefixes,
  };
}
/** The snapshots of the folders given, the newest per id (a missing folder counts as empty). */
export async function loadRangeSnapshots(dirs: readonly string[]): Promise<RangeSnapshot[]> {
  const newest = new Map<string, RangeSnapshot>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const snapshot = readSnapshot(file, await readFile(file, 'utf8'));
      const current = newest.get(snapshot.id);
      if (!current || snapshot.date >= current.date) newest.set(snapshot.id, snapshot);
    }
  }
  return [...newest.values()];
}

/** Prefixes of an operator's published file (`{ creationTime, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`). */
export function readPublishedRanges(text: string, url: string): { date?: string; prefixes: string[] } {
  let data: { creationTime?: unknown; prefixes?: unknown };
  try {
    data = JSON.parse(text) as typeof data;
  } catch {
    throw new RobotsError({
      package: LOGS_PACKAGE,
      code: 'invalid-published-ranges',
      source: url,
      problem: 'the answer is not JSON',
      value: text.slice(0, 40),
      expected: "the operator's range file; check the URL",
    });
  }
  if (!Array.isArray(data.prefixes)) {
    throw new RobotsError({
      package: LOGS_PACKAGE,
      code: 'invalid-published-ranges',
      source: url,
      key: 'prefixes',
      problem: 'no prefix list',
      value: typeof data.prefixes,
      expected: 'an array of `{ ipv4Prefix }` / `{ ipv6Prefix }`',
    });
  }
  const prefixes = (data.prefixes as Array<Record<string, unknown>>)
    .map((entry) => entry?.ipv4Prefix ?? entry?.ipv6Prefix)
    .filter((prefix): prefix is string => typeof prefix === 'string' && parseNetwork(prefix) !== undefined);
  const created = typeof data.creationTime === 'string' ? data.creationTime.slice(0, 10) : undefined;
  return { prefixes, ...(created && /^\d{4}-\d{2}-\d{2}$/.test(created) ? { date: created } : {}) };
}

/** Published range files are a few hundred kilobytes; anything much larger is not one. */
const MAX_RANGE_BYTES = 8 * 1024 * 1024;
export interface UpdateRangesOptions {
  /** Which snapshots and URLs. Default: {@link RANGE_SOURCES}. */
  sources?: Readonly<Record<string, readonly string[]>>;
  /** Milliseconds per download. Default: `15000`. */
  timeoutMs?: number;
  /** The date written when a file has no `creationTime`. Default: today. */
  now?: Date;
}
/**
 * Downloads each operator's range files with `fetch` and writes one complete, dated snapshot per
 * id into `dir`. Resolves to what was written and what failed (a failure leaves the old file).
 */
export async function updateRangeSnapshots(
  dir: string,
  options: UpdateRangesOptions = {},
): Promise<Array<{ id: string; prefixes?: number; error?: string }>> {
  await mkdir(dir, { recursive: true });
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const results: Array<{ id: string; prefixes?: number; error?: string }> = [];
  for (const [id, urls] of Object.entries(options.sources ?? RANGE_SOURCES)) {
    try {
      const prefixes: string[] = [];
      let date: string | undefined;
      for (const url of urls) {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          redirect: 'follow',
        });
        if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
        const body = await response.text();
        if (body.length > MAX_RANGE_BYTES) throw new Error(`${url} is larger than ${MAX_RANGE_BYTES} bytes`);
        const published = readPublishedRanges(body, url);
        prefixes.push(...published.prefixes);
        if (published.date && (!date || published.date < date)) date = published.date;
      }
      const snapshot: RangeSnapshot = {
        id,
        sources: [...urls],
        date: date ?? today,
        complete: true,
        prefixes: [...new Set(prefixes)],
      };
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(snapshot, null, 2) + '\n');
      results.push({ id, prefixes: snapshot.prefixes.length });
    } catch (error) {
      results.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
