/**
 * `@robots-kit/core/internal/adapter`: the parts the Astro integration and the Eleventy plugin share and a
 * site never calls directly — reading back written pages, writing output files atomically, the
 * end-of-build warnings and audit log lines, and the lower-level pieces of each concept. Stable
 * within a minor version of the adapters, not a public API of its own.
 */
export { suggest } from './errors.js';
export { isNoindex } from './directives/reconcile.js';
export { mergeDirectives } from './directives/types.js';
export { formatDirectiveDate, parseDirectiveDate, restoreImpossibleYamlDates } from './directives/dates.js';
export { isRobotsMetaName, KNOWN_CRAWLER_NAMES } from './directives/vocabulary.js';
export { matchesAnyGlob, validateGlob } from './glob.js';
export { DEFAULTS, robotsOptionsSchema, robotsTxtGroupSchema, robotsTxtOptionsSchema } from './options/schema.js';
export { isErrorPage } from './resolve/resolve-page.js';

export { extractProductToken, isValidProductToken } from './robots-txt/parse.js';
export { getPathParamsQuery } from './robots-txt/match.js';
export { MAX_LINE_BYTES, MAX_ROBOTS_TXT_BYTES } from './robots-txt/types.js';
export { AI_BOTS_REVIEWED } from './robots-txt/ai-bots.js';
export { NON_INDEXABLE_ROBOTS_TXT } from './robots-txt/generate.js';
export { validateRobotsTxtOptions } from './robots-txt/validate-options.js';

export { HEADER_TARGETS, headersOptionsSchema, validateHeadersOptions } from './headers/options.js';
export { matchHeaderPattern, parseHeadersFile, type HeaderLine, type HeadersFileHost } from './headers/headers-file.js';
export { matchVercelSource, readVercelHeaders, type VercelHeaderRule } from './headers/vercel.js';
export { readHtaccessHeaders, type HtaccessHeaderRule } from './headers/htaccess.js';

export { listOutputFiles, outputFileForUrl, writeFileAtomic } from './site/output-files.js';
export { writeHeaderFiles, type WriteHeaderFilesContext } from './site/write-header-files.js';
export {
  createConfigUsage,
  type ConfigUsage,
  type ConfigUsagePage,
  type ConfigUsageReportContext,
} from './site/config-usage.js';
export {
  capLines,
  findHiddenNoindex,
  isNoindexPage,
  readRobotsTags,
  siteWarnings,
  tagsRecord,
  type HiddenNoindex,
} from './site/site-warnings.js';

export { MAX_HTML_BYTES } from './audit/audit-site.js';
export { failsAt } from './audit/findings.js';
export { parseSitemap, type ParsedSitemap } from './audit/sitemaps.js';
export { DEFAULT_AUDIT_CRAWLERS } from './audit/verdict.js';
export { auditReportSchema } from './report/json.js';
export { auditLogLines, formatAuditSummary, type AuditLogLine } from './report/table.js';
export { formatGithubAnnotations } from './report/code-scanning.js';
export { formatAuditHtml, renderAuditHtml, writeAuditHtml, type AuditHtmlOptions } from './report/html.js';
export {
  inspectPage,
  type CrawlerInspection,
  type PageInspection,
  type PageInspectionInput,
  type RobotsTxtAnswer,
} from './audit/inspect-page.js';
export {
  explainPageSources,
  type DirectiveOrigin,
  type DirectiveOriginKind,
  type PageExplanation,
} from './resolve/explain-page.js';
export { runCli, type CliIo, type CliStream } from './cli/run-cli.js';
export type { CliFormat } from './cli/args.js';

// What @robots-kit/logs reads from core: the audit's file reading, findings wording, report
// helpers and the command line's conventions, so that its messages and reports read as the audit's.
export { ownString, readBytes } from './audit/read-files.js';
export { codeSpan, joinLimited, plural, SEVERITY_ORDER, severityCounts, shorten } from './audit/findings.js';
export { readRobotsTxt } from './audit/page-facts.js';
export { sarifLog } from './report/code-scanning.js';
export { toSafeJson } from './report/json.js';
export { escapeHtml } from './report/html.js';
export { formatTableRows, makeColors, reportHeading, terminalSafe, verdictLine, type Colors } from './report/table.js';
export { translateParseError, useColor } from './cli/args.js';
