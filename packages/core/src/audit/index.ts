export type {
  AuditFinding,
  AuditFindingId,
  AuditLocation,
  AuditOptions,
  AuditPage,
  AuditReport,
  AuditSeverity,
  AuditSitemap,
  AuditSummary,
  CrawlerVerdict,
  DecisionReasons,
  DecisionSource,
  TrailingSlash,
} from './types.js';
export { auditSite, MAX_HTML_BYTES } from './audit-site.js';
export { AUDIT_FINDINGS, type AuditFindingDescription } from './finding-catalog.js';
export { DEFAULT_AUDIT_CRAWLERS } from './normalize-crawlers.js';
export { AUDIT_REPORT_JSON_SCHEMA, auditReportSchema } from './report-schema.js';
export { formatAuditSummary } from './format-audit-summary.js';
export { formatAuditTable, type AuditTableOptions } from './format-audit-table.js';
export { formatAuditJson } from './format-audit-json.js';
export { formatAuditSarif } from './format-audit-sarif.js';
export { formatGithubAnnotations } from './format-github-annotations.js';
export { failsAt } from './fails-at.js';
export { runCli, type CliIo, type CliStream } from './run-cli.js';
export type { CliFormat, FailOn } from './parse-cli-args.js';
export { parseSitemap, type ParsedSitemap } from './parse-sitemap.js';
export { auditLogLines, type AuditLogLine } from './audit-log-lines.js';
