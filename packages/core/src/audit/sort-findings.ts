import { SEVERITY_ORDER } from './finding-catalog.js';
import type { AuditFinding } from './types.js';

function firstKey(finding: AuditFinding): string {
  return finding.urls[0] ?? `${finding.source?.file ?? ''}:${String(finding.source?.line ?? 0).padStart(9, '0')}`;
}

/** Errors first, then warnings, then info; within a severity by id, then by first URL or location. */
export function sortFindings(findings: AuditFinding[]): AuditFinding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
      (firstKey(a) < firstKey(b) ? -1 : firstKey(a) > firstKey(b) ? 1 : 0),
  );
}
