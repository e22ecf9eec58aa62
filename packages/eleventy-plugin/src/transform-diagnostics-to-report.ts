import type { HtmlDiagnostic } from '@robots-kit/core';

/** Diagnostics about a document that was changed, or that should have been. */
const ALWAYS_REPORTED = new Set(['no-head', 'multiple-heads', 'internal-error']);
/** Left alone on purpose: feed entries are fragments. Only a page's own output without a layout is really one. */
const REPORTED_FOR_WHOLE_PAGES = new Set(['fragment', 'not-html']);

const HINTS: Readonly<Record<string, string>> = {
  'no-head': ' Give the page a layout with a `<head>` to control where they go.',
};

/**
 * The diagnostics of `injectRobots` worth telling the user about, as messages naming
 * the template. `@11ty/eleventy-plugin-rss` runs transforms on each entry's content
 * (a fragment, under the post's own `page`), so a fragment is only reported for a
 * page's own output rendered without a layout.
 */
export function transformDiagnosticsToReport(
  diagnostics: readonly HtmlDiagnostic[],
  inputPath: string,
  wholePageWithoutLayout: boolean,
): string[] {
  return diagnostics
    .filter((diagnostic) => ALWAYS_REPORTED.has(diagnostic.code) || (wholePageWithoutLayout && REPORTED_FOR_WHOLE_PAGES.has(diagnostic.code)))
    .map((diagnostic) => `${inputPath}: ${diagnostic.message.replace(/^\[@robots-kit\/core\]\s*/, '')}${HINTS[diagnostic.code] ?? ''}`);
}
