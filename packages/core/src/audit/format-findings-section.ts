import type { Colors } from './colors.js';
import { AUDIT_FINDINGS } from './finding-catalog.js';
import { groupBy } from './group-by.js';
import { shorten } from './shorten.js';
import { terminalSafe } from './terminal-safe.js';
import type { AuditFinding, AuditSeverity } from './types.js';

/** URLs printed under a finding before the rest is counted. */
const URLS_SHOWN = 5;

const LABELS: Record<AuditSeverity, string> = { error: 'ERROR', warning: 'WARN ', info: 'INFO ' };

function label(severity: AuditSeverity, colors: Colors): string {
  const text = LABELS[severity];
  return severity === 'error' ? colors.red(colors.bold(text)) : severity === 'warning' ? colors.yellow(text) : colors.cyan(text);
}

/** Findings grouped by id: a heading per id, then each finding's message, location and first URLs. */
export function formatFindingsSection(findings: readonly AuditFinding[], colors: Colors): string[] {
  const lines: string[] = [];
  for (const group of groupBy(findings, (finding) => `${finding.severity} ${finding.id}`).values()) {
    const first = group[0]!;
    lines.push(`${label(first.severity, colors)} ${colors.bold(first.id)} ${colors.dim(`${AUDIT_FINDINGS[first.id].title} (${group.length})`)}`);
    for (const finding of group) {
      const where = finding.source ? colors.dim(`${terminalSafe(finding.source.file)}${finding.source.line === undefined ? '' : `:${finding.source.line}`}  `) : '';
      lines.push(`  ${where}${terminalSafe(finding.message)}`);
      for (const url of finding.urls.slice(0, URLS_SHOWN)) lines.push(`      ${terminalSafe(shorten(url, 160))}`);
      if (finding.urls.length > URLS_SHOWN) lines.push(colors.dim(`      … and ${finding.urls.length - URLS_SHOWN} more`));
    }
    lines.push('');
  }
  return lines;
}
