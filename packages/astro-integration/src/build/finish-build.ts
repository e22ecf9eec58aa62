import { runAudit } from '../audit/run-audit.js';
import type { IntegrationState } from '../state.js';

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
