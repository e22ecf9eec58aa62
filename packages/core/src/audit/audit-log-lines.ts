import { formatAuditSummary } from './format-audit-summary.js';
import type { AuditReport } from './types.js';

/** A line for a framework logger, at the level of what it reports. */
export interface AuditLogLine {
  level: 'error' | 'warn' | 'info';
  message: string;
}

const LEVEL = { error: 'error', warning: 'warn', info: 'info' } as const;

/**
 * What an adapter's `audit: true` step logs: the summary headline, then one line per
 * finding at its severity; and how many findings are errors (which fail the build).
 */
export function auditLogLines(report: AuditReport): { lines: AuditLogLine[]; errors: number } {
  const [headline = '', ...findingLines] = formatAuditSummary(report);
  return {
    lines: [
      { level: 'info', message: headline },
      ...report.findings.map((finding, i): AuditLogLine => ({ level: LEVEL[finding.severity], message: findingLines[i] ?? finding.message })),
    ],
    errors: report.findings.filter((finding) => finding.severity === 'error').length,
  };
}
