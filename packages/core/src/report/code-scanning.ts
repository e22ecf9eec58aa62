/** The audit report for CI code scanning: SARIF and GitHub annotations. */
import path from 'node:path';
import { AUDIT_FINDINGS } from '../audit/findings.js';
import { toSafeJson } from './json.js';
import type { AuditReport, AuditSeverity } from '../audit/types.js';
import { terminalSafe } from './table.js';
import { readFileSync } from 'node:fs';

/** robots-kit's version, read once from core's package.json (dist/report and src/report sit at the same depth). */
export const ROBOTS_KIT_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const LEVELS: Record<AuditSeverity, string> = { error: 'error', warning: 'warning', info: 'note' };
/** What a SARIF rule needs from a findings catalogue (the audit's and the logs' have this shape). */
type SarifCatalogue<Id extends string> = Readonly<
  Record<Id, { title: string; description: string; severity: AuditSeverity }>
>;
/** What a SARIF result needs from a finding (audit and logs findings both have this shape). */
interface SarifFinding<Id extends string> {
  id: Id;
  severity: AuditSeverity;
  message: string;
  urls: readonly string[];
  source?: { file: string; line?: number } | undefined;
}
/**
 * A SARIF 2.1.0 log for code-scanning tools: one rule per catalogue id, one result per finding,
 * located at the file to fix (`source.file` is relative to `root`; the URI to `cwd`), with the
 * URLs in the message.
 */
export function sarifLog<Id extends string>(
  tool: string,
  catalogue: SarifCatalogue<Id>,
  findings: ReadonlyArray<SarifFinding<Id>>,
  root: string,
  cwd: string,
): string {
  const ids = Object.keys(catalogue) as Id[];
  const rules = ids.map((id) => ({
    id,
    name: id,
    shortDescription: { text: catalogue[id].title },
    fullDescription: { text: catalogue[id].description },
    defaultConfiguration: { level: LEVELS[catalogue[id].severity] },
  }));
  const results = findings.map((finding) => {
    const urls =
      finding.urls.length > 0
        ? ` URLs: ${finding.urls.slice(0, 20).join(' ')}${finding.urls.length > 20 ? ` … ${finding.urls.length - 20} more` : ''}`
        : '';
    return {
      ruleId: finding.id,
      ruleIndex: ids.indexOf(finding.id),
      level: LEVELS[finding.severity],
      message: { text: finding.message + urls },
      ...(finding.source
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: {
                    uri: path
                      .relative(cwd, path.resolve(cwd, root, finding.source.file))
                      .split(path.sep)
                      .map(encodeURIComponent)
                      .join('/'),
                  },
                  ...(finding.source.line === undefined ? {} : { region: { startLine: finding.source.line } }),
                },
              },
            ],
          }
        : {}),
    };
  });
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool,
            version: ROBOTS_KIT_VERSION,
            semanticVersion: ROBOTS_KIT_VERSION,
            informationUri: 'https://www.npmjs.com/package/@robots-kit/core',
            rules,
          },
        },
        results,
      },
    ],
  };
  return toSafeJson(sarif);
}
/** The audit report as SARIF 2.1.0, located at the files to fix relative to `cwd`. */
export function formatAuditSarif(report: AuditReport, cwd = process.cwd()): string {
  return sarifLog('robots-kit', AUDIT_FINDINGS, report.findings, report.directory, cwd);
}

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
      const file = path
        .relative(cwd, path.resolve(cwd, report.directory, finding.source.file))
        .split(path.sep)
        .join('/');
      properties.unshift(
        `file=${escapeProperty(terminalSafe(file))}`,
        ...(finding.source.line === undefined ? [] : [`line=${finding.source.line}`]),
      );
    }
    const urls =
      finding.urls.length > 0
        ? ` URLs: ${finding.urls.slice(0, 10).join(' ')}${finding.urls.length > 10 ? ` … ${finding.urls.length - 10} more` : ''}`
        : '';
    return `::${COMMANDS[finding.severity]} ${properties.join(',')}::${escapeData(terminalSafe(finding.message + urls))}`;
  });
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}
