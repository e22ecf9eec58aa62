/**
 * The `audit: true` step of `astro build`: the finished output checked as crawlers will see
 * it (`robots-kit check`), at the URL the site is served at (`site` and `base`), and as a
 * preview when the build is not indexable.
 */
// `/build`'s loader, not the main entry: the audit without zod, the CLI and the logs report.
import { explainPageSources, loadAudit, type PageExplanation } from '@robots-kit/core/internal/build';
import { relative, resolve } from 'node:path';
import { AstroError } from 'astro/errors';
import { PACKAGE_NAME } from './errors.js';
import { PAGE_LOG, type IntegrationState, type PageLog } from './state.js';

/**
 * Checks the built site in `dir`, prints the summary through Astro's logger, one line per
 * finding at its severity, and fails the build when a finding is an error, as the CLI does by
 * default. A non-indexable (preview) build is checked for what it must guarantee: that no
 * page can be indexed; its `Disallow: /` and `noindex, nofollow` are what it is for.
 */
export async function runAudit(state: IntegrationState, dir: string): Promise<void> {
  const { options, logger } = state;
  const site = auditSiteUrl(options.site, state.base);
  const { auditSite, auditLogLines, writeAuditHtml } = await loadAudit();
  const report = await auditSite(dir, {
    ...(site === undefined ? {} : { site }),
    trailingSlash: state.trailingSlash,
    indexable: options.indexable,
    // Routes rendered on request have no file in the output: their sitemap URLs are not missing.
    onDemandPaths: state.onDemandPaths,
  });
  if (!options.indexable) logger.info('This build is not indexable, so the audit checks that no page can be indexed.');
  const { lines, errors } = auditLogLines(report);
  for (const line of lines) logger[line.level](line.message);
  // `audit: { html }`: the report page, written before a failing audit stops the build, so it can show why.
  if (typeof options.audit === 'object') {
    const explanations = (globalThis as Record<symbol, Partial<ReportPageLog> | undefined>)[PAGE_LOG]?.explanations;
    const file = await writeAuditHtml(
      report,
      resolve(state.root, options.audit.html),
      explanations ? { explanations } : {},
    );
    logger.info(`HTML audit report written to ${relative(process.cwd(), file) || file}.`);
  }
  if (errors > 0) {
    throw new AstroError(
      `[${PACKAGE_NAME}] The robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above).`,
      options.indexable
        ? 'Fix the pages it names, or set `audit: false` in the robots() options to build without the check.'
        : 'A preview build must keep every page out of search results: give the pages it names a noindex tag, or an X-Robots-Tag header through the `headers` option.',
    );
  }
}

/**
 * With `audit: { html }` in `astro build`: the middleware logs each page it resolves (see
 * `PAGE_LOG`), and where its directives came from goes into the report, beside what the built
 * file says. The explanation is made at once and kept small; the page itself is not kept.
 */
export function explainPagesForReport(getState: () => IntegrationState | undefined): void {
  const explanations = new Map<string, PageExplanation>();
  const log: ReportPageLog = {
    explanations,
    record(page) {
      const state = getState();
      if (state) explanations.set(page.url, explainPageSources(page, state.options).explanation);
    },
  };
  (globalThis as Record<symbol, PageLog | undefined>)[PAGE_LOG] = log;
}
/** The page log of a build with `audit: { html }`, read back by the audit: on `globalThis`, as Astro may load the integration more than once. */
interface ReportPageLog extends PageLog {
  explanations: Map<string, PageExplanation>;
}

/**
 * The URL the output folder is served at: `site` with Astro's `base` as its path
 * (`https://example.com/docs/`), so the audit maps files, sitemap entries and the robots.txt
 * `Sitemap:` line to the same URLs. Undefined without `site`: the audit then takes the origin
 * from robots.txt or the sitemap.
 */
function auditSiteUrl(site: string | undefined, base: string): string | undefined {
  if (site === undefined) return undefined;
  const path = base.endsWith('/') ? base : `${base}/`;
  return new URL(path.startsWith('/') ? path : `/${path}`, site).href;
}
