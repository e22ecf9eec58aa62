/**
 * `@robots-kit/core/build`: what an adapter uses on every build, and nothing more: validating the
 * options, the robots.txt generator, the end-of-build report of options that reached no page, the
 * end-of-build warnings and explaining a page's sources. The audit, its reports and the
 * header-file writers are not here: an adapter imports them from `@robots-kit/core` and
 * `@robots-kit/core/adapter` only when the options use them, so a build without `audit` or
 * `headers` never loads them; zod loads only when the options need its error messages (issue 21:
 * the import is paid on every build and every `--serve` start). Stable within a minor version of
 * the adapters, like `/adapter`.
 */
import { isNormalized, normalizeOptionsFast, type NormalizeContext } from './options/complete.js';
import type { NormalizedRobotsOptions } from './options/schema.js';

export { RobotsError, type RobotsErrorDetails, type RobotsWarning } from './errors.js';
export { detectIndexable, normalizeOptionsFast, type IndexableDecision, type NormalizeContext } from './options/complete.js';
export type { NormalizedRobotsOptions, RobotsOptions } from './options/schema.js';
export { isErrorPage, type PageToResolve } from './resolve/resolve-page.js';
export { explainPageSources, type PageExplanation } from './resolve/explain-page.js';
export { generateRobotsTxtReport, type RobotsTxtReport } from './robots-txt/generate.js';
export type { RobotsTxtOptions } from './robots-txt/options.js';
export { createConfigUsage, type ConfigUsage, type ConfigUsagePage } from './site/config-usage.js';
export { isNoindexPage, siteWarnings } from './site/site-warnings.js';
export type { HtmlPage } from './headers/plan.js';

/**
 * The output-file helpers: `writeHeaderFiles` and `writeFileAtomic`, with the header writers
 * beside them. Loaded on demand, and only these: importing `@robots-kit/core/adapter` for them
 * would also load the audit, its reports and the logs (about 250 modules).
 */
export async function loadOutputFiles(): Promise<typeof import('./site/output-files.js')> {
  return await import('./site/output-files.js');
}
/**
 * `normalizeOptions` of the main entry, loading zod only when the options need it: options the
 * plain check vouches for are normalized at once (with `headers`, once the headers validator is
 * loaded, without zod); others (a bad value, an unusual form) load zod's schema with `import()`,
 * which then returns the same result as the main entry or throws its error, word for word.
 */
export async function normalizeOptionsAsync(userOptions: unknown = {}, context: NormalizeContext = {}): Promise<NormalizedRobotsOptions> {
  const headers = needsHeadersChecks(userOptions) ? await import('./headers/options.js') : undefined;
  return normalizeOptionsFast(userOptions, context, headers) ?? (await import('./options/normalize.js')).normalizeOptionsWithSchema(userOptions, context);
}
/** Options that set `headers` and are not normalized yet: the plain path needs the headers validator for them. */
function needsHeadersChecks(userOptions: unknown): boolean {
  return typeof userOptions === 'object' && userOptions !== null && (userOptions as { headers?: unknown }).headers !== undefined && !isNormalized(userOptions);
}
/**
 * `normalizeOptions` for callers that cannot wait (the Eleventy plugin's `robotsIndexable`
 * function): the plain check first (with the headers validator, loaded synchronously, when the
 * options set `headers`), and when it gives up, the zod module loaded synchronously with
 * `require()` of this ES module (Node ≥ 22.12; the same module instance `import()` gives).
 */
export function normalizeOptions(userOptions: unknown = {}, context: NormalizeContext = {}): NormalizedRobotsOptions {
  const load = (file: string): unknown => process.getBuiltinModule('node:module').createRequire(import.meta.url)(file);
  const headers = needsHeadersChecks(userOptions) ? (load('./headers/options.js') as typeof import('./headers/options.js')) : undefined;
  const fast = normalizeOptionsFast(userOptions, context, headers);
  if (fast !== undefined) return fast;
  return (load('./options/normalize.js') as typeof import('./options/normalize.js')).normalizeOptionsWithSchema(userOptions, context);
}
