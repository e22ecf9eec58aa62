import { auditLogLines, auditSite, type TrailingSlash } from '@robots-kit/core';
import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';

/**
 * The `audit: true` step: checks the built site as crawlers will see it (`robots-kit check`),
 * prints the summary through Astro's logger, one line per finding at its severity, and fails
 * the build when a finding is an error, as the CLI does by default.
 */
export async function runAudit(dir: string, site: string | undefined, trailingSlash: TrailingSlash, logger: AstroIntegrationLogger): Promise<void> {
  const { lines, errors } = auditLogLines(await auditSite(dir, { site, trailingSlash }));
  for (const line of lines) logger[line.level](line.message);
  if (errors > 0) {
    throw new AstroError(
      `[@robots-kit/astro] The robots-kit audit found ${errors === 1 ? '1 error' : `${errors} errors`} in the build output (listed above).`,
      'Fix the pages it names, or set `audit: false` in the robots() options to build without the check.',
    );
  }
}
