/** Start tags the "in head" insertion mode keeps in the head; any other opens the body. */
export const IN_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
]);

/** Start tags that, met after `</head>`, browsers still put into the head. */
export const AFTER_HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'noframes',
  'script',
  'style',
  'template',
  'title',
]);

/** End tags that, before the body, act like content and open it. */
export const BODY_OPENING_END_TAGS: ReadonlySet<string> = new Set(['body', 'html', 'br']);
