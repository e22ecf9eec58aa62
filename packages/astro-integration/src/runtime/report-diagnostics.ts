import type { HtmlDiagnostic, RobotsWarning } from '@robots-kit/core';
import type { AstroRuntimeLogger } from 'astro';

/**
 * Diagnostics that mean the output may not be what the author intended. A fragment (server
 * island, partial) or a Markdown page without `<head>` (core creates one) is normal in Astro.
 */
const WORTH_A_WARNING = new Set<HtmlDiagnostic['code']>(['multiple-heads', 'internal-error']);

/** One warning line per problem that did not fail the page, prefixed with the page's path. */
export function reportDiagnostics(
  page: { diagnostics: readonly HtmlDiagnostic[]; warnings: readonly RobotsWarning[] },
  pathname: string,
  logger: AstroRuntimeLogger | undefined,
): void {
  for (const diagnostic of page.diagnostics) {
    if (WORTH_A_WARNING.has(diagnostic.code)) logger?.warn(`${pathname}: ${diagnostic.message}`);
  }
  for (const warning of page.warnings) logger?.warn(`${pathname}: ${warning.message}`);
}
