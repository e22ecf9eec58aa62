import { auditLogLines, auditSite, RobotsError } from '@robots-kit/core';
import type { EleventyLogger } from '../eleventy-types.js';
import { PLUGIN_NAME } from '../plugin-name.js';
import { reportWarnings } from '../report-warnings.js';

/**
 * The `audit: true` step: checks the written site as crawlers will see it (`robots-kit
 * check`), logs the summary through Eleventy's logger, one line per finding at its
 * severity, and fails the build when a finding is an error, as the CLI does by default.
 */
export async function runAudit(outputDir: string, site: string | undefined, logger: EleventyLogger | undefined): Promise<void> {
  const { lines, errors } = auditLogLines(await auditSite(outputDir, site === undefined ? {} : { site }));
  // Logged every build, even when the same as last time.
  const reported = new Set<string>();
  for (const line of lines) reportWarnings([line.message], logger, reported, line.level);
  if (errors > 0) {
    throw new RobotsError({
      code: 'audit-failed',
      package: PLUGIN_NAME,
      source: outputDir,
      problem: `the robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above)`,
      expected: 'none: fix the pages it names, or set `audit: false` in the plugin options to build without the check',
    });
  }
}
