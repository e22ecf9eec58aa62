/**
 * `@robots-kit/logs`: what crawlers really did. `analyzeLogs` reads access logs, names each
 * crawler, verifies who it is and checks what it fetched against the robots.txt in force; the
 * report formats, the crawler table and the range snapshots' refresh are here too. The command
 * line is `@robots-kit/logs/cli` (run by `npx robots-kit logs`).
 */
export { analyzeLogs } from './analyze.js';
export type {
  AnalyzeLogsOptions,
  CrawlerSummary,
  CrawlSeries,
  DisallowedUrl,
  DnsOptions,
  JsonFieldMap,
  LogFinding,
  LogFindingId,
  LogFormat,
  LogsReport,
  LogsSummary,
  RobotsVersion,
  VerificationStatus,
} from './types.js';
export { CRAWLERS, CRAWLERS_REVIEWED, identifyCrawler, type CrawlerDefinition } from './crawlers.js';
export { LOG_FINDINGS } from './findings.js';
export { LOG_FORMAT_PRESETS } from './formats.js';
export { formatLogsHtml } from './html-report.js';
export { RANGE_SOURCES, type RangeSnapshot } from './ip-ranges.js';
export { updateRangeSnapshots, type UpdateRangesOptions } from './update-ranges.js';
export { formatLogsJson, formatLogsSarif, formatLogsTable, type LogsTableOptions } from './report.js';
