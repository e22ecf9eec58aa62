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
  private readonly masks: number[] = [];
  private readonly foreign: boolean[] = [];
  /** Per position and kind (`position * STOPS + kind`), the nearest position at or below it of that kind, -1 for none. */
  private readonly stops: number[] = [];
  /** The positions of the open elements of each tag name, innermost last. */
  private readonly positions = new Map<string, number[]>();
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

  /** Closes what a start tag closes before it is inserted: implied end tags, leaving foreign content. */
  beforeStart(tag: string): void {
    if (this.inForeign && BREAKS_FOREIGN.has(tag)) {
      while (this.inForeign) this.pop();
    }
    if (this.inForeign) return;
    if (CLOSES_P.has(tag) && this.inScope('p', Stop.Button)) this.popThrough('p');
    if (tag === 'li') this.closeItem('li');
    else if (tag === 'dd' || tag === 'dt') this.closeItem('dd', 'dt');
    else if (HEADINGS.has(tag) && HEADINGS.has(this.top ?? '')) this.pop();
    else if (tag === 'option' && this.top === 'option') this.pop();
    else if (tag === 'optgroup') {
      if (this.top === 'option') this.pop();
      if (this.top === 'optgroup') this.pop();
    } else if (tag === 'button' && this.inScope('button', Stop.Scope)) this.popThrough('button');
  }
  /** Whether the start tag just read opens an element that holds contents. */
  opens(tag: string, selfClosing: boolean): boolean {
    if (this.inForeign) return !selfClosing;
    return !VOID.has(tag) && tag !== 'html' && tag !== 'body' && tag !== 'head';
  }
  /** Pushes an element with its own selector bits (its ancestors' are added). */
  push(tag: string, ownMask: number): void {
    const foreign = this.inForeign ? !(this.top === 'foreignobject' || this.top === 'desc' || this.top === 'title') : tag === 'svg' || tag === 'math';
    const at = this.tags.length;
    const special = !foreign && SPECIAL.has(tag);
    const scope = foreign || SCOPE.has(tag);
    const kinds = [scope, scope || tag === 'button', scope || tag === 'ol' || tag === 'ul', special, special && tag !== 'address' && tag !== 'div' && tag !== 'p'];
    for (let kind = 0; kind < STOPS; kind++) this.stops.push(kinds[kind] ? at : at > 0 ? this.stops[(at - 1) * STOPS + kind]! : -1);
    this.tags.push(tag);
    this.masks.push(this.mask | ownMask);
    this.foreign.push(foreign);
    let list = this.positions.get(tag);
    if (!list) this.positions.set(tag, (list = []));
    list.push(at);
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
      let heading = -1;
      for (const name of HEADINGS) heading = Math.max(heading, this.last(name));
      if (heading !== -1 && heading >= this.nearest(Stop.Scope)) this.popTo(heading);
      return;
    }
    const at = this.last(tag);
    if (at === -1) return;
    // Foreign content: the innermost element of that name closes, with what is above it.
    if (this.inForeign) this.popTo(at);
    else if (IMPLIED_END.has(tag) || SPECIAL.has(tag)) {
      if (at >= this.nearest(tag === 'p' ? Stop.Button : tag === 'li' ? Stop.ListItem : Stop.Scope)) this.popTo(at);
    } else if (at >= this.nearest(Stop.Special)) {
      // "Any other end tag": the nearest open element of that name, unless a special element is above it.
      this.popTo(at);
    }
  }

  private get top(): string | undefined {
    return this.tags[this.tags.length - 1];
  }
  /** The position of the innermost open element named `tag`, -1 for none. */
  private last(tag: string): number {
    const list = this.positions.get(tag);
    return list && list.length > 0 ? list[list.length - 1]! : -1;
  }
  /** The nearest position of a kind from the top of the stack, -1 for none. */
  private nearest(kind: Stop): number {
    const top = this.tags.length - 1;
    return top >= 0 ? this.stops[top * STOPS + kind]! : -1;
  }
  private pop(): void {
    const tag = this.tags.pop()!;
    this.masks.pop();
    this.foreign.pop();
    this.stops.length -= STOPS;
    this.positions.get(tag)!.pop();
    if (tag === 'template') this.templates--;
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
  private closeItem(...names: string[]): void {
    const at = Math.max(...names.map((name) => this.last(name)));
    if (at !== -1 && at >= this.nearest(Stop.Item)) this.popTo(at);
  }
}
