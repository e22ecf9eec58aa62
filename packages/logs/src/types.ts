/** Types of the log analysis: options, one request read from a log, verification, findings and the report. */
import type { AuditLocation, AuditSeverity, ParsedRobotsRule } from '@robots-kit/core';

/** The package named in this package's error messages. */
export const LOGS_PACKAGE = '@robots-kit/logs';

/** One request as read from an access log line. */
export interface LogRecord {
  /** The client address as logged (`%h`, `$remote_addr`, `ClientIP`, …). */
  ip: string;
  /** Milliseconds since the epoch; `NaN` when the line has no usable time. */
  time: number;
  /** `GET`, `HEAD`, …; empty when the format does not log it. */
  method: string;
  /** The request target as sent (path and query, percent-encoded), or a full URL. */
  target: string;
  /** The response status; 0 when the format does not log it. */
  status: number;
  /** The User-Agent header; empty when absent or `-`. */
  userAgent: string;
}

/** Field paths (dotted, e.g. `proxy.clientIp`) of a JSON-lines log. */
export interface JsonFieldMap {
  ip: string;
  time: string;
  method?: string;
  /** The request path with query, or a full URL. */
  path: string;
  status?: string;
  userAgent: string;
}

/** The log formats robots-kit reads (see `LOG_FORMAT_PRESETS` for the named ones). */
export type LogFormat =
  | 'auto'
  | 'combined'
  | 'common'
  | 'netlify'
  | 'vercel'
  | 'cloudflare'
  /** An Apache `LogFormat` string, e.g. `%h %l %u %t "%r" %>s %b`. */
  | { apache: string }
  /** An nginx `log_format` string, e.g. `$remote_addr - $remote_user [$time_local] "$request" $status`. */
  | { nginx: string }
  /** JSON lines with the given field paths. */
  | { json: JsonFieldMap };

/** A robots.txt to check requests against, in force from `since` until the next version. */
export interface RobotsVersion {
  /** A robots.txt file, or a built site folder (its `robots.txt` and its pages' noindex tags). */
  path: string;
  /** ISO 8601 date or instant from which this version was served. Default: in force since always. */
  since?: string;
}

export type VerificationStatus = 'verified' | 'spoofed' | 'unverified';
/** The outcome of one verification method for one client address. */
export type CheckOutcome = 'pass' | 'fail' | 'unknown';

/** Options of {@link analyzeLogs}. */
export interface AnalyzeLogsOptions {
  /** How lines are read. Default: `'auto'` (Combined, Common, or a JSON preset, from the first line). */
  format?: LogFormat;
  /** The robots.txt versions in force. Default: none (no robots.txt findings). */
  robots?: readonly RobotsVersion[];
  /** Check client addresses against the published IP ranges. Default: `true`. */
  ipRanges?: boolean;
  /** A folder with refreshed range files (`robots-kit logs --update-ranges`); preferred to the shipped snapshots when newer. Default: none. */
  rangesDir?: string;
  /** Reverse DNS with forward confirmation. Default: `false` (no network). */
  dns?: boolean | DnsOptions;
  /** The instant snapshot ages are measured from. Default: the current time. */
  now?: Date;
  /** Lines shown for each unreadable-line finding. Default: `5`. */
  sampleLines?: number;
  /** What `-` reads. Default: `process.stdin`. */
  stdin?: AsyncIterable<Buffer>;
  /** Called every 100,000 lines with the number read (in one thread only). Default: none. */
  onProgress?: (lines: number) => void;
  /**
   * Threads reading files at once (this one and workers): `false` for one, a number for at most
   * that many. Default: one per core but one, when there are several files (never for `-`).
   */
  threads?: boolean | number;
  /** What earlier runs collected (their reports' `state`), added before verification. Default: none. */
  merge?: readonly CollectedState[];
  /** Put what was collected into the report as `state`, for a later `merge`. Default: `false`. */
  state?: boolean;
}

/** Options of the reverse-DNS check. */
export interface DnsOptions {
  /** DNS servers (`1.1.1.1`, `127.0.0.1:5353`). Default: the system's. */
  servers?: readonly string[];
  /** Lookups in flight at once. Default: `16`. */
  concurrency?: number;
  /** Milliseconds before a lookup counts as unanswered. Default: `3000`. */
  timeoutMs?: number;
  /** JSON file that keeps results per address between runs. Default: none. */
  cacheFile?: string;
  /** Days a cached result is trusted. Default: `7`. */
  cacheDays?: number;
  /** Hours an unanswered lookup (timeout, server failure) is remembered before it is asked again. Default: `24`. */
  unansweredHours?: number;
  /** Milliseconds all lookups of a run may take; addresses left then stay unverified. Default: `600000` (10 minutes). */
  budgetMs?: number;
}

/** Stable ids of log findings; see `LOG_FINDINGS` for what each means and its severity. */
export type LogFindingId =
  | 'disallowed-fetch'
  | 'ai-block-ignored'
  | 'spoofed-crawler'
  | 'crawl-delay-exceeded'
  | 'frequent-5xx'
  | 'frequent-404'
  | 'noindex-fetched'
  | 'unparsed-lines'
  | 'stale-ranges';

/** A finding about what crawlers did, in the audit's shape. */
export interface LogFinding {
  id: LogFindingId;
  severity: AuditSeverity;
  /** One sentence; quoted log content is cut and made safe. */
  message: string;
  /** URL paths involved, most requested first. */
  urls: string[];
  /** The robots.txt rule or log line to look at. */
  source?: AuditLocation;
  /** The crawlers (names from the crawler table) it applies to. */
  crawlers?: string[];
}

/** Requests of one crawler. */
export interface CrawlerSummary {
  /** The name in the crawler table, e.g. `Googlebot`. */
  crawler: string;
  /** The robots.txt product token its rules come from. */
  token: string;
  kind: 'search' | 'ai' | 'seo' | 'other';
  requests: Record<VerificationStatus, number>;
  /** Distinct client addresses per status. */
  addresses: Record<VerificationStatus, number>;
  /** Requests (verified and unverified) that robots.txt disallows. */
  disallowed: number;
  /** Responses 404 / 5xx. */
  notFound: number;
  serverErrors: number;
}

/** Requests over time of one crawler and status, for charts. */
export interface CrawlSeries {
  crawler: string;
  status: VerificationStatus;
  /** The width of each point's bucket: an hour, or wider when the log spans more than 1,000 hours. */
  bucketMs: number;
  /** `[bucket start in ms, requests]`, sorted; at most 1,000. */
  points: Array<[number, number]>;
}

/** A disallowed URL and how often it was fetched, for the report's top list. */
export interface DisallowedUrl {
  url: string;
  crawler: string;
  status: VerificationStatus;
  requests: number;
  /** The deciding rule, e.g. `Disallow: /private/` (robots.txt line). */
  rule: string;
  source: AuditLocation;
}

export interface LogsSummary {
  lines: number;
  requests: number;
  unparsed: number;
  crawlerRequests: number;
  /** Earliest and latest request time read (ms), when any. */
  from?: number;
  to?: number;
  findings: Record<AuditSeverity, number>;
  durationMs: number;
}

/** What {@link analyzeLogs} resolves to (the `--json` output of `robots-kit logs`). */
export interface LogsReport {
  tool: 'robots-kit logs';
  generatedAt: string;
  inputs: string[];
  format: string;
  robots: Array<{ path: string; since?: string; found: boolean }>;
  /** The range snapshots used, with their dates. */
  ranges: Array<{ id: string; date: string; complete: boolean; prefixes: number }>;
  dns: boolean;
  crawlers: CrawlerSummary[];
  series: CrawlSeries[];
  topDisallowed: DisallowedUrl[];
  findings: LogFinding[];
  summary: LogsSummary;
  /** What was collected, when asked for (`--format json` asks): `robots-kit logs --merge` reads it. */
  state?: CollectedState;
}

/** One crawler address, as collected. */
export interface CollectedClient {
  crawler: string;
  ip: string;
  requests: number;
  hours: Array<[number, number]>;
  disallowed: Array<[string, number, ParsedRobotsRule, string]>;
  disallowedTotal: number;
  noindex: Array<[string, number]>;
  noindexTotal: number;
  notFound: Array<[string, number]>;
  notFoundTotal: number;
  serverErrors: Array<[string, number]>;
  serverErrorsTotal: number;
  peakPerMinute: number;
}
/** A collector's content (version 1). */
export interface CollectedState {
  version: 1;
  inputs: string[];
  formats: string[];
  lines: number;
  requests: number;
  crawlerRequests: number;
  from?: number;
  to?: number;
  unparsed: Array<
    [string, { count: number; format: string; samples: Array<{ input: string; line: number; text: string }> }]
  >;
  clients: CollectedClient[];
}
