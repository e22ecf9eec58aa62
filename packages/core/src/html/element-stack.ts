/**
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
const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Start tags that close an open `p` (in button scope) first. */
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer',
  'form', 'header', 'hgroup', 'hr', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'search', 'section', 'summary', 'table', 'ul', 'xmp',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dd', 'dt', 'li', 'plaintext',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** The spec's "special" elements: an end tag for another element stops at them. */
const SPECIAL = new Set([
  'address', 'applet', 'area', 'article', 'aside', 'base', 'basefont', 'bgsound', 'blockquote', 'body', 'br', 'button', 'caption', 'center',
  'col', 'colgroup', 'dd', 'details', 'dir', 'div', 'dl', 'dt', 'embed', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame',
  'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'iframe', 'img', 'input', 'keygen', 'li',
  'link', 'listing', 'main', 'marquee', 'menu', 'meta', 'nav', 'noembed', 'noframes', 'noscript', 'object', 'ol', 'p', 'param', 'plaintext',
  'pre', 'script', 'search', 'section', 'select', 'source', 'style', 'summary', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th',
  'thead', 'title', 'tr', 'track', 'ul', 'wbr', 'xmp',
]);
/** The default scope's boundaries: an element below one of them is not "in scope". */
const SCOPE = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template']);
/** Elements whose end tag may be omitted and is implied by a following start or end tag. */
const IMPLIED_END = new Set(['dd', 'dt', 'li', 'optgroup', 'option', 'p', 'rb', 'rp', 'rt', 'rtc']);
/** HTML start tags that leave SVG or MathML content (the tree builder pops the foreign elements first). */
const BREAKS_FOREIGN = new Set([
  'b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head',
  'hr', 'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small', 'span', 'strong', 'strike', 'sub', 'sup',
  'table', 'tt', 'u', 'ul', 'var',
]);
/**
 * How far a scope check looks down the stack. Real pages are far shallower; the cap keeps each
 * tag's work constant on hostile input (`<p><object>` then 100,000 `<div>`s), so the pass stays linear.
 */
const MAX_SCOPE_WALK = 512;

/** The open elements of the body pass, innermost last. */
export class ElementStack {
  private readonly tags: string[] = [];
  private readonly masks: number[] = [];
  private readonly foreign: boolean[] = [];
  /** Open elements per tag name, so a tag that is not open is known in O(1). */
  private readonly open = new Map<string, number>();
  /** Open `<template>`s: their contents are inert (not part of the page until a script uses them). */
  templates = 0;
  /** The bits every element carries: matches of `<html>` and `<body>`, which are never on the stack. */
  rootMask = 0;

  /** The mask of the current insertion point: the innermost open element's, or the root's. */
  get mask(): number {
    const top = this.masks.length - 1;
    return top >= 0 ? this.masks[top]! : this.rootMask;
  }
  /** Whether the insertion point is inside SVG or MathML. */
  get inForeign(): boolean {
    const top = this.foreign.length - 1;
    return top >= 0 && this.foreign[top]!;
  }

  /**
   * Closes what a start tag closes, before it is inserted (implied end tags, leaving foreign
   * content). Returns false for tags that are never pushed (`html`, `body`, `head`, void elements).
   */
  beforeStart(tag: string): void {
    if (this.inForeign && BREAKS_FOREIGN.has(tag)) {
      while (this.inForeign) this.pop();
    }
    if (this.inForeign) return;
    if (CLOSES_P.has(tag) && this.inScope('p', true)) this.popThrough('p');
    if (tag === 'li') this.closeListItem(['li']);
    else if (tag === 'dd' || tag === 'dt') this.closeListItem(['dd', 'dt']);
    else if (HEADINGS.has(tag) && HEADINGS.has(this.top ?? '')) this.pop();
    else if (tag === 'option' && this.top === 'option') this.pop();
    else if (tag === 'optgroup') {
      if (this.top === 'option') this.pop();
      if (this.top === 'optgroup') this.pop();
    } else if (tag === 'button' && this.inScope('button', false)) this.popThrough('button');
  }
  /** Whether the start tag just read opens an element that holds contents. */
  opens(tag: string, selfClosing: boolean): boolean {
    if (this.inForeign) return !selfClosing;
    return !VOID.has(tag) && tag !== 'html' && tag !== 'body' && tag !== 'head';
  }
  /** Pushes an element with its own selector bits (its ancestors' are added). */
  push(tag: string, ownMask: number): void {
    const foreign = this.inForeign ? !(this.top === 'foreignobject' || this.top === 'desc' || this.top === 'title') : tag === 'svg' || tag === 'math';
    this.tags.push(tag);
    this.masks.push(this.mask | ownMask);
    this.foreign.push(foreign);
    this.open.set(tag, (this.open.get(tag) ?? 0) + 1);
    if (tag === 'template') this.templates++;
  }
  /** Closes what an end tag closes; stray end tags change nothing. */
  end(tag: string): void {
    // `</p>` and `</br>` leave SVG/MathML content, as the start tags in BREAKS_FOREIGN do.
    if ((tag === 'p' || tag === 'br') && this.inForeign) {
      while (this.inForeign) this.pop();
    }
    // `</h3>` closes an open `<h2>`: any heading end tag closes the innermost heading in scope.
    if (HEADINGS.has(tag) && !this.inForeign) {
      const heading = this.tags.findLast((open) => HEADINGS.has(open));
      if (heading && this.inScope(heading, false)) this.popThrough(heading);
      return;
    }
    if (!this.open.get(tag)) return;
    if (this.inForeign) {
      // Foreign content: the innermost element of that name closes, with what is above it.
      this.popThrough(tag);
      return;
    }
    if (IMPLIED_END.has(tag) || SPECIAL.has(tag)) {
      if (this.inScope(tag, tag === 'p', tag === 'li')) this.popThrough(tag);
      return;
    }
    // "Any other end tag": the nearest open element of that name, unless a special element is above it.
    for (let i = this.tags.length - 1, walked = 0; i >= 0 && walked < MAX_SCOPE_WALK; i--, walked++) {
      const open = this.tags[i]!;
      if (open === tag) {
        while (this.tags.length > i) this.pop();
        return;
      }
      if (SPECIAL.has(open)) return;
    }
  }

  private get top(): string | undefined {
    return this.tags[this.tags.length - 1];
  }
  private pop(): void {
    const tag = this.tags.pop()!;
    this.masks.pop();
    this.foreign.pop();
    this.open.set(tag, this.open.get(tag)! - 1);
    if (tag === 'template') this.templates--;
  }
  private popThrough(tag: string): void {
    while (this.tags.length > 0) {
      const open = this.top;
      this.pop();
      if (open === tag) return;
    }
  }
  /** The spec's "has an element in scope" (button scope and list item scope add their boundaries). */
  private inScope(tag: string, button: boolean, listItem = false): boolean {
    if (!this.open.get(tag)) return false;
    for (let i = this.tags.length - 1, walked = 0; i >= 0 && walked < MAX_SCOPE_WALK; i--, walked++) {
      const open = this.tags[i]!;
      if (open === tag) return true;
      if (this.foreign[i] || SCOPE.has(open) || (button && open === 'button') || (listItem && (open === 'ul' || open === 'ol'))) return false;
    }
    return false;
  }
  /** `<li>` (or `<dd>`/`<dt>`) closes an open one unless a special element other than address, div or p is nearer. */
  private closeListItem(names: readonly string[]): void {
    for (let i = this.tags.length - 1, walked = 0; i >= 0 && walked < MAX_SCOPE_WALK; i--, walked++) {
      const open = this.tags[i]!;
      if (names.includes(open)) {
        while (this.tags.length > i) this.pop();
        return;
      }
      if (SPECIAL.has(open) && open !== 'address' && open !== 'div' && open !== 'p') return;
    }
  }
}
