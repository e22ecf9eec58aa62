/**
 * TEST ORACLE copy of src/html/element-stack.ts as it was before the body pass moved onto the tag
 * scanner, used only by ./body-rewrite-htmlparser2.ts.
 *
 * The stack of open elements of the body pass: which elements a start tag sits inside, following
 * the HTML tree builder's rules where they change ancestry in real pages — void elements, end
 * tags a page omits (`p`, `li`, `dd`/`dt`, headings, `option`), end tags that close what is open
 * above them, stray end tags that change nothing, `<template>` contents and SVG/MathML (where
 * `/>` closes). Not modelled (the ancestry there may differ from a browser's): tables' foster
 * parenting, the adoption agency for misnested formatting elements, and reconstructed formatting
 * elements. Each open element carries a bit mask, the OR of its own and its ancestors', so that
 * "inside `.comments`" is one AND.
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
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
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
/** HTML start tags that leave SVG or MathML content (the tree builder pops the foreign elements first). */
const BREAKS_FOREIGN = new Set([
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
const Flag = {
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
/** Flags of an open element in SVG or MathML (not stored per name: the namespace decides). */
const FOREIGN = 1 << 12;

/** The kinds of element a search down the stack stops at, each tracked as "the nearest one at or below position i". */
const enum Stop {
  /** The default scope's boundaries (and SVG/MathML elements). */
  Scope,
  /** Button scope: the default boundaries and `button`. */
  Button,
  /** List item scope: the default boundaries, `ol` and `ul`. */
  ListItem,
  /** Special elements: an end tag for another element stops at them. */
  Special,
  /** Where `<li>`, `<dd>` and `<dt>` stop looking for one to close: special elements other than address, div and p. */
  Item,
}
const STOPS = 5;

/**
 * The open elements of the body pass, innermost last. Every question the tree builder asks of
 * the stack ("is a `p` in button scope?", "which open `li` would this close?") is answered in
 * constant time from the last position of each tag name and the nearest stop of each kind, so
 * the pass stays linear on hostile nesting (`<p><object>` then 100,000 `<div>`s).
 */
export class ElementStack {
  private readonly tags: string[] = [];
  /** Per open element: its Flag bits, with FOREIGN for SVG/MathML elements. */
  private readonly flags: number[] = [];
  private readonly masks: number[] = [];
  /** Per position and kind (`position * STOPS + kind`), the nearest position at or below it of that kind, -1 for none. */
  private readonly stops: number[] = [];
  /** The position of the innermost open element of each tag name (absent or -1: none open). */
  private readonly lastOf = new Map<string, number>();
  /** Per position, the position of the next open element of the same name below it, -1 for none. */
  private readonly sameBelow: number[] = [];
  /** Open `<template>`s: their contents are inert (not part of the page until a script uses them). */
  templates = 0;
  /** The bits every element carries: matches of `<html>` and `<body>`, which are never on the stack. */
  rootMask = 0;
  /** The mask of the current insertion point: the innermost open element's, or the root's. */
  mask = 0;
  /** Whether the insertion point is inside SVG or MathML. */
  inForeign = false;

  /** Bits of `<html>` and `<body>` (never on the stack): every element, open or to come, carries them. */
  addRootBits(bits: number): void {
    // At most once per bit: a page repeating `<body class=…>` does not rescan the stack.
    if ((this.rootMask | bits) === this.rootMask) return;
    this.rootMask |= bits;
    for (let i = 0; i < this.masks.length; i++) this.masks[i]! |= bits;
    this.mask |= bits;
  }
  /** The tree builder's bits for a tag name, looked up once per tag and passed to the other methods. */
  static flagsOf(tag: string): number {
    return FLAGS.get(tag) ?? 0;
  }
  /** Closes what a start tag closes before it is inserted: implied end tags, leaving foreign content. */
  beforeStart(tag: string, flags: number): void {
    if (this.inForeign) {
      if ((flags & Flag.BreaksForeign) === 0) return;
      while (this.inForeign) this.pop();
    }
    if ((flags & Flag.ClosesP) !== 0 && this.inScope('p', Stop.Button)) this.popThrough('p');
    if ((flags & Flag.Heading) !== 0) {
      if ((this.topFlags & Flag.Heading) !== 0) this.pop();
    } else if ((flags & Flag.OwnRule) !== 0) {
      if (tag === 'li') this.closeItem('li');
      else if (tag === 'dd' || tag === 'dt') this.closeItem('dd', 'dt');
      else if (tag === 'option' && this.top === 'option') this.pop();
      else if (tag === 'optgroup') {
        if (this.top === 'option') this.pop();
        if (this.top === 'optgroup') this.pop();
      } else if (tag === 'button' && this.inScope('button', Stop.Scope)) this.popThrough('button');
    }
  }
  /** Whether the start tag just read opens an element that holds contents. */
  opens(flags: number, selfClosing: boolean): boolean {
    if (this.inForeign) return !selfClosing;
    return (flags & (Flag.Void | Flag.Root)) === 0;
  }
  /** Pushes an element with its own selector bits (its ancestors' are added). */
  push(tag: string, tagFlags: number, ownMask: number): void {
    const at = this.tags.length;
    const top = this.top;
    const foreign = this.inForeign
      ? !(top === 'foreignobject' || top === 'desc' || top === 'title')
      : tag === 'svg' || tag === 'math';
    const flags = foreign ? FOREIGN : tagFlags;
    const special = (flags & Flag.Special) !== 0;
    const scope = foreign || (flags & Flag.Scope) !== 0;
    const stops = this.stops;
    const base = (at - 1) * STOPS;
    stops.push(
      scope ? at : at === 0 ? -1 : stops[base]!,
      scope || (flags & Flag.Button) !== 0 ? at : at === 0 ? -1 : stops[base + 1]!,
      scope || (flags & Flag.List) !== 0 ? at : at === 0 ? -1 : stops[base + 2]!,
      special ? at : at === 0 ? -1 : stops[base + 3]!,
      special && (flags & Flag.ItemTransparent) === 0 ? at : at === 0 ? -1 : stops[base + 4]!,
    );
    this.tags.push(tag);
    this.flags.push(flags);
    this.mask |= ownMask;
    this.masks.push(this.mask);
    this.inForeign = foreign;
    this.sameBelow.push(this.lastOf.get(tag) ?? -1);
    this.lastOf.set(tag, at);
    if (tag === 'template') this.templates++;
  }
  /**
   * Closes the innermost element if the end tag `html.slice(start, end)` names it (ASCII case-
   * insensitively), and says whether it did: whatever the element, its own end tag then closes
   * just it (the scope checks of `end` all succeed on the current node).
   */
  endsTop(html: string, start: number, end: number): boolean {
    const top = this.tags[this.tags.length - 1];
    if (top === undefined || top.length !== end - start) return false;
    for (let i = 0; i < top.length; i++) {
      const code = html.charCodeAt(start + i);
      if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== top.charCodeAt(i)) return false;
    }
    this.pop();
    return true;
  }
  /** Closes what an end tag closes; stray end tags change nothing. */
  end(tag: string): void {
    const flags = FLAGS.get(tag) ?? 0;
    // `</p>` and `</br>` leave SVG/MathML content, as the start tags in BREAKS_FOREIGN do.
    if ((tag === 'p' || tag === 'br') && this.inForeign) {
      while (this.inForeign) this.pop();
    }
    // `</h3>` closes an open `<h2>`: any heading end tag closes the innermost heading in scope.
    if ((flags & Flag.Heading) !== 0 && !this.inForeign) {
      let heading = -1;
      for (const name of HEADINGS) heading = Math.max(heading, this.last(name));
      if (heading !== -1 && heading >= this.nearest(Stop.Scope)) this.popTo(heading);
      return;
    }
    const at = this.last(tag);
    if (at === -1) return;
    // Foreign content: the innermost element of that name closes, with what is above it.
    if (this.inForeign) this.popTo(at);
    else if ((flags & (Flag.ImpliedEnd | Flag.Special)) !== 0) {
      if (at >= this.nearest(tag === 'p' ? Stop.Button : tag === 'li' ? Stop.ListItem : Stop.Scope)) this.popTo(at);
    } else if (at >= this.nearest(Stop.Special)) {
      // "Any other end tag": the nearest open element of that name, unless a special element is above it.
      this.popTo(at);
    }
  }

  private get top(): string | undefined {
    return this.tags[this.tags.length - 1];
  }
  private get topFlags(): number {
    return this.tags.length === 0 ? 0 : this.flags[this.flags.length - 1]!;
  }
  /** The position of the innermost open element named `tag`, -1 for none. */
  private last(tag: string): number {
    return this.lastOf.get(tag) ?? -1;
  }
  /** The nearest position of a kind from the top of the stack, -1 for none. */
  private nearest(kind: Stop): number {
    const top = this.tags.length - 1;
    return top >= 0 ? this.stops[top * STOPS + kind]! : -1;
  }
  private pop(): void {
    const tag = this.tags.pop()!;
    this.flags.pop();
    this.masks.pop();
    this.stops.length -= STOPS;
    this.lastOf.set(tag, this.sameBelow.pop()!);
    if (tag === 'template') this.templates--;
    const top = this.masks.length - 1;
    this.mask = top >= 0 ? this.masks[top]! : this.rootMask;
    this.inForeign = top >= 0 && (this.flags[top]! & FOREIGN) !== 0;
  }
  /** Pops the element at `position` and everything above it. */
  private popTo(position: number): void {
    while (this.tags.length > position) this.pop();
  }
  private popThrough(tag: string): void {
    const at = this.last(tag);
    if (at !== -1) this.popTo(at);
  }
  /** The spec's "has an element in scope", for the scope whose boundaries are `kind` (the element may be a boundary itself). */
  private inScope(tag: string, kind: Stop): boolean {
    const at = this.last(tag);
    return at !== -1 && at >= this.nearest(kind);
  }
  /** `<li>` (or `<dd>`/`<dt>`) closes an open one unless a special element other than address, div or p is nearer. */
  private closeItem(first: string, second?: string): void {
    const at = second === undefined ? this.last(first) : Math.max(this.last(first), this.last(second));
    if (at !== -1 && at >= this.nearest(Stop.Item)) this.popTo(at);
  }
}
