/**
 * `@robots-kit/core`: what a site or tool calls. Directives (parse, reconcile, format), page
 * resolution, the HTML head transform, robots.txt (generate, parse, match like Google), X-Robots-Tag
 * header files and the audit. Plumbing that only the Astro and Eleventy adapters (and
 * `@robots-kit/logs`) need lives in `@robots-kit/core/internal/adapter`.
 */
import { normalizeOptions } from './options/normalize.js';
import type { NormalizedRobotsOptions, RobotsOptions } from './options/schema.js';
import { resolvePageTags, type PageToResolve, type ResolvedPage } from './resolve/resolve-page.js';

export { RobotsError, type RobotsErrorDetails, type RobotsWarning } from './errors.js';
export type {
  Directives,
  ExistingRobotsTag,
  FlagDirective,
  ImagePreview,
  ParsedRobots,
  RobotsInput,
  RobotsObject,
  RobotsSource,
} from './directives/types.js';
export { parseRobots, type ParseRobotsOptions } from './directives/parse.js';
export { formatDirectives, reconcile } from './directives/reconcile.js';
export {
  detectIndexable,
  normalizeOptions,
  type IndexableDecision,
  type NormalizeContext,
} from './options/normalize.js';
export type { NormalizedRobotsOptions, RobotsOptions } from './options/schema.js';
export type { PageToResolve, ResolvedPage } from './resolve/resolve-page.js';

export { injectRobots } from './html/inject.js';
export { rehypeRobots, type RehypeRobotsOptions } from './html/rehype-robots.js';
export type {
  HtmlDiagnostic,
  HtmlDiagnosticCode,
  InjectRobotsOptions,
  InjectRobotsResult,
  ResolveRobotsTags,
} from './html/types.js';

export { parseRobotsTxt } from './robots-txt/parse.js';
export { explainMatch, findGroupTraps, isAllowed } from './robots-txt/match.js';
export { generateRobotsTxt, generateRobotsTxtReport, type RobotsTxtReport } from './robots-txt/generate.js';
export { AI_BOTS, type AiBot, type AiBotPurpose } from './robots-txt/ai-bots.js';
export type {
  ParsedRobotsGroup,
  ParsedRobotsOtherLine,
  ParsedRobotsRule,
  ParsedRobotsSitemap,
  ParsedRobotsTxt,
  ParsedRobotsUserAgent,
  ParseRobotsTxtOptions,
  RobotsDecidingRule,
  RobotsGroupTrap,
  RobotsKeyType,
  RobotsMatchExplanation,
  RobotsOtherKey,
  RobotsTxtDiagnostic,
  RobotsTxtDiagnosticCode,
} from './robots-txt/types.js';
export type {
  ContentSignalOptions,
  ContentSignalValue,
  ContentUsageOptions,
  RobotsTxtContext,
  RobotsTxtGroupOptions,
  RobotsTxtOptions,
} from './robots-txt/options.js';

export {
  generateHeaderFiles,
  type HeaderFile,
  type HeaderFileBase,
  type HeaderFilesContext,
} from './headers/generate.js';
export type { HeadersOptions, HeaderTarget, NormalizedHeadersOptions } from './headers/options.js';
export type { HtmlPage } from './headers/plan.js';

export { auditSite } from './audit/audit-site.js';
export { checkLiveSite, type LiveCheckOptions, type LiveCheckResult } from './audit/live/check-live.js';
export { AUDIT_FINDINGS, type AuditFindingDescription, type FailOn } from './audit/findings.js';
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
} from './audit/types.js';
export { formatAuditTable, type AuditTableOptions } from './report/table.js';
export { AUDIT_REPORT_JSON_SCHEMA, formatAuditJson } from './report/json.js';
export { formatAuditSarif } from './report/code-scanning.js';

/**
 * The tags a page must carry, with the warnings met on the way: its sources (defaults, content
 * types, rules, front matter, existing tags) combined, the most restrictive directive winning.
 * `options` are validated first (once per object: normalized options pass straight through).
 * Here rather than in resolve/resolve-page.ts, which holds no validation code so that the
 * runtime entry (`@robots-kit/core/internal/runtime`) resolves pages without loading zod.
 */
export function resolvePageDetailed(
  page: PageToResolve,
  options: RobotsOptions | NormalizedRobotsOptions,
): ResolvedPage {
  return resolvePageTags(page, normalizeOptions(options));
}
/** The tags a page must carry, as meta name → content: `{ robots: 'noindex, follow' }`; `{}` for error pages. */
export function resolvePage(
  page: PageToResolve,
  options: RobotsOptions | NormalizedRobotsOptions,
): Record<string, string> {
  return resolvePageDetailed(page, options).tags;
}
