/**
 * `@robots-kit/core/build`: what an adapter uses on every build, and nothing more: validating the
 * options, the robots.txt generator, the end-of-build report of options that reached no page, the
 * end-of-build warnings, writing a file atomically and explaining a page's sources. The audit, its
 * reports and the header-file writers are not here: an adapter imports them from
 * `@robots-kit/core` and `@robots-kit/core/adapter` only when the options use them, so a build
 * without `audit` or `headers` never loads them (issue 21: the import is paid on every build and
 * every `--serve` start). Stable within a minor version of the adapters, like `/adapter`.
 */
export { RobotsError, type RobotsErrorDetails, type RobotsWarning } from './errors.js';
export { detectIndexable, normalizeOptions, type IndexableDecision, type NormalizeContext } from './options/normalize.js';
export type { NormalizedRobotsOptions, RobotsOptions } from './options/schema.js';
export { isErrorPage, type PageToResolve } from './resolve/resolve-page.js';
export { explainPageSources, type PageExplanation } from './resolve/explain-page.js';
export { generateRobotsTxtReport, type RobotsTxtReport } from './robots-txt/generate.js';
export type { RobotsTxtOptions } from './robots-txt/options.js';
export { createConfigUsage, type ConfigUsage, type ConfigUsagePage } from './site/config-usage.js';
export { isNoindexPage, siteWarnings } from './site/site-warnings.js';
export { writeFileAtomic } from './site/output-files.js';
export type { HtmlPage } from './headers/plan.js';
