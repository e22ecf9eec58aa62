/**
 * `@robots-kit/core/internal/build`: what an adapter uses on every build, and nothing more: validating the
 * options, the robots.txt generator, the end-of-build report of options that reached no page, the
 * end-of-build warnings and explaining a page's sources. The audit, its reports, the header-file
 * writers and the sitemap reader are not in it: the loaders below import them only when the
 * options use them, so a build without `audit` or `headers` never loads them. The options
 * schema (with zod) loads at the first `normalizeOptions` call, not with this module: importing
 * an adapter stays cheap for tools that only read its exports (issue 21: the import is paid on
 * every build and every `--serve` start). Stable within a minor version of the adapters, like
 * `/adapter`.
 */
import type { NormalizeContext } from './options/normalize.js';
import type { NormalizedRobotsOptions } from './options/schema.js';

export { RobotsError, suggest, type RobotsErrorDetails, type RobotsWarning } from './errors.js';
export { restoreImpossibleYamlDates } from './directives/dates.js';
export { DEFAULTS } from './options/defaults.js';
export { detectIndexable, type IndexableDecision } from './options/indexable.js';
export type { NormalizeContext } from './options/normalize.js';
export type { NormalizedRobotsOptions, RobotsOptions } from './options/schema.js';
export { isErrorPage, resolvePageTags, type PageToResolve } from './resolve/resolve-page.js';
export { explainPageSources, type PageExplanation } from './resolve/explain-page.js';
export { generateRobotsTxtReport, type RobotsTxtReport } from './robots-txt/generate.js';
export type { RobotsTxtOptions } from './robots-txt/options.js';
export { createConfigUsage, type ConfigUsage, type ConfigUsagePage } from './site/config-usage.js';
export { capLines, isNoindexPage, readRobotsTags, siteWarnings, tagsRecord } from './site/site-warnings.js';
export type { HtmlPage } from './headers/plan.js';
export { BUILD_MANIFEST_FILE, writeBuildManifest, type BuildManifest } from './audit/site-urls.js';
export { loadTemplateParser } from './html/template-contents.js';

/**
 * The output-file helpers (`writeFileAtomic`, `listOutputFiles`, `outputFileForUrl`), without the
 * header writers. Loaded on demand, and only these: importing `@robots-kit/core/internal/adapter`
 * for them would also load the audit and its reports.
 */
export async function loadOutputFiles(): Promise<typeof import('./site/output-files.js')> {
  return await import('./site/output-files.js');
}
/**
 * `writeHeaderFiles`, with the header writers (`headers/generate.js` and each host's format),
 * loaded on demand: only a build whose options ask for header files (`headers`) loads them.
 */
export async function loadHeaderFileWriter(): Promise<typeof import('./site/write-header-files.js')> {
  return await import('./site/write-header-files.js');
}
/**
 * `outputFileForUrl` of the output-file helpers, for callers that cannot wait (`@astrojs/sitemap`
 * calls its `filter` synchronously): the helpers load with `require()` of their ES module the
 * first time (Node ≥ 22.12; in Node, the module instance {@link loadOutputFiles} gives; under
 * Vite, which may load a linked package itself, possibly a copy, which is harmless here: the
 * function keeps no state and throws no error a caller checks).
 */
export function outputFileForUrl(dir: string, url: string, base?: string): string | undefined {
  outputFiles ??= loadSync('./site/output-files.js') as typeof import('./site/output-files.js');
  return outputFiles.outputFileForUrl(dir, url, base);
}
let outputFiles: typeof import('./site/output-files.js') | undefined;
/**
 * The sitemap reader (`parseSitemap`, with htmlparser2), loaded on demand: for the adapters that
 * check the sitemaps another integration wrote.
 */
export async function loadSitemapReader(): Promise<typeof import('./audit/sitemaps.js')> {
  return await import('./audit/sitemaps.js');
}
/**
 * The plain-sitemap reader alone (`readPlainSitemap`: one module, no parser), loaded on demand:
 * it reads every sitemap a generator writes, and answers `undefined` for the others, which then
 * need {@link loadSitemapReader}. Loading htmlparser2 for the usual file cost 27 ms of CPU a build.
 */
export async function loadPlainSitemapReader(): Promise<typeof import('./audit/plain-sitemap.js')> {
  return await import('./audit/plain-sitemap.js');
}
/**
 * The audit and what an adapter shows of it (`audit` option), loaded on demand: `auditSite` (as
 * the main entry's), `auditLogLines`, `renderAuditHtml` and `writeAuditHtml` (as `/adapter`'s),
 * without the zod schemas and the CLI that those entries bring.
 */
export async function loadAudit(): Promise<
  Pick<typeof import('./audit/audit-site.js'), 'auditSite'> &
    Pick<typeof import('./report/table.js'), 'auditLogLines'> &
    Pick<typeof import('./report/html.js'), 'renderAuditHtml' | 'writeAuditHtml'>
> {
  const [site, table, html] = await Promise.all([
    import('./audit/audit-site.js'),
    import('./report/table.js'),
    import('./report/html.js'),
  ]);
  return {
    auditSite: site.auditSite,
    auditLogLines: table.auditLogLines,
    renderAuditHtml: html.renderAuditHtml,
    writeAuditHtml: html.writeAuditHtml,
  };
}
/** One of this package's modules, loaded synchronously (`require()` of an ES module, Node ≥ 22.12). */
function loadSync(file: string): unknown {
  return process.getBuiltinModule('node:module').createRequire(import.meta.url)(file);
}
let options: typeof import('./options/normalize.js') | undefined;
/**
 * `normalizeOptions` of the main entry, the same function: the options schema module (and zod)
 * is loaded at the first call, with `require()` of its ES module (Node ≥ 22.12; the instance
 * `import` gives, so its errors are the main entry's `RobotsError`).
 */
export function normalizeOptions(userOptions: unknown = {}, context: NormalizeContext = {}): NormalizedRobotsOptions {
  options ??= loadSync('./options/normalize.js') as typeof import('./options/normalize.js');
  return options.normalizeOptions(userOptions, context);
}
