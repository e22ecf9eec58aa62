import { SEVERITY_ORDER } from './finding-catalog.js';
import type { FailOn } from './parse-cli-args.js';
import type { AuditReport } from './types.js';

/** Whether the report has a finding at or above `failOn` (`none` never fails). */
export function failsAt(report: AuditReport, failOn: FailOn): boolean {
  if (failOn === 'none') return false;
  const threshold = SEVERITY_ORDER.indexOf(failOn);
  return report.findings.some((finding) => SEVERITY_ORDER.indexOf(finding.severity) <= threshold);
}
