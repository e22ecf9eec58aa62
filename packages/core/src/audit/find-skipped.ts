import type { AuditData } from './audit-data.js';
import { makeFinding } from './make-finding.js';
import type { AuditFinding } from './types.js';

/** `skipped`: one finding per file or folder left out, saying why. */
export function findSkipped(data: AuditData): AuditFinding[] {
  return data.skipped.map(({ file, reason }) => makeFinding('skipped', `Skipped ${file}: ${reason}.`, { source: { file } }));
}
