import { auditSite, failsAt, formatAuditSummary, RobotsError, type AuditSeverity } from '@robots-kit/core';
import type { EleventyLogger } from '../eleventy-types.js';
import { PLUGIN_NAME } from '../plugin-name.js';
import { reportWarnings, type LogLevel } from '../report-warnings.js';

const LOG_LEVEL: Record<AuditSeverity, LogLevel> = { error: 'error', warning: 'warn', info: 'info' };

/**
 * The `audit: true` step: checks the written site as crawlers will see it (`robots-kit
 * check`), logs the summary through Eleventy's logger, one line per finding at its
 * severity, and fails the build when a finding is an error, as the CLI does by default.
 */
export async function runAudit(outputDir: string, site: string | undefined, logger: EleventyLogger | undefined): Promise<void> {
  const report = await auditSite(outputDir, site === undefined ? {} : { site });
  const [headline = '', ...findingLines] = formatAuditSummary(report);
  // Logged every build, even when the same as last time.
  const reported = new Set<string>();
  reportWarnings([headline], logger, reported, 'info');
  report.findings.forEach((finding, i) => reportWarnings([findingLines[i] ?? finding.message], logger, reported, LOG_LEVEL[finding.severity]));
  if (failsAt(report, 'error')) {
    const errors = report.findings.filter((finding) => finding.severity === 'error').length;
    throw new RobotsError({
      code: 'audit-failed',
      package: PLUGIN_NAME,
      source: outputDir,
      problem: `the robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above)`,
      expected: 'none: fix the pages it names, or set `audit: false` in the plugin options to build without the check',
    });
  }
}
