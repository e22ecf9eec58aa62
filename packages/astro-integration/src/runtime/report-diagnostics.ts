import type { HtmlDiagnostic } from '@robots-kit/core';
import type { AstroRuntimeLogger } from 'astro';

/**
 * Diagnostics that mean the output may not be what the author intended. A fragment (server
 * island, partial) or a Markdown page without `<head>` (core creates one) is normal in Astro.
 */
const WORTH_A_WARNING = new Set<HtmlDiagnostic['code']>(['multiple-heads', 'internal-error']);

export function reportDiagnostics(diagnostics: readonly HtmlDiagnostic[], pathname: string, logger: AstroRuntimeLogger | undefined): void {
  for (const diagnostic of diagnostics) {
    if (WORTH_A_WARNING.has(diagnostic.code)) logger?.warn(`${pathname}: ${diagnostic.message}`);
  }
}
