import type { RobotsTxtDiagnosticCode } from '../robots-txt/types.js';
import type { AuditData } from './audit-data.js';
import { codeSpan } from './code-span.js';
import { makeFinding } from './make-finding.js';
import type { AuditFinding } from './types.js';

/** Lines whose loss changes what crawlers may fetch; every other diagnostic is a warning. */
const FETCH_CHANGING: ReadonlySet<RobotsTxtDiagnosticCode | string> = new Set([
  'invalid-syntax',
  'rule-outside-group',
  'unknown-directive',
  'unsupported-directive',
  'invalid-user-agent',
  'file-too-large',
]);

/** `robots-txt-syntax`: one finding per robots.txt line crawlers ignore or read differently. */
export function findRobotsTxtSyntax(data: AuditData): AuditFinding[] {
  return (data.context.robotsTxt?.diagnostics ?? []).map((diagnostic) =>
    makeFinding('robots-txt-syntax', `robots.txt line ${diagnostic.line}: ${diagnostic.reason} (${codeSpan(diagnostic.text, 80)}).`, {
      source: { file: 'robots.txt', line: diagnostic.line },
      severity: diagnostic.severity === 'error' && FETCH_CHANGING.has(diagnostic.code) ? 'error' : 'warning',
    }),
  );
}
