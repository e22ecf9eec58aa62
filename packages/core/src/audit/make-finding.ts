import { AUDIT_FINDINGS } from './finding-catalog.js';
import type { AuditFinding, AuditFindingId, AuditLocation, AuditSeverity } from './types.js';

export interface FindingDetails {
  urls?: Iterable<string>;
  source?: AuditLocation;
  crawlers?: Iterable<string>;
  /** Overrides the catalog severity (only `robots-txt-syntax` varies). */
  severity?: AuditSeverity;
}

/** A finding with the catalog's severity, its URLs de-duplicated and sorted. */
export function makeFinding(id: AuditFindingId, message: string, details: FindingDetails = {}): AuditFinding {
  const finding: AuditFinding = {
    id,
    severity: details.severity ?? AUDIT_FINDINGS[id].severity,
    message,
    urls: [...new Set(details.urls ?? [])].sort(),
  };
  if (details.source) finding.source = details.source;
  if (details.crawlers) finding.crawlers = [...new Set(details.crawlers)];
  return finding;
}
