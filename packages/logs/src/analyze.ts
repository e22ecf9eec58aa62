/**
 * analyzeLogs: streams access logs, names the crawler of each request, checks it against the
 * robots.txt in force, verifies each crawler address (published ranges, reverse DNS) and reports
 * what every crawler did. Memory depends on the number of crawler addresses and URLs kept per
 * address (both capped), not on the size of the logs: every string kept is copied out of its line
 * (a slice would keep the whole megabyte chunk it was read from alive).
 */
import type { AuditSeverity } from '@robots-kit/core';
import { getPathParamsQuery, ownString, shorten } from '@robots-kit/core/adapter';
import { identifyCrawler, type CrawlerDefinition } from './crawlers.js';
import { collectLogFindings, type ClientStats, type UnparsedSample } from './findings.js';
import { compileLogFormat, describeLogFormat, detectLogFormat, type LineParser } from './formats.js';
import { canonicalAddress } from './addresses.js';
import { loadRangeSnapshots, type RangeSet, rangeSet, SHIPPED_RANGES_DIR } from './ip-ranges.js';
import { readLogLines } from './read-lines.js';
import { loadRobotsInForce, pathOf, type RobotsInForce } from './robots-in-force.js';
import type {
  AnalyzeLogsOptions,
  CheckOutcome,
  CrawlSeries,
  CrawlerSummary,
  DisallowedUrl,
  LogFormat,
  LogsReport,
  VerificationStatus,
} from './types.js';
import { createDnsVerifier } from './verify.js';

/** Distinct (crawler, address) pairs kept; more are counted together per crawler, unverified. */
const MAX_CLIENTS = 100_000;
/** Distinct URLs kept per address and kind (disallowed, noindex, 404, 5xx); further ones only count. */
const MAX_URLS_PER_CLIENT = 500;
/**
 * URL and hour entries kept over all addresses (about 200 MB): a botnet claiming a crawler from
 * many addresses stops adding detail here, while every request is still counted.
 */
const MAX_KEPT_ENTRIES = 2_000_000;
const HOUR = 3_600_000;
const OVERFLOW_ADDRESS = '(other addresses)';
const UNREADABLE: LineParser = () => undefined;
/** Lines tried for a format before a log counts as unreadable. */
const DETECT_LINES = 100;

function newClient(crawler: CrawlerDefinition, ip: string): ClientStats {
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
class Collector {
  readonly clients: ClientStats[] = [];
  private readonly byCrawler = new Map<CrawlerDefinition, Map<string, ClientStats>>();
  readonly unparsed = new Map<string, { count: number; format: string; samples: UnparsedSample[] }>();
  lines = 0;
  requests = 0;
  kept = 0;
  crawlerRequests = 0;
  from = Infinity;
  to = -Infinity;
  constructor(
    private readonly robots: RobotsInForce | undefined,
    private readonly sampleLines: number,
  ) {}

  client(crawler: CrawlerDefinition, ip: string): ClientStats {
    // Per crawler, then per address: no key string built for each request.
    let addresses = this.byCrawler.get(crawler);
    if (!addresses) this.byCrawler.set(crawler, (addresses = new Map()));
    let client = addresses.get(ip);
    if (!client) {
      // One client per address however it is written (`::ffff:66.249.66.1` is `66.249.66.1`).
      const address =
        this.clients.length < MAX_CLIENTS ? (canonicalAddress(ip)?.address ?? ownString(ip)) : OVERFLOW_ADDRESS;
      client = addresses.get(address);
      if (!client) {
        client = newClient(crawler, address);
        this.clients.push(client);
      }
      if (addresses.size < MAX_CLIENTS * 2) addresses.set(ip === address ? address : ownString(ip), client);
    }
    return client;
  }
  /** Counts `url` in `map`, adding it while the address and overall budgets allow. */
  bump(map: Map<string, number>, url: string): void {
    const count = map.get(url);
    if (count !== undefined) map.set(url, count + 1);
    else if (map.size < MAX_URLS_PER_CLIENT && this.kept < MAX_KEPT_ENTRIES) {
      this.kept++;
      map.set(ownString(url), 1);
    }
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
    this.requests++;
    const { time } = record;
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
      else if (this.kept++ < MAX_KEPT_ENTRIES) client.hours.set(hour, 1);
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
      const target = getTarget(record.target);
      const hit = client.disallowed.get(target);
      if (hit) hit.count++;
      else if (client.disallowed.size < MAX_URLS_PER_CLIENT && this.kept++ < MAX_KEPT_ENTRIES)
        client.disallowed.set(ownString(target), { count: 1, rule: disallow.rule, file: disallow.file });
    }
    if (record.status > 0 && record.status < 400 && this.robots.noindex(crawler, record.target, time)) {
      client.noindexTotal++;
      this.bump(client.noindex, pathOf(record.target));
    }
  }
}
/** The target as robots.txt sees it (path and query, no scheme or host), shortened for reports. */
function getTarget(target: string): string {
  return shorten(getPathParamsQuery(target), 300);
}

/**
 * One status from the checks of an address: `spoofed` when any check refutes it (a complete,
 * current range file without it, or reverse DNS that decisively fails), whatever another check
 * says; `verified` when one passes and none refutes; `unverified` otherwise.
 */
export function combineChecks(outcomes: readonly CheckOutcome[]): VerificationStatus {
  if (outcomes.includes('fail')) return 'spoofed';
  return outcomes.includes('pass') ? 'verified' : 'unverified';
}

async function verifyClients(
  clients: Iterable<ClientStats>,
  ranges: RangeSet | undefined,
  options: AnalyzeLogsOptions,
  now: number,
): Promise<void> {
  const dnsOptions = options.dns === true ? {} : options.dns || undefined;
  const verifier = dnsOptions ? await createDnsVerifier(dnsOptions, now) : undefined;
  const work: Array<Promise<void>> = [];
  for (const client of clients) {
    if (client.ip === OVERFLOW_ADDRESS) continue;
    const { ranges: ids, dnsSuffixes } = client.crawler;
    const address = canonicalAddress(client.ip);
    const range = ranges && ids && ids.length > 0 && address ? ranges.check(ids, address) : undefined;
    const rangeReason = `not in the ${ids?.join(', ')} ranges`;
    if (verifier && dnsSuffixes && dnsSuffixes.length > 0) {
      work.push(
        verifier.check(client.ip, dnsSuffixes).then((dns) => {
          client.status = combineChecks(range ? [range, dns.outcome] : [dns.outcome]);
          if (client.status === 'spoofed') client.reason = dns.outcome === 'fail' ? dns.reason : rangeReason;
        }),
      );
    } else {
      client.status = combineChecks(range ? [range] : []);
      if (client.status === 'spoofed') client.reason = rangeReason;
    }
  }
  await Promise.all(work);
  await verifier?.save();
}

function statusRecord(): Record<VerificationStatus, number> {
  return { verified: 0, spoofed: 0, unverified: 0 };
}
function summarise(clients: readonly ClientStats[]): {
  crawlers: CrawlerSummary[];
  series: CrawlSeries[];
  topDisallowed: DisallowedUrl[];
} {
  const crawlers = new Map<string, CrawlerSummary>();
  const series = new Map<string, Map<number, number>>();
  const disallowed = new Map<string, DisallowedUrl>();
  for (const client of clients) {
    const { crawler, status } = client;
    let summary = crawlers.get(crawler.name);
    if (!summary) {
      summary = {
        crawler: crawler.name,
        token: crawler.tokens[0]!,
        kind: crawler.kind,
        requests: statusRecord(),
        addresses: statusRecord(),
        disallowed: 0,
        notFound: 0,
        serverErrors: 0,
      };
      crawlers.set(crawler.name, summary);
    }
    summary.requests[status] += client.requests;
    summary.addresses[status]++;
    if (status !== 'spoofed') summary.disallowed += client.disallowedTotal;
    summary.notFound += client.notFoundTotal;
    summary.serverErrors += client.serverErrorsTotal;
    const key = `${crawler.name}\u0000${status}`;
    let points = series.get(key);
    if (!points) series.set(key, (points = new Map()));
    for (const [hour, count] of client.hours) points.set(hour, (points.get(hour) ?? 0) + count);
    for (const [url, hit] of client.disallowed) {
      const id = `${key}\u0000${url}`;
      const entry = disallowed.get(id);
      if (entry) entry.requests += hit.count;
      else
        disallowed.set(id, {
          url,
          crawler: crawler.name,
          status,
          requests: hit.count,
          rule: `${hit.rule.type === 'disallow' ? 'Disallow' : 'Allow'}: ${hit.rule.value}`,
          source: { file: hit.file, line: hit.rule.line },
        });
    }
  }
  const total = (summary: CrawlerSummary): number =>
    summary.requests.verified + summary.requests.unverified + summary.requests.spoofed;
  return {
    crawlers: [...crawlers.values()].sort((a, b) => total(b) - total(a) || (a.crawler < b.crawler ? -1 : 1)),
    series: [...series].map(([key, points]) => {
      const [crawler, status] = key.split('\u0000') as [string, VerificationStatus];
      return { crawler, status, points: [...points].sort((a, b) => a[0] - b[0]) };
    }),
    topDisallowed: [...disallowed.values()]
      .sort((a, b) => b.requests - a.requests || (a.url < b.url ? -1 : 1))
      .slice(0, 25),
  };
}

/**
 * Reads access logs (file paths, `-` for standard input, gzip or plain) and reports per crawler
 * what it fetched, whether it is who it claims to be, and which robots.txt rules it broke. Throws
 * `RobotsError` for a missing input, a bad format or robots.txt option; unreadable lines become a
 * finding.
 */
export async function analyzeLogs(inputs: readonly string[], options: AnalyzeLogsOptions = {}): Promise<LogsReport> {
  const started = performance.now();
  const now = (options.now ?? new Date()).getTime();
  const robots = options.robots && options.robots.length > 0 ? await loadRobotsInForce(options.robots) : undefined;
  const useRanges = options.ipRanges !== false;
  const snapshots = useRanges
    ? await loadRangeSnapshots([SHIPPED_RANGES_DIR, ...(options.rangesDir ? [options.rangesDir] : [])])
    : [];
  const ranges = useRanges ? rangeSet(snapshots, now) : undefined;
  const collector = new Collector(robots, options.sampleLines ?? 5);
  const formats: string[] = [];
  for (const input of inputs) {
    let format: Exclude<LogFormat, 'auto'> | undefined = options.format === 'auto' ? undefined : options.format;
    let parse: LineParser | undefined = format ? compileLogFormat(format) : undefined;
    let formatName = format ? describeLogFormat(format) : 'any known';
    let lineNumber = 0;
    let tries = 0;
    for await (const batch of readLogLines(input, options.stdin)) {
      for (const line of batch) {
        lineNumber++;
        if (!parse && line.trim() !== '') {
          // Auto: the first line some format fits decides; lines before it are unreadable.
          format = detectLogFormat(line);
          if (format) {
            parse = compileLogFormat(format);
            formatName = describeLogFormat(format);
          } else if (++tries >= DETECT_LINES) parse = UNREADABLE;
        }
        collector.add(input, formatName, parse ?? UNREADABLE, line, lineNumber);
        if (options.onProgress && collector.lines % 100_000 === 0) options.onProgress(collector.lines);
      }
    }
    formats.push(format ? describeLogFormat(format) : 'unknown');
  }
  const clients = collector.clients;
  await verifyClients(clients, ranges, options, now);
  const { crawlers, series, topDisallowed } = summarise(clients);
  const seenRanges = new Set(clients.flatMap((client) => client.crawler.ranges ?? []));
  const usedSnapshots = snapshots.filter((snapshot) => seenRanges.has(snapshot.id));
  const findings = collectLogFindings(clients, {
    ...(robots ? { robots } : {}),
    unparsed: collector.unparsed,
    snapshots: usedSnapshots,
    now,
  });
  const counts: Record<AuditSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return {
    tool: 'robots-kit logs',
    generatedAt: new Date(now).toISOString(),
    inputs: [...inputs],
    format: [...new Set(formats)].join(', '),
    robots: robots
      ? robots.versions.map(({ path, since, found }) => ({ path, ...(since ? { since } : {}), found }))
      : [],
    ranges: snapshots.map((snapshot) => ({
      id: snapshot.id,
      date: snapshot.date,
      complete: snapshot.complete,
      prefixes: snapshot.prefixes.length,
    })),
    dns: options.dns !== undefined && options.dns !== false,
    crawlers,
    series,
    topDisallowed,
    findings,
    summary: {
      lines: collector.lines,
      requests: collector.requests,
      unparsed: [...collector.unparsed.values()].reduce((total, entry) => total + entry.count, 0),
      crawlerRequests: collector.crawlerRequests,
      ...(collector.from <= collector.to ? { from: collector.from, to: collector.to } : {}),
      findings: counts,
      durationMs: Math.round(performance.now() - started),
    },
  };
}
