/**
 * One streaming pass over access logs: each line read, its crawler named, the request counted
 * against the robots.txt in force, and what the report needs kept per crawler address. Every
 * kept thing is bounded: addresses, URLs per address, entries and characters over all addresses
 * (URLs past a length are cut and told apart by a hash), times outside a plausible window count
 * as unreadable lines. Kept strings are copies (a slice would keep its whole read buffer alive).
 */
import { getPathParamsQuery, ownString, shorten } from '@robots-kit/core/internal/adapter';
import { canonicalAddress } from './addresses.js';
import { type CrawlerDefinition, identifyCrawler } from './crawlers.js';
import type { ClientStats, UnparsedSample } from './findings.js';
import { compileLogFormat, describeLogFormat, detectLogFormat, type LineParser } from './formats.js';
import { readLogLines } from './read-lines.js';
import { pathOf, type RobotsInForce } from './robots-in-force.js';
import { absorbClient, type CollectedState, clientState } from './state.js';
import type { LogFormat } from './types.js';

/** Distinct (crawler, address) pairs kept; more are counted together per crawler, unverified. */
const MAX_CLIENTS = 100_000;
/** Distinct URLs kept per address and kind (disallowed, noindex, 404, 5xx); further ones only count. */
const MAX_URLS_PER_CLIENT = 500;
/**
 * URL and hour entries kept over all addresses: a botnet claiming a crawler from many addresses
 * stops adding detail here, while every request is still counted.
 */
export const MAX_KEPT_ENTRIES = 1_000_000;
/** Characters of kept URLs over all addresses (with {@link MAX_KEPT_ENTRIES}, what bounds the memory). */
export const MAX_KEPT_CHARS = 32_000_000;
/** A kept URL longer than this is cut and told apart from others by a hash of the whole. */
export const MAX_URL_CHARS = 256;
/** The earliest time a log line may carry; earlier (or later than a year past `now`) is unreadable. */
const EARLIEST = Date.UTC(1990, 0, 1);
const YEAR = 366 * 86_400_000;
const HOUR = 3_600_000;
export const OVERFLOW_ADDRESS = '(other addresses)';
const UNREADABLE: LineParser = () => undefined;

export function newClient(crawler: CrawlerDefinition, ip: string): ClientStats {
  return {
    crawler,
    ip,
    requests: 0,
    hours: new Map(),
    disallowed: new Map(),
    disallowedTotal: 0,
    noindex: new Map(),
    noindexTotal: 0,
    notFound: new Map(),
    notFoundTotal: 0,
    serverErrors: new Map(),
    serverErrorsTotal: 0,
    minute: NaN,
    minuteCount: 0,
    peakPerMinute: 0,
    lastTime: NaN,
    status: 'unverified',
  };
}

/** What one streaming pass collects. */
export class Collector {
  readonly clients: ClientStats[] = [];
  private readonly byCrawler = new Map<CrawlerDefinition, Map<string, ClientStats>>();
  readonly unparsed = new Map<string, { count: number; format: string; samples: UnparsedSample[] }>();
  lines = 0;
  requests = 0;
  kept = 0;
  keptChars = 0;
  crawlerRequests = 0;
  from = Infinity;
  to = -Infinity;
  private readonly latest: number;
  /** Formats read, one per input. */
  readonly formats: string[] = [];
  constructor(
    private readonly robots: RobotsInForce | undefined,
    private readonly sampleLines: number,
    now: number,
  ) {
    this.latest = now + YEAR;
  }

  client(crawler: CrawlerDefinition, ip: string): ClientStats {
    // Per crawler, then per address: no key string built for each request.
    let addresses = this.byCrawler.get(crawler);
    if (!addresses) this.byCrawler.set(crawler, (addresses = new Map()));
    let client = addresses.get(ip);
    if (!client) {
      // One client per address however it is written (`::ffff:66.249.66.1` is `66.249.66.1`).
      const address =
        this.clients.length < MAX_CLIENTS
          ? ownString(canonicalAddress(ip)?.address ?? (ip.length > 64 ? `${ip.slice(0, 63)}…` : ip))
          : OVERFLOW_ADDRESS;
      client = addresses.get(address);
      if (!client) {
        client = newClient(crawler, address);
        this.clients.push(client);
      }
      if (ip === address) addresses.set(address, client);
      else if (ip.length <= 64 && addresses.size < MAX_CLIENTS * 2) addresses.set(ownString(ip), client);
    }
    return client;
  }
  /** Whether one more kept entry of `chars` characters fits the overall budgets (and counts it when it does). */
  room(chars: number): boolean {
    if (this.kept >= MAX_KEPT_ENTRIES || this.keptChars + chars > MAX_KEPT_CHARS) return false;
    this.kept++;
    this.keptChars += chars;
    return true;
  }
  /** Counts `url` in `map`, adding it while the address and overall budgets allow. */
  bump(map: Map<string, number>, url: string, add = 1): void {
    const key = boundedKey(url);
    const count = map.get(key);
    if (count !== undefined) map.set(key, count + add);
    else if (map.size < MAX_URLS_PER_CLIENT && this.room(key.length)) map.set(ownString(key), add);
  }
  /** What this pass collected, as plain JSON. */
  state(inputs: readonly string[]): CollectedState {
    return {
      version: 1,
      inputs: [...inputs],
      formats: [...this.formats],
      lines: this.lines,
      requests: this.requests,
      crawlerRequests: this.crawlerRequests,
      ...(this.from <= this.to ? { from: this.from, to: this.to } : {}),
      unparsed: [...this.unparsed],
      clients: this.clients.map(clientState),
    };
  }
  /** Adds another pass's state (a worker's, or a report's for `--merge`) within this collector's budgets. */
  absorb(state: CollectedState): void {
    this.lines += state.lines;
    this.requests += state.requests;
    this.crawlerRequests += state.crawlerRequests;
    if (state.from !== undefined && state.from < this.from) this.from = state.from;
    if (state.to !== undefined && state.to > this.to) this.to = state.to;
    this.formats.push(...state.formats);
    for (const [input, entry] of state.unparsed) {
      const known = this.unparsed.get(input);
      if (!known) this.unparsed.set(input, { ...entry, samples: entry.samples.slice(0, this.sampleLines) });
      else {
        known.count += entry.count;
        known.samples.push(...entry.samples.slice(0, this.sampleLines - known.samples.length));
      }
    }
    for (const client of state.clients) absorbClient(this, client);
  }
  skip(input: string, format: string, line: number, text: string): void {
    let entry = this.unparsed.get(input);
    if (!entry) this.unparsed.set(input, (entry = { count: 0, format, samples: [] }));
    entry.count++;
    if (entry.samples.length < this.sampleLines)
      entry.samples.push({ input, line, text: ownString(shorten(text, 200)) });
  }
  add(input: string, format: string, parse: LineParser, line: string, lineNumber: number): void {
    this.lines++;
    if (line === '') return;
    const record = parse(line);
    if (!record) {
      this.skip(input, format, lineNumber, line);
      return;
    }
    const { time } = record;
    // A time no server wrote (year -271821, 1e30) would stretch every chart: the line is unreadable.
    if (time < EARLIEST || time > this.latest) {
      this.skip(input, format, lineNumber, line);
      return;
    }
    this.requests++;
    if (time < this.from) this.from = time;
    if (time > this.to) this.to = time;
    const crawler = record.userAgent === '' ? undefined : identifyCrawler(record.userAgent);
    if (!crawler) return;
    this.crawlerRequests++;
    const client = this.client(crawler, record.ip);
    client.requests++;
    if (!Number.isNaN(time)) {
      const hour = time - (time % HOUR);
      const count = client.hours.get(hour);
      if (count !== undefined) client.hours.set(hour, count + 1);
      else if (this.room(0)) client.hours.set(hour, 1);
      // Logs are written in time order, so one running minute per address gives its peak rate.
      const minute = Math.floor(time / 60_000);
      if (minute === client.minute) client.minuteCount++;
      else {
        client.minute = minute;
        client.minuteCount = 1;
      }
      if (client.minuteCount > client.peakPerMinute) client.peakPerMinute = client.minuteCount;
      client.lastTime = time;
    }
    if (record.status === 404) {
      client.notFoundTotal++;
      this.bump(client.notFound, pathOf(record.target));
    } else if (record.status >= 500 && record.status <= 599) {
      client.serverErrorsTotal++;
      this.bump(client.serverErrors, pathOf(record.target));
    }
    if (!this.robots || record.target === '') return;
    const disallow = this.robots.disallow(crawler, record.target, time);
    if (disallow) {
      client.disallowedTotal++;
      const target = boundedKey(getPathParamsQuery(record.target));
      const hit = client.disallowed.get(target);
      if (hit) hit.count++;
      else if (client.disallowed.size < MAX_URLS_PER_CLIENT && this.room(target.length))
        client.disallowed.set(ownString(target), { count: 1, rule: disallow.rule, file: disallow.file });
    }
    if (record.status > 0 && record.status < 400 && this.robots.noindex(crawler, record.target, time)) {
      client.noindexTotal++;
      this.bump(client.noindex, pathOf(record.target));
    }
  }
}
/** FNV-1a of the whole text, as 8 hex digits: long URLs that share their start stay apart. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return (value >>> 0).toString(16).padStart(8, '0');
}
/** A URL as a map key: whole up to {@link MAX_URL_CHARS}, else its start and a hash of the whole. */
export function boundedKey(url: string): string {
  return url.length <= MAX_URL_CHARS ? url : `${url.slice(0, MAX_URL_CHARS - 20)}…#${hash(url)}`;
}

/** Lines tried for a format before a log counts as unreadable. */
const DETECT = 100;
/**
 * Reads one log (a file, or `-` for `stdin`) into `collector`: with the given format, or the first
 * format some line fits (`auto`); lines before it are unreadable. Records the format read.
 */
export async function collectLog(
  collector: Collector,
  input: string,
  options: { format?: LogFormat; stdin?: AsyncIterable<Buffer>; onProgress?: (lines: number) => void },
): Promise<void> {
  let format: Exclude<LogFormat, 'auto'> | undefined = options.format === 'auto' ? undefined : options.format;
  let parse: LineParser | undefined = format ? compileLogFormat(format) : undefined;
  let formatName = format ? describeLogFormat(format) : 'any known';
  let lineNumber = 0;
  let tries = 0;
  for await (const batch of readLogLines(input, options.stdin)) {
    for (let index = 0; index < batch.length; index++) {
      const line = batch[index]!;
      lineNumber++;
      if (!parse && line.trim() !== '') {
        format = detectLogFormat(line);
        if (format) {
          parse = compileLogFormat(format);
          formatName = describeLogFormat(format);
        } else if (++tries >= DETECT) parse = UNREADABLE;
      }
      collector.add(input, formatName, parse ?? UNREADABLE, line, lineNumber);
      if (options.onProgress && collector.lines % 100_000 === 0) options.onProgress(collector.lines);
    }
  }
  collector.formats.push(format ? describeLogFormat(format) : 'unknown');
}
