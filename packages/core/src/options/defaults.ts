/** Every default of robots-kit, in one place. */
export const DEFAULTS = {
  /** The front matter / data key that holds a page's own directives. */
  frontMatterKey: 'robots',
  /** The extra Googlebot tag of the functional specification, for indexable pages. */
  googlebot: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
  /** What a content-type rule (`noindex.collections` / `noindex.paths`) gives a page. */
  contentTypeNoindex: 'noindex, follow',
  /** What every page of a non-indexable (preview or staging) build carries. */
  nonIndexable: 'noindex, nofollow',
  strict: true,
} as const;
