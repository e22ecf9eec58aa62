/**
 * The `robots-kit logs` report for a terminal, as JSON and as SARIF: per-crawler totals by
 * verification, and the log findings in the audit's style.
 */
import type { AuditSeverity } from '@robots-kit/core';
import {
  type Colors,
  formatTableRows,
  makeColors,
  plural,
  reportHeading,
  sarifLog,
  shorten,
  terminalSafe,
  toSafeJson,
  verdictLine,
} from '@robots-kit/core/internal/adapter';
import { LOG_FINDINGS } from './findings.js';
import type { LogFinding, LogsReport } from './types.js';

const URLS_SHOWN = 5;
const LABEL: Record<AuditSeverity, string> = { error: 'ERROR', warning: 'WARN ', info: 'INFO ' };
function severityLabel(severity: AuditSeverity, colors: Colors): string {
  if (severity === 'error') return colors.red(colors.bold(LABEL.error));
  return severity === 'warning' ? colors.yellow(LABEL.warning) : colors.cyan(LABEL.info);
}
function where(finding: LogFinding): string {
  if (!finding.source) return '';
  return finding.source.line === undefined ? finding.source.file : `${finding.source.file}:${finding.source.line}`;
}
function findingLines(findings: readonly LogFinding[], colors: Colors): string[] {
  const lines: string[] = [];
  let previous = '';
  for (const finding of findings) {
    const heading = `${finding.severity} ${finding.id}`;
    if (heading !== previous) {
      if (previous) lines.push('');
      const count = findings.filter((other) => other.id === finding.id && other.severity === finding.severity).length;
      lines.push(
        `${severityLabel(finding.severity, colors)} ${colors.bold(finding.id)} ${colors.dim(`${LOG_FINDINGS[finding.id].title} (${count})`)}`,
      );
      previous = heading;
    }
    const location = where(finding);
    lines.push(`  ${location ? colors.dim(`${terminalSafe(location)}  `) : ''}${terminalSafe(finding.message)}`);
    for (const url of finding.urls.slice(0, URLS_SHOWN)) lines.push(`      ${terminalSafe(shorten(url, 160))}`);
    if (finding.urls.length > URLS_SHOWN)
      lines.push(colors.dim(`      … and ${finding.urls.length - URLS_SHOWN} more`));
  }
  if (lines.length > 0) lines.push('');
  return lines;
}

function crawlerRows(report: LogsReport, colors: Colors, limit: number): string[] {
  if (report.crawlers.length === 0) return [];
  const header = ['CRAWLER', 'KIND', 'VERIFIED', 'UNVERIFIED', 'SPOOFED', 'DISALLOWED', '404', '5XX'];
  const rows = report.crawlers
    .slice(0, limit)
    .map((row) => [
      terminalSafe(row.crawler),
      row.kind,
      String(row.requests.verified),
      String(row.requests.unverified),
      String(row.requests.spoofed),
      String(row.disallowed),
      String(row.notFound),
      String(row.serverErrors),
    ]);
  const table = formatTableRows([header, ...rows], (cell, column, row) => {
    if (row === 0) return colors.dim(cell);
    if ((column === 4 || column === 5) && cell.trim() !== '0') return colors.yellow(cell);
    return cell;
  });
  const lines = [colors.bold(`Crawlers (${report.crawlers.length})`), ...table.map((line) => `  ${line}`)];
  if (report.crawlers.length > limit)
    lines.push(colors.dim(`  … ${report.crawlers.length - limit} more (--json lists all)`));
  return [...lines, ''];
}

export interface LogsTableOptions {
  /** ANSI colours. Default: false. */
  color?: boolean;
  /** Crawler rows shown. Default: 20. */
  limit?: number;
}
/** The report for people: what was read, the findings grouped by id, the crawlers and the totals. */
export function formatLogsTable(report: LogsReport, options: LogsTableOptions = {}): string {
  const colors = makeColors(options.color ?? false);
  const { summary } = report;
  const period =
    summary.from !== undefined && summary.to !== undefined
      ? `${new Date(summary.from).toISOString().slice(0, 16)} – ${new Date(summary.to).toISOString().slice(0, 16)}`
      : 'no times';
  const facts = [
    report.format,
    plural(summary.lines, 'line'),
    plural(summary.crawlerRequests, 'crawler request'),
    period,
    report.robots.length > 0
      ? `robots.txt ${report.robots.map((version) => version.path + (version.since ? `@${version.since}` : '')).join(', ')}`
      : 'no robots.txt (--robots)',
    `verification: ${[report.ranges.length > 0 ? 'IP ranges' : '', report.dns ? 'reverse DNS' : ''].filter(Boolean).join(' + ') || 'none'}`,
  ];
  const lines = reportHeading(`robots-kit logs ${report.inputs.join(' ')}`, facts, colors);
  lines.push(...findingLines(report.findings, colors), ...crawlerRows(report, colors, options.limit ?? 20));
  lines.push(verdictLine(summary, colors));
  return lines.join('\n') + '\n';
}

/** The report as JSON (the value `analyzeLogs` resolves to), with every control character escaped. */
export function formatLogsJson(report: LogsReport): string {
  return toSafeJson(report);
}

/** SARIF 2.1.0: one rule per log finding id, results located at the robots.txt rule or log line (relative to `cwd`). */
export function formatLogsSarif(report: LogsReport, cwd = process.cwd()): string {
  return sarifLog('robots-kit logs', LOG_FINDINGS, report.findings, cwd, cwd);
}
