/**
 * analyzeLogs: streams access logs, names the crawler of each request, checks it against the
 * robots.txt in force, verifies each crawler address (published ranges, reverse DNS) and reports
 * what every crawler did. Memory depends on the number of crawler addresses and URLs kept per
 * address (both capped), not on the size of the logs: every string kept is copied out of its line
 * (a slice would keep the whole chunk it was read from alive).
 */
import type { AuditSeverity } from '@robots-kit/core';
import { canonicalAddress } from './addresses.js';
import { Collector, collectLog, OVERFLOW_ADDRESS } from './collector.js';
import { collectInParallel, threadsFor } from './parallel.js';
import { collectLogFindings, type ClientStats } from './findings.js';
import { loadRangeSnapshots, type RangeSet, rangeSet, SHIPPED_RANGES_DIR } from './ip-ranges.js';
import { loadRobotsInForce } from './robots-in-force.js';
import type {
  AnalyzeLogsOptions,
  CheckOutcome,
  CrawlSeries,
  CrawlerSummary,
  DisallowedUrl,
  LogsReport,
  VerificationStatus,
} from './types.js';
import { createDnsVerifier } from './verify.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Points per series at most: over a longer span the bucket widens (hours, days, weeks, months). */
export const MAX_SERIES_POINTS = 1000;
/** The narrowest of hour, 3 hours, 6 hours, day, week and multiples of 30 days that gives at most {@link MAX_SERIES_POINTS} buckets. */
export function seriesBucket(span: number): number {
  const fixed = [HOUR, 3 * HOUR, 6 * HOUR, DAY, 7 * DAY, 30 * DAY].find((size) => span / size < MAX_SERIES_POINTS);
  return fixed ?? Math.ceil(span / MAX_SERIES_POINTS / (30 * DAY) + 1) * 30 * DAY;
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
  let first = Infinity;
  let last = -Infinity;
  for (const client of clients)
    for (const hour of client.hours.keys()) {
      if (hour < first) first = hour;
      if (hour > last) last = hour;
    }
  const bucket = seriesBucket(last > first ? last - first : 0);
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
    for (const [hour, count] of client.hours) {
      const start = hour - (hour % bucket);
      points.set(start, (points.get(start) ?? 0) + count);
    }
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
    series: [...series]
      .map(([key, points]) => {
        const [crawler, status] = key.split('\u0000') as [string, VerificationStatus];
        return { crawler, status, bucketMs: bucket, points: [...points].sort((a, b) => a[0] - b[0]) };
      })
      // Whatever order the addresses were met in (threads, merged reports): by crawler, then status.
      .sort((a, b) => (a.crawler < b.crawler ? -1 : a.crawler > b.crawler ? 1 : a.status < b.status ? -1 : 1)),
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
  const collector = new Collector(robots, options.sampleLines ?? 5, now);
  const threads = inputs.includes('-') ? 1 : threadsFor(inputs.length, options.threads);
  if (threads > 1) for (const state of await collectInParallel(inputs, options, now, threads)) collector.absorb(state);
  else for (const input of inputs) await collectLog(collector, input, options);
  for (const state of options.merge ?? []) collector.absorb(state);
  const allInputs = [...inputs, ...(options.merge ?? []).flatMap((state) => state.inputs)];
  const formats = collector.formats;
  const clients = collector.clients;
  await verifyClients(clients, ranges, options, now);
  const { crawlers, series, topDisallowed } = summarise(clients);
  const seenRanges = new Set(clients.flatMap((client) => client.crawler.ranges ?? []));
  const usedSnapshots = snapshots.filter((snapshot) => seenRanges.has(snapshot.id));
  const missingRanges = useRanges
    ? [...seenRanges].filter((id) => !snapshots.some((snapshot) => snapshot.id === id)).sort()
    : [];
  const findings = collectLogFindings(clients, {
    ...(robots ? { robots } : {}),
    unparsed: collector.unparsed,
    snapshots: usedSnapshots,
    missingRanges,
    now,
  });
  const counts: Record<AuditSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return {
    tool: 'robots-kit logs',
    generatedAt: new Date(now).toISOString(),
    inputs: allInputs,
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
    ...(options.state ? { state: collector.state(allInputs) } : {}),
  };
}
