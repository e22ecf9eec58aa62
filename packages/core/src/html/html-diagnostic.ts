import type { HtmlDiagnostic, HtmlDiagnosticCode } from './types.js';

export function htmlDiagnostic(code: HtmlDiagnosticCode, problem: string): HtmlDiagnostic {
  return { code, message: `[@robots-kit/core] ${problem}` };
}
