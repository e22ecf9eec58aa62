import { toSafeJson } from './to-safe-json.js';
import type { AuditReport } from './types.js';

/** The report as JSON (see `AUDIT_REPORT_JSON_SCHEMA`), with every control character escaped. */
export function formatAuditJson(report: AuditReport): string {
  return toSafeJson(report);
}
