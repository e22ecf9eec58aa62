import { plural } from './plural.js';
import type { AuditSummary } from './types.js';

/** `1 error, 2 warnings, 0 info`. */
export function severityCounts(findings: AuditSummary['findings']): string {
  return `${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${findings.info} info`;
}
