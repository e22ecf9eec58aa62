import path from 'node:path';
import { terminalSafe } from './terminal-safe.js';
import type { AuditReport, AuditSeverity } from './types.js';

const COMMANDS: Record<AuditSeverity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Workflow command data: `%`, CR and LF escaped. */
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Workflow command property values: also `:` and `,`. */
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), one per finding,
 * with file paths relative to `cwd` so annotations land on the files in the pull request.
 */
export function formatGithubAnnotations(report: AuditReport, cwd = process.cwd()): string {
  const lines = report.findings.map((finding) => {
    const properties = [`title=${escapeProperty(`robots-kit ${finding.id}`)}`];
    if (finding.source) {
      const file = path.relative(cwd, path.resolve(cwd, report.directory, finding.source.file)).split(path.sep).join('/');
      properties.unshift(`file=${escapeProperty(terminalSafe(file))}`, ...(finding.source.line === undefined ? [] : [`line=${finding.source.line}`]));
    }
    const urls = finding.urls.length > 0 ? ` URLs: ${finding.urls.slice(0, 10).join(' ')}${finding.urls.length > 10 ? ` … ${finding.urls.length - 10} more` : ''}` : '';
    return `::${COMMANDS[finding.severity]} ${properties.join(',')}::${escapeData(terminalSafe(finding.message + urls))}`;
  });
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}
