/**
 * Published crawler IP ranges: dated snapshot files (shipped in `packages/logs/ranges/`, refreshed
 * into a folder of the user's with `robots-kit logs --update-ranges`), read with the audit's
 * protections, and the lookup of an address in them.
 */
import { RobotsError } from '@robots-kit/core';
import { readBytes } from '@robots-kit/core/internal/adapter';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CanonicalAddress, PrefixSet, parsePrefix } from './addresses.js';
import { type CheckOutcome, LOGS_PACKAGE } from './types.js';

/** A snapshot file of one operator's published ranges. */
export interface RangeSnapshot {
  id: string;
  /** The operator's page about its ranges. */
  documentation?: string;
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

/**
 * What `--update-ranges` fetches: the operators' documented JSON files, all in Google's shape
 * (`{ creationTime, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`).
 */
export const RANGE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  // https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests
  'google-common': ['https://developers.google.com/static/crawling/ipranges/common-crawlers.json'],
  'google-special': ['https://developers.google.com/static/crawling/ipranges/special-crawlers.json'],
  'google-user-triggered': [
    'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json',
    'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json',
  ],
  // https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers
  'google-user-triggered-agents': ['https://developers.google.com/static/crawling/ipranges/user-triggered-agents.json'],
  // https://www.bing.com/webmaster/help/how-to-verify-bingbot-3905dc26
  bingbot: ['https://www.bing.com/toolbox/bingbot.json'],
  // https://platform.openai.com/docs/bots
  'openai-gptbot': ['https://openai.com/gptbot.json'],
  'openai-searchbot': ['https://openai.com/searchbot.json'],
  'openai-chatgpt-user': ['https://openai.com/chatgpt-user.json'],
  // https://support.apple.com/en-us/119829
  applebot: ['https://search.developer.apple.com/applebot.json'],
  // https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot
  duckduckbot: ['https://duckduckgo.com/duckduckbot.json'],
  // https://docs.perplexity.ai/guides/bots
  perplexitybot: ['https://www.perplexity.com/perplexitybot.json'],
  'perplexity-user': ['https://www.perplexity.com/perplexity-user.json'],
};

/** The snapshots shipped with the package (`ranges/`, beside `src/` and `dist/`). */
export const SHIPPED_RANGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../ranges');

/**
 * Days a complete snapshot may refute an address. Operators add ranges; past this age an address
 * outside an old file may be a new crawler address, so the file only confirms (and `stale-ranges`
 * says so).
 */
export const REFUTE_DAYS = 90;
const DAY = 86_400_000;

/** Loaded snapshots and the lookup of an address in one of them. */
export interface RangeSet {
  snapshots: ReadonlyMap<string, RangeSnapshot>;
  /**
   * `pass` inside one of the crawler's files; `fail` outside all of them when each is complete and
   * younger than {@link REFUTE_DAYS}; otherwise `unknown`.
   */
  check(ids: readonly string[], address: CanonicalAddress): CheckOutcome;
}
/** The lookup over a set of snapshots (each prefix parsed once into a `net.BlockList`), ages measured at `now`. */
export function rangeSet(snapshots: Iterable<RangeSnapshot>, now = Date.now()): RangeSet {
  const byId = new Map<string, RangeSnapshot>();
  const sets = new Map<string, PrefixSet>();
  const refutes = new Map<string, boolean>();
  for (const snapshot of snapshots) {
    byId.set(snapshot.id, snapshot);
    const set = new PrefixSet();
    for (const text of snapshot.prefixes) {
      const prefix = parsePrefix(text);
      if (prefix) set.add(prefix);
    }
    sets.set(snapshot.id, set);
    const age = (now - Date.parse(snapshot.date)) / DAY;
    refutes.set(snapshot.id, snapshot.complete && age <= REFUTE_DAYS);
  }
  return {
    snapshots: byId,
    check(ids, address) {
      const known = ids.filter((id) => byId.has(id));
      if (known.length === 0) return 'unknown';
      if (known.some((id) => sets.get(id)!.has(address))) return 'pass';
      // Every file the crawler uses must be whole (and current) before an address outside them says anything.
      return known.length === ids.length && known.every((id) => refutes.get(id)) ? 'fail' : 'unknown';
    },
  };
}

/** Where each operator documents its range files (written into refreshed snapshots). */
export const RANGE_DOCUMENTATION: Readonly<Record<string, string>> = {
  'google-common': 'https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests',
  'google-special': 'https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests',
  'google-user-triggered':
    'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
  'google-user-triggered-agents':
    'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers',
  bingbot: 'https://www.bing.com/webmaster/help/how-to-verify-bingbot-3905dc26',
  'openai-gptbot': 'https://platform.openai.com/docs/bots',
  'openai-searchbot': 'https://platform.openai.com/docs/bots',
  'openai-chatgpt-user': 'https://platform.openai.com/docs/bots',
  applebot: 'https://support.apple.com/en-us/119829',
  duckduckbot: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
  perplexitybot: 'https://docs.perplexity.ai/guides/bots',
  'perplexity-user': 'https://docs.perplexity.ai/guides/bots',
};

/** Range files are tens of kilobytes; anything much larger is not one. */
export const MAX_RANGE_FILE_BYTES = 4 * 1024 * 1024;

function snapshotProblem(file: string, problem: string, details: { key?: string; value?: unknown } = {}): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-range-snapshot',
    source: file,
    problem,
    ...details,
    expected: '`{ id, sources, date, complete, prefixes }` as written by `robots-kit logs --update-ranges`',
    suggestion: 'delete the file and run `robots-kit logs --update-ranges` again',
  });
}
/** A snapshot file, checked: every prefix must read strictly (see `parsePrefix`). The file's text is never quoted. */
export function readSnapshot(file: string, text: string): RangeSnapshot {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw snapshotProblem(file, 'not JSON');
  }
  const snapshot = (data ?? {}) as Partial<Record<keyof RangeSnapshot, unknown>>;
  if (typeof snapshot.id !== 'string' || !/^[a-z0-9-]{1,64}$/.test(snapshot.id))
    throw snapshotProblem(file, 'no snapshot id', { key: 'id' });
  if (
    typeof snapshot.date !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(snapshot.date) ||
    Number.isNaN(Date.parse(snapshot.date))
  )
    throw snapshotProblem(file, 'no date (YYYY-MM-DD)', { key: 'date' });
  if (!Array.isArray(snapshot.prefixes)) throw snapshotProblem(file, 'no prefix list', { key: 'prefixes' });
  const prefixes = snapshot.prefixes as unknown[];
  prefixes.forEach((prefix, index) => {
    if (typeof prefix !== 'string' || !parsePrefix(prefix))
      throw snapshotProblem(file, 'not an IP prefix', {
        key: `prefixes[${index}]`,
        value: typeof prefix === 'string' ? prefix.slice(0, 60) : typeof prefix,
      });
  });
  const sources = Array.isArray(snapshot.sources) ? snapshot.sources.filter((url) => typeof url === 'string') : [];
  return {
    id: snapshot.id,
    sources,
    date: snapshot.date,
    complete: snapshot.complete === true,
    prefixes: prefixes as string[],
  };
}
/**
 * The snapshots of the folders given, the newest per id (a missing folder counts as empty). Files
 * are read as the audit reads a site: regular files inside the folder only, at most
 * {@link MAX_RANGE_FILE_BYTES}; anything else is an error naming the file and why.
 */
export async function loadRangeSnapshots(dirs: readonly string[]): Promise<RangeSnapshot[]> {
  const newest = new Map<string, RangeSnapshot>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const bytes = await readBytes(file, MAX_RANGE_FILE_BYTES, dir);
      if (!(bytes instanceof Uint8Array)) throw snapshotProblem(file, `cannot be used: ${bytes.skipped}`);
      const snapshot = readSnapshot(file, Buffer.from(bytes).toString('utf8'));
      const current = newest.get(snapshot.id);
      if (!current || snapshot.date >= current.date) newest.set(snapshot.id, snapshot);
    }
  }
  return [...newest.values()];
}
