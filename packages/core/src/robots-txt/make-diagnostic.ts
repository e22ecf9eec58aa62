import type { RobotsTxtToken } from './tokenize.js';
import type { RobotsTxtDiagnostic, RobotsTxtDiagnosticCode } from './types.js';

const MAX_TEXT = 200;

/** A diagnostic about one line, quoting it (cut to 200 characters). */
export function makeDiagnostic(
  code: RobotsTxtDiagnosticCode,
  severity: RobotsTxtDiagnostic['severity'],
  token: RobotsTxtToken,
  reason: string,
): RobotsTxtDiagnostic {
  const text = token.text.length > MAX_TEXT ? token.text.slice(0, MAX_TEXT) + '…' : token.text;
  return { code, severity, line: token.line, reason, text };
}
