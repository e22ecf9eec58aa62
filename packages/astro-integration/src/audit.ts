/**
 * The last step of `astro build`: with `audit: true`, check the finished output as crawlers
 * will see it, once our own `astro:build:done` and every wrapped `@astrojs/sitemap` hook have
 * run. Its own module because both of those call it (build-done.ts and sitemap.ts).
 */
import { auditSite, type TrailingSlash } from '@robots-kit/core';
import { auditLogLines } from '@robots-kit/core/adapter';
import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import type { IntegrationState } from './state.js';

/**
 * The last step of a build, run once both our `astro:build:done` and every wrapped
 * `@astrojs/sitemap` hook have run, in whichever order they were listed: with `audit: true`,
 * the audit then sees the finished output, sitemap included.
 */
export async function finishBuild(state: IntegrationState): Promise<void> {
  const build = state.build;
  if (!build || build.finished || build.dir === undefined || build.sitemapsPending > 0) return;
  build.finished = true;
  if (!state.options.audit) return;
  if (!state.options.indexable) {
    state.logger.info('The robots-kit audit was skipped: this build is not indexable, so every page is noindex and robots.txt disallows everything, on purpose.');
    return;
  }
  await runAudit(build.dir, state.options.site, state.trailingSlash, state.logger);
}

/**
 * The `audit: true` step: checks the built site as crawlers will see it (`robots-kit check`),
 * prints the summary through Astro's logger, one line per finding at its severity, and fails
 * the build when a finding is an error, as the CLI does by default.
 */
async function runAudit(dir: string, site: string | undefined, trailingSlash: TrailingSlash, logger: AstroIntegrationLogger): Promise<void> {
  const { lines, errors } = auditLogLines(await auditSite(dir, { site, trailingSlash }));
  for (const line of lines) logger[line.level](line.message);
  if (errors > 0) {
    throw new AstroError(
      `[@robots-kit/astro] The robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above).`,
      'Fix the pages it names, or set `audit: false` in the robots() options to build without the check.',
    );
  }
}
