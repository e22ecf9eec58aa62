import type { HtmlDiagnostic } from '@robots-kit/core';

/** Diagnostics about a document that was changed, or that should have been. */
const ALWAYS_REPORTED = new Set(['no-head', 'multiple-heads', 'internal-error']);
/** Left alone on purpose: feed entries are fragments. Only a page rendered without a layout is really one. */
const REPORTED_WITHOUT_LAYOUT = new Set(['fragment', 'not-html']);

/**
 * The diagnostics of `injectRobots` worth telling the user about, as messages naming
 * the template. `@11ty/eleventy-plugin-rss` runs transforms on each entry's content
 * (a fragment, under the post's own `page`), so a fragment is only reported for a
 * page that has no layout: that page itself ships without robots tags.
 */
export function transformDiagnosticsToReport(
  diagnostics: readonly HtmlDiagnostic[],
  inputPath: string,
  hasLayout: boolean,
): string[] {
  return diagnostics
    .filter((diagnostic) => ALWAYS_REPORTED.has(diagnostic.code) || (!hasLayout && REPORTED_WITHOUT_LAYOUT.has(diagnostic.code)))
    .map((diagnostic) => `${inputPath}: ${diagnostic.message.replace(/^\[@robots-kit\/core\]\s*/, '')}`);
}
