/**
 * What a pass over logs collected, as plain JSON: sent back by the worker threads that read files
 * in parallel, and carried in the `--format json` report (`state`) so that the reports of separate
 * runs (shards of a big log, read anywhere) merge into one with `robots-kit logs --merge`. Merging
 * adds counts and keeps detail within the collector's budgets; verification and findings are then
 * made once, over the merged whole.
 */
import { RobotsError } from '@robots-kit/core';
import { readBytes } from '@robots-kit/core/internal/adapter';
import { crawlerByName } from './crawlers.js';
import type { ClientStats } from './findings.js';
import { type CollectedClient, type CollectedState, LOGS_PACKAGE } from './types.js';

export type { CollectedClient, CollectedState } from './types.js';

/** A client as plain JSON. */
export function clientState(client: ClientStats): CollectedClient {
  return {
    crawler: client.crawler.name,
    ip: client.ip,
    requests: client.requests,
    hours: [...client.hours],
    disallowed: [...client.disallowed].map(([url, hit]) => [url, hit.count, hit.rule, hit.file]),
    disallowedTotal: client.disallowedTotal,
    noindex: [...client.noindex],
    noindexTotal: client.noindexTotal,
    notFound: [...client.notFound],
    notFoundTotal: client.notFoundTotal,
    serverErrors: [...client.serverErrors],
    serverErrorsTotal: client.serverErrorsTotal,
    peakPerMinute: client.peakPerMinute,
  };
}

/** What a collector must offer to take a state in (see `Collector.absorb`). */
export interface StateSink {
  client(crawler: NonNullable<ReturnType<typeof crawlerByName>>, ip: string): ClientStats;
  /** Counts `count` for `key` in `map` within the budgets. */
  bump(map: Map<string, number>, key: string, count?: number): void;
  /** Whether one more entry of `chars` characters fits the budgets (counting it when it does). */
  room(chars: number): boolean;
}
/**
 * Adds a client's counts to the sink's client of the same crawler and address. Peak rates are
 * kept as the larger of the two (one address's minutes rarely span two shards).
 */
export function absorbClient(sink: StateSink, state: CollectedClient): boolean {
  const crawler = crawlerByName(state.crawler);
  if (!crawler) return false;
  const client = sink.client(crawler, state.ip);
  client.requests += state.requests;
  client.disallowedTotal += state.disallowedTotal;
  client.noindexTotal += state.noindexTotal;
  client.notFoundTotal += state.notFoundTotal;
  client.serverErrorsTotal += state.serverErrorsTotal;
  client.peakPerMinute = Math.max(client.peakPerMinute, state.peakPerMinute);
  for (const [hour, count] of state.hours) {
    const known = client.hours.get(hour);
    if (known !== undefined) client.hours.set(hour, known + count);
    else if (sink.room(0)) client.hours.set(hour, count);
  }
  for (const [url, count, rule, file] of state.disallowed) {
    const hit = client.disallowed.get(url);
    if (hit) hit.count += count;
    else if (sink.room(url.length)) client.disallowed.set(url, { count, rule, file });
  }
  for (const [url, count] of state.noindex) sink.bump(client.noindex, url, count);
  for (const [url, count] of state.notFound) sink.bump(client.notFound, url, count);
  for (const [url, count] of state.serverErrors) sink.bump(client.serverErrors, url, count);
  return true;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** Whether `value` has the shape of a {@link CollectedState}; entries are checked as they are absorbed. */
export function isCollectedState(value: unknown): value is CollectedState {
  if (value === null || typeof value !== 'object') return false;
  const state = value as Partial<CollectedState>;
  return (
    state.version === 1 &&
    Array.isArray(state.inputs) &&
    Array.isArray(state.formats) &&
    Array.isArray(state.unparsed) &&
    Array.isArray(state.clients) &&
    isNumber(state.lines) &&
    isNumber(state.requests) &&
    isNumber(state.crawlerRequests) &&
    state.clients.every(
      (client) =>
        client !== null &&
        typeof client === 'object' &&
        typeof client.crawler === 'string' &&
        typeof client.ip === 'string' &&
        isNumber(client.requests) &&
        [client.hours, client.disallowed, client.noindex, client.notFound, client.serverErrors].every(Array.isArray),
    )
  );
}

/** A `--format json` report is read up to this size. */
export const MAX_REPORT_BYTES = 512 * 1024 * 1024;
function reportProblem(file: string, problem: string): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-merge-report',
    source: file,
    key: '--merge',
    problem,
    expected: 'the output of `robots-kit logs --format json` (version 1 of its `state`)',
    suggestion: 'run `robots-kit logs <log…> --format json > part.json` on each part, then merge those files',
  });
}
/**
 * The states carried by `--format json` reports (`robots-kit logs --merge a.json b.json`): each a
 * regular file of at most {@link MAX_REPORT_BYTES}; anything else is an error naming the file,
 * quoting none of it.
 */
export async function readReportStates(files: readonly string[]): Promise<CollectedState[]> {
  const states: CollectedState[] = [];
  for (const file of files) {
    const bytes = await readBytes(file, MAX_REPORT_BYTES);
    if (!(bytes instanceof Uint8Array)) throw reportProblem(file, `cannot be used: ${bytes.skipped}`);
    let report: { state?: unknown } | null;
    try {
      report = JSON.parse(Buffer.from(bytes).toString('utf8')) as { state?: unknown } | null;
    } catch {
      throw reportProblem(file, 'not JSON');
    }
    if (!isCollectedState(report?.state)) throw reportProblem(file, 'not a robots-kit logs report with a state');
    states.push(report.state);
  }
  return states;
}
