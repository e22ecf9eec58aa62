/**
 * What the tree builder knows of each tag name, for the stack of open elements
 * (element-stack.ts): the spec's lists (void, special, scope boundaries, implied end tags, the
 * start tags that close a `p` or leave SVG/MathML) as bits per name, and names as small numbers
 * (ids), so that a start tag costs one Map lookup and no string comparison.
 */
/** Elements that never have contents: never pushed. */
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Start tags that close an open `p` (in button scope) first. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'ul',
  'xmp',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dd',
  'dt',
  'li',
  'plaintext',
]);
export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** The spec's "special" elements: an end tag for another element stops at them. */
const SPECIAL = new Set([
  'address',
  'applet',
  'area',
  'article',
  'aside',
  'base',
  'basefont',
  'bgsound',
  'blockquote',
  'body',
  'br',
  'button',
  'caption',
  'center',
  'col',
  'colgroup',
  'dd',
  'details',
  'dir',
  'div',
  'dl',
  'dt',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'frame',
  'frameset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hgroup',
  'hr',
  'html',
  'iframe',
  'img',
  'input',
  'keygen',
  'li',
  'link',
  'listing',
  'main',
  'marquee',
  'menu',
  'meta',
  'nav',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'ol',
  'p',
  'param',
  'plaintext',
  'pre',
  'script',
  'search',
  'section',
  'select',
  'source',
  'style',
  'summary',
  'table',
  'tbody',
  'td',
  'template',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'track',
  'ul',
  'wbr',
  'xmp',
]);
/** The default scope's boundaries: an element below one of them is not "in scope". */
const SCOPE = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template']);
/** Elements whose end tag may be omitted and is implied by a following start or end tag. */
const IMPLIED_END = new Set(['dd', 'dt', 'li', 'optgroup', 'option', 'p', 'rb', 'rp', 'rt', 'rtc']);
/** HTML start tags that leave SVG or MathML content (the spec's breakout list: the tree builder pops the foreign elements first). */
export const BREAKS_FOREIGN: ReadonlySet<string> = new Set([
  'b',
  'big',
  'blockquote',
  'body',
  'br',
  'center',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'embed',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'hr',
  'i',
  'img',
  'li',
  'listing',
  'menu',
  'meta',
  'nobr',
  'ol',
  'p',
  'pre',
  'ruby',
  's',
  'small',
  'span',
  'strong',
  'strike',
  'sub',
  'sup',
  'table',
  'tt',
  'u',
  'ul',
  'var',
]);
/** What the tree builder needs to know of a tag name, as bits: one Map lookup per tag instead of a Set per question. */
export const Flag = {
  Void: 1,
  ClosesP: 2,
  Heading: 4,
  Special: 8,
  Scope: 16,
  ImpliedEnd: 32,
  BreaksForeign: 64,
  /** `button`: a boundary of button scope. */
  Button: 128,
  /** `ol`, `ul`: boundaries of list item scope. */
  List: 256,
  /** `address`, `div`, `p`: special, but `<li>` looks past them. */
  ItemTransparent: 512,
  /** `html`, `body`, `head`: never on the stack. */
  Root: 1024,
  /** Start tags with a rule of their own in `beforeStart`: li, dd, dt, option, optgroup, button. */
  OwnRule: 2048,
  /** Special elements whose end tag closes them when they are in scope; the text elements' are "any other end tag". */
  ScopedEnd: 4096,
} as const;
const FLAGS = new Map<string, number>();
function mark(names: Iterable<string>, flag: number): void {
  for (const name of names) FLAGS.set(name, (FLAGS.get(name) ?? 0) | flag);
}
mark(VOID, Flag.Void);
mark(CLOSES_P, Flag.ClosesP);
mark(HEADINGS, Flag.Heading);
mark(SPECIAL, Flag.Special);
mark(SCOPE, Flag.Scope);
mark(IMPLIED_END, Flag.ImpliedEnd);
mark(BREAKS_FOREIGN, Flag.BreaksForeign);
mark(['button'], Flag.Button);
mark(['ol', 'ul'], Flag.List);
mark(['address', 'div', 'p'], Flag.ItemTransparent);
mark(['html', 'body', 'head'], Flag.Root);
mark(['li', 'dd', 'dt', 'option', 'optgroup', 'button'], Flag.OwnRule);
// The text elements' end tags reach the stack only where they held no text (in SVG/MathML…).
mark(
  [...SPECIAL].filter(
    (name) =>
      ![
        'title',
        'textarea',
        'style',
        'script',
        'xmp',
        'iframe',
        'noembed',
        'noframes',
        'noscript',
        'plaintext',
      ].includes(name),
  ),
  Flag.ScopedEnd,
);

/**
 * Tag names as small numbers: every name the tree builder has a rule for gets a fixed id (the
 * same for every page), other names an id per stack. Ids index the flags and "innermost open
 * element of that name", so a start tag costs one Map lookup and no string comparison.
 */
export const KNOWN_NAMES = [
  ...new Set([
    ...FLAGS.keys(),
    'svg',
    'math',
    'foreignobject',
    'desc',
    'title',
    'template',
    'option',
    'optgroup',
    'a',
    'mi',
    'mo',
    'mn',
    'ms',
    'mtext',
    'annotation-xml',
    'mglyph',
    'malignmark',
    'font',
  ]),
];
export const KNOWN_IDS = new Map(KNOWN_NAMES.map((name, id) => [name, id]));
export const KNOWN_FLAGS = KNOWN_NAMES.map((name) => FLAGS.get(name) ?? 0);
/** The fixed id of a known name. */
export const id = (name: string): number => KNOWN_IDS.get(name)!;
export const P = id('p'),
  BR = id('br'),
  LI = id('li'),
  DD = id('dd'),
  DT = id('dt'),
  OPTION = id('option'),
  OPTGROUP = id('optgroup'),
  BUTTON = id('button'),
  SELECT = id('select'),
  HR = id('hr'),
  INPUT = id('input'),
  KEYGEN = id('keygen'),
  TEXTAREA = id('textarea'),
  SCRIPT = id('script');
export const SVG = id('svg'),
  MATH = id('math'),
  FOREIGN_OBJECT = id('foreignobject'),
  DESC = id('desc'),
  TITLE = id('title'),
  TEMPLATE = id('template'),
  ANNOTATION_XML = id('annotation-xml'),
  MGLYPH = id('mglyph'),
  MALIGNMARK = id('malignmark');
export const MATH_TEXT_IDS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext'].map(id));
export const HEADING_IDS = [...HEADINGS].map(id);
/** The tree builder's bits of a name id ({@link Flag}); 0 for the names of a page the spec has no rule for. */
export function flagsOfId(tagId: number): number {
  return tagId < KNOWN_FLAGS.length ? KNOWN_FLAGS[tagId]! : 0;
}
