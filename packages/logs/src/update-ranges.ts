/**
 * Refreshing the range snapshots from the operators' published files (`robots-kit logs
 * --update-ranges`, `scripts/refresh-ranges.mjs`): each download streamed with its size cap
 * applied while reading, every prefix read strictly (one malformed prefix fails the file), and
 * each snapshot written atomically, so a failure leaves the previous file whole.
 */
import { RobotsError } from '@robots-kit/core';
import { writeFileAtomic } from '@robots-kit/core/internal/adapter';
import path from 'node:path';
import { parsePrefix } from './addresses.js';
import { MAX_RANGE_FILE_BYTES, RANGE_DOCUMENTATION, RANGE_SOURCES, type RangeSnapshot } from './ip-ranges.js';
import { LOGS_PACKAGE } from './types.js';

function publishedProblem(url: string, problem: string, details: { key?: string; value?: unknown } = {}): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-published-ranges',
    source: url,
    problem,
    ...details,
    expected: "the operator's range file, `{ creationTime, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`",
    suggestion: 'check the URL (or the mirror given with --ranges-source)',
  });
}

/**
 * The prefixes and date of an operator's published file. Throws `RobotsError` when the text is not
 * such a file or when one prefix does not read strictly: a file with a bad prefix is refused whole
 * rather than trusted in part.
 */
export function readPublishedRanges(text: string, url: string): { date?: string; prefixes: string[] } {
  let data: { creationTime?: unknown; prefixes?: unknown };
  try {
    data = (JSON.parse(text) ?? {}) as typeof data;
  } catch {
    throw publishedProblem(url, 'the answer is not JSON');
  }
  if (!Array.isArray(data.prefixes))
    throw publishedProblem(url, 'no prefix list', { key: 'prefixes', value: typeof data.prefixes });
  const prefixes: string[] = [];
  (data.prefixes as unknown[]).forEach((entry, index) => {
    const record = (entry ?? {}) as Record<string, unknown>;
    const prefix = record.ipv4Prefix ?? record.ipv6Prefix;
    if (typeof prefix !== 'string' || !parsePrefix(prefix))
      throw publishedProblem(url, 'not an IP prefix', {
        key: `prefixes[${index}]`,
        value: typeof prefix === 'string' ? prefix.slice(0, 60) : typeof prefix,
      });
    prefixes.push(prefix);
  });
  const created = typeof data.creationTime === 'string' ? data.creationTime.slice(0, 10) : undefined;
  return { prefixes, ...(created && /^\d{4}-\d{2}-\d{2}$/.test(created) ? { date: created } : {}) };
}

/** A body read chunk by chunk, abandoned as soon as it passes `maxBytes`. */
async function readCapped(response: Response, url: string, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) throw new Error(`${url} is larger than ${maxBytes} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface UpdateRangesOptions {
  /** Which snapshots and URLs. Default: {@link RANGE_SOURCES}. */
  sources?: Readonly<Record<string, readonly string[]>>;
  /** Milliseconds per download. Default: `15000`. */
  timeoutMs?: number;
  /** The date written when a file has no `creationTime`. Default: today. */
  now?: Date;
  /** Bytes per downloaded file. Default: 4 MB. */
  maxBytes?: number;
  /** How a URL is read. Default: `fetch`, following redirects. */
  read?: (url: string, maxBytes: number, timeoutMs: number) => Promise<string>;
}
async function download(url: string, maxBytes: number, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  return readCapped(response, url, maxBytes);
}
/** One snapshot from the texts of its published files; dated by the oldest `creationTime`. */
export function snapshotOf(
  id: string,
  urls: readonly string[],
  texts: readonly string[],
  today: string,
): RangeSnapshot {
  const prefixes: string[] = [];
  let date: string | undefined;
  texts.forEach((text, index) => {
    const published = readPublishedRanges(text, urls[index]!);
    prefixes.push(...published.prefixes);
    if (published.date && (!date || published.date < date)) date = published.date;
  });
  const documentation = RANGE_DOCUMENTATION[id];
  return {
    id,
    ...(documentation ? { documentation } : {}),
    sources: [...urls],
    date: date ?? today,
    complete: true,
    prefixes: [...new Set(prefixes)],
  };
}
/**
 * Downloads each operator's range files and writes one complete, dated snapshot per id into
 * `dir`. Resolves to what was written and what failed (a failure leaves the old file).
 */
export async function updateRangeSnapshots(
  dir: string,
  options: UpdateRangesOptions = {},
): Promise<Array<{ id: string; prefixes?: number; date?: string; error?: string }>> {
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const maxBytes = options.maxBytes ?? MAX_RANGE_FILE_BYTES;
  const read = options.read ?? download;
  const results: Array<{ id: string; prefixes?: number; date?: string; error?: string }> = [];
  for (const [id, urls] of Object.entries(options.sources ?? RANGE_SOURCES)) {
    try {
      const texts: string[] = [];
      for (const url of urls) texts.push(await read(url, maxBytes, options.timeoutMs ?? 15_000));
      const snapshot = snapshotOf(id, urls, texts, today);
      writeFileAtomic(path.join(dir, `${id}.json`), `${JSON.stringify(snapshot, null, 2)}\n`);
      results.push({ id, prefixes: snapshot.prefixes.length, date: snapshot.date });
    } catch (error) {
      results.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
