export { RobotsError, type RobotsErrorDetails } from './errors/robots-error.js';
export type { RobotsWarning } from './errors/robots-warning.js';
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
export { parseRobots, type ParseRobotsOptions } from './directives/parse-robots.js';
export { reconcile } from './directives/reconcile.js';
export { formatDirectives, isNoindex } from './directives/format-directives.js';
export { mergeDirectives } from './directives/merge-directives.js';
export { parseDirectiveDate, formatDirectiveDate } from './directives/parse-date.js';
export { KNOWN_CRAWLER_NAMES, isRobotsMetaName } from './directives/known-crawlers.js';
export { DEFAULTS } from './options/defaults.js';
export { detectIndexable, type IndexableDecision } from './options/detect-indexable.js';
export { matchesAnyGlob, validateGlob } from './options/glob.js';
export { normalizeOptions, type NormalizeContext } from './options/normalize-options.js';
export type { NormalizedRobotsOptions } from './options/normalized-options.js';
export { robotsOptionsSchema, type RobotsOptions } from './options/options-schema.js';
export { isErrorPage } from './resolve/is-error-page.js';
export { resolvePage, resolvePageDetailed } from './resolve/resolve-page.js';
export type { PageToResolve, ResolvedPage } from './resolve/page.js';
export * from './robots-txt/index.js';
export * from './html/index.js';
export * from './audit/index.js';
export * from './headers/index.js';
export * from './site/index.js';
