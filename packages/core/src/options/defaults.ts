/**
 * Every default of robots-kit, in one place. A module of its own, with no validation code in
 * it, because the runtime entry (`@robots-kit/core/internal/runtime`) reads these defaults on every
 * request and must not load zod to get them.
 */
import { NON_INDEXABLE_DIRECTIVES } from '../directives/vocabulary.js';

/** Every default of robots-kit. */
export const DEFAULTS = {
  /** The front matter / data key that holds a page's own directives. */
  frontMatterKey: 'robots',
  /** The extra Googlebot tag of the functional specification, for indexable pages. */
  googlebot: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
  /** What a content-type rule (`noindex.collections` / `noindex.paths`) gives a page. */
  contentTypeNoindex: 'noindex, follow',
  /** What every page of a non-indexable (preview or staging) build carries. */
  nonIndexable: NON_INDEXABLE_DIRECTIVES,
  /** Unknown directives in the user's own input fail rather than warn. */
  strict: true,
  /** The HTML audit report `audit: { html: true }` writes, relative to the project folder (not the output, which is deployed). */
  auditHtml: 'robots-kit-report.html',
} as const;
