/**
 * The stack of open elements of the readers past the head (the body pass, the audit): which
 * elements a start tag sits inside, following the HTML tree builder's rules where they change
 * ancestry in real pages — void elements, end tags a page omits (`p`, `li`, `dd`/`dt`, headings,
 * `option`), end tags that close what is open above them, stray end tags that change nothing,
 * `<template>` contents and SVG/MathML (where `/>` closes, `<svg/>` included; foreign-content.ts)
 * with their integration points, where start tags are HTML again. What it knows of each name is
 * in element-kinds.ts. Not modelled (the ancestry there may differ from a browser's): tables'
 * foster parenting, the adoption agency for misnested formatting elements, and reconstructed
 * formatting elements. Each open element carries a bit mask, the OR of its own and its
 * ancestors', so that "inside `.comments`" is one AND.
 */
import {
  BUTTON,
  DD,
  DT,
  Flag,
  flagsOfId,
  HEADING_IDS,
  id,
  KNOWN_IDS,
  KNOWN_NAMES,
  LI,
  MATH,
  OPTGROUP,
  OPTION,
  P,
  BR,
  HR,
  INPUT,
  KEYGEN,
  SCRIPT,
  SELECT,
  SVG,
  TEMPLATE,
  TEXTAREA,
} from './element-kinds.js';
import { FOREIGN, foreignFlags, INTEGRATION_POINT, readsHtmlRules, SVG_NAMESPACE } from './foreign-content.js';
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
/** The largest arrays {@link ElementStack.reset} keeps for the next page. */
const MAX_KEPT = 4096;

/** An Int32Array twice as long, with `from` copied in. */
function grown(from: Int32Array, fill = 0): Int32Array<ArrayBuffer> {
  const to = new Int32Array(from.length * 2).fill(fill);
  to.set(from);
  return to;
}

/**
 * The open elements of the body pass, innermost last. Every question the tree builder asks of
 * the stack ("is a `p` in button scope?", "which open `li` would this close?") is answered in
 * constant time from the last position of each tag name and the nearest stop of each kind, so
 * the pass stays linear on hostile nesting (`<p><object>` then 100,000 `<div>`s). The stack is
 * kept in typed arrays with a depth (no array pushes, pops or length changes per element).
 */
export class ElementStack {
  private depth = 0;
  /** Per position: the element's name id, its flags (FOREIGN for SVG/MathML elements), its mask, the next open element of the same name below it (-1 none). */
  private ids = new Int32Array(32);
  private flags = new Int32Array(32);
  private masks = new Int32Array(32);
  private sameBelow = new Int32Array(32);
  /** Per position and kind (`position * STOPS + kind`), the nearest position at or below it of that kind, -1 for none. */
  private stops = new Int32Array(32 * STOPS);
  /** Per name id, the position of the innermost open element of that name, -1 for none. */
  private lastOf = new Int32Array(KNOWN_NAMES.length + 16).fill(-1);
  /** Names other than the known ones, numbered from KNOWN_NAMES.length on for this stack. */
  private readonly otherIds = new Map<string, number>();
  private readonly otherNames: string[] = [];
  /** Open `<template>`s: their contents are inert (not part of the page until a script uses them). */
  templates = 0;
  /** The bits every element carries: matches of `<html>` and `<body>`, which are never on the stack. */
  rootMask = 0;
  /** The mask of the current insertion point: the innermost open element's, or the root's. */
  mask = 0;
  /** Whether the current node (the innermost open element) is an SVG or MathML element. */
  inForeign = false;
  /** Whether the start tag {@link beforeStart} was last told makes an SVG or MathML element (`<svg>` and `<math>` themselves included). */
  insertForeign = false;
  /**
   * Whether the tree builder drops the start tag {@link beforeStart} was last told: in `<select>`
   * ("in select" insertion mode) every start tag but `option`, `optgroup`, `hr`, `script`,
   * `template` (and `input`, `keygen`, `textarea`, which close the select) is ignored, as parse5
   * does: no element, no switch of the tokenizer to text.
   */
  ignoresStart = false;
  /** With {@link insertForeign}: the element is an SVG one (else MathML). */
  private insertSvg = false;

  /**
   * Empties the stack for another page, keeping its arrays (a page's stack is reused by the next:
   * allocating typed arrays per page costs more than the stack's work on a small page). Arrays a
   * hostile page grew large are dropped, so that what is kept stays small.
   */
  reset(): void {
    if (this.ids.length > MAX_KEPT || this.lastOf.length > MAX_KEPT) {
      this.ids = new Int32Array(32);
      this.flags = new Int32Array(32);
      this.masks = new Int32Array(32);
      this.sameBelow = new Int32Array(32);
      this.stops = new Int32Array(32 * STOPS);
      this.lastOf = new Int32Array(KNOWN_NAMES.length + 16).fill(-1);
    } else {
      // Only the names of open elements have a position in lastOf.
      for (let i = 0; i < this.depth; i++) this.lastOf[this.ids[i]!] = -1;
    }
    this.depth = 0;
    this.otherIds.clear();
    this.otherNames.length = 0;
    this.templates = 0;
    this.rootMask = 0;
    this.mask = 0;
    this.inForeign = false;
    this.insertForeign = false;
  }
  /** A tag name's id, given a new one when the stack has not seen it: passed to the other methods. */
  idOf(tag: string): number {
    const known = KNOWN_IDS.get(tag);
    if (known !== undefined) return known;
    let other = this.otherIds.get(tag);
    if (other === undefined) {
      other = KNOWN_NAMES.length + this.otherNames.length;
      this.otherIds.set(tag, other);
      this.otherNames.push(tag);
      if (other >= this.lastOf.length) this.lastOf = grown(this.lastOf, -1);
    }
    return other;
  }
  /** The tree builder's bits of a name id. */
  private nameOf(tagId: number): string {
    return tagId < KNOWN_NAMES.length ? KNOWN_NAMES[tagId]! : this.otherNames[tagId - KNOWN_NAMES.length]!;
  }

  /** Bits of `<html>` and `<body>` (never on the stack): every element, open or to come, carries them. */
  addRootBits(bits: number): void {
    // At most once per bit: a page repeating `<body class=…>` does not rescan the stack.
    if ((this.rootMask | bits) === this.rootMask) return;
    this.rootMask |= bits;
    for (let i = 0; i < this.depth; i++) this.masks[i]! |= bits;
    this.mask |= bits;
  }
  /**
   * Closes what a start tag closes before it is inserted (implied end tags, leaving foreign
   * content) and decides its namespace ({@link insertForeign}), as the tree builder's dispatcher
   * does: in SVG or MathML a start tag is foreign unless the current node is an integration point
   * for it or it is one that breaks out (`<p>`, `<div>`…), which closes the foreign elements up to
   * the nearest integration point or HTML element.
   */
  beforeStart(tagId: number): void {
    const flags = flagsOfId(tagId);
    this.ignoresStart = false;
    if (this.lastOf[SELECT] !== -1 && this.inSelect()) {
      this.insertForeign = false;
      if (tagId === SELECT) {
        // A `<select>` in a select closes it, as `</select>` does, and opens nothing.
        this.popThrough(SELECT);
        this.ignoresStart = true;
        return;
      }
      if (tagId === INPUT || tagId === KEYGEN || tagId === TEXTAREA) this.popThrough(SELECT);
      else if (tagId === HR) {
        if (this.top === OPTION) this.pop();
        if (this.top === OPTGROUP) this.pop();
        return;
      } else if (tagId !== OPTION && tagId !== OPTGROUP && tagId !== SCRIPT && tagId !== TEMPLATE) {
        this.ignoresStart = true;
        return;
      }
    }
    if (this.inForeign && !readsHtmlRules(this.topFlags, this.top, tagId)) {
      if ((flags & Flag.BreaksForeign) === 0) {
        // An element of the current node's namespace, whatever its name (`<svg><math>` is SVG).
        this.insertForeign = true;
        this.insertSvg = (this.topFlags & SVG_NAMESPACE) !== 0;
        return;
      }
      while (this.inForeign && (this.topFlags & INTEGRATION_POINT) === 0) this.pop();
    }
    this.insertForeign = tagId === SVG || tagId === MATH;
    this.insertSvg = tagId === SVG;
    if ((flags & Flag.ClosesP) !== 0 && this.inScope(P, Stop.Button)) this.popThrough(P);
    if ((flags & Flag.Heading) !== 0) {
      if ((this.topFlags & Flag.Heading) !== 0) this.pop();
    } else if ((flags & Flag.OwnRule) !== 0) {
      if (tagId === LI) this.closeItem(LI, -1);
      else if (tagId === DD || tagId === DT) this.closeItem(DD, DT);
      else if (tagId === OPTION && this.top === OPTION) this.pop();
      else if (tagId === OPTGROUP) {
        if (this.top === OPTION) this.pop();
        if (this.top === OPTGROUP) this.pop();
      } else if (tagId === BUTTON && this.inScope(BUTTON, Stop.Scope)) this.popThrough(BUTTON);
    }
  }
  /**
   * A `<font>` with `color`, `face` or `size` where {@link beforeStart} made it foreign: it breaks
   * out of SVG/MathML as the other breakout tags do, and is an HTML element.
   */
  fontBreaksOut(): void {
    while (this.inForeign && (this.topFlags & INTEGRATION_POINT) === 0) this.pop();
    this.insertForeign = false;
  }
  /** The id of `font`, whose attributes decide whether it breaks out of SVG/MathML. */
  static readonly FONT = id('font');
  /** Whether the start tag just read opens an element that holds contents: `/>` closes SVG and MathML elements (`<svg/>` too). */
  opens(tagId: number, selfClosing: boolean): boolean {
    if (this.insertForeign) return !selfClosing;
    return (flagsOfId(tagId) & (Flag.Void | Flag.Root)) === 0;
  }
  /**
   * Pushes the element of the start tag last told to {@link beforeStart}, with its own selector
   * bits (its ancestors' are added). `htmlEncoding`: a MathML `annotation-xml` whose `encoding` is
   * `text/html` or `application/xhtml+xml`, an HTML integration point.
   */
  push(tagId: number, ownMask: number, htmlEncoding = false): void {
    const at = this.depth;
    if (at === this.ids.length) this.grow();
    const foreign = this.insertForeign;
    const flags = foreign ? foreignFlags(tagId, this.insertSvg, htmlEncoding) : flagsOfId(tagId);
    // The integration points are special elements too: an HTML end tag stops at them.
    const special = (flags & (Flag.Special | INTEGRATION_POINT)) !== 0;
    const scope = foreign || (flags & Flag.Scope) !== 0;
    const stops = this.stops;
    const base = at * STOPS;
    if (at === 0) {
      stops[0] = scope ? 0 : -1;
      stops[1] = scope || (flags & Flag.Button) !== 0 ? 0 : -1;
      stops[2] = scope || (flags & Flag.List) !== 0 ? 0 : -1;
      stops[3] = special ? 0 : -1;
      stops[4] = special && (flags & Flag.ItemTransparent) === 0 ? 0 : -1;
    } else {
      stops[base] = scope ? at : stops[base - STOPS]!;
      stops[base + 1] = scope || (flags & Flag.Button) !== 0 ? at : stops[base - STOPS + 1]!;
      stops[base + 2] = scope || (flags & Flag.List) !== 0 ? at : stops[base - STOPS + 2]!;
      stops[base + 3] = special ? at : stops[base - STOPS + 3]!;
      stops[base + 4] = special && (flags & Flag.ItemTransparent) === 0 ? at : stops[base - STOPS + 4]!;
    }
    this.ids[at] = tagId;
    this.flags[at] = flags;
    this.mask |= ownMask;
    this.masks[at] = this.mask;
    this.inForeign = foreign;
    this.sameBelow[at] = this.lastOf[tagId]!;
    this.lastOf[tagId] = at;
    this.depth = at + 1;
    if (tagId === TEMPLATE && !foreign) this.templates++;
  }
  /**
   * Closes the innermost element if the end tag `html.slice(start, end)` names it (ASCII case-
   * insensitively), and says whether it did: whatever the element, its own end tag then closes
   * just it (the scope checks of `end` all succeed on the current node).
   */
  endsTop(html: string, start: number, end: number): boolean {
    if (this.depth === 0) return false;
    const top = this.nameOf(this.ids[this.depth - 1]!);
    if (top.length !== end - start) return false;
    for (let i = 0; i < top.length; i++) {
      const code = html.charCodeAt(start + i);
      if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== top.charCodeAt(i)) return false;
    }
    this.pop();
    return true;
  }
  /** Closes what an end tag closes; stray end tags change nothing. */
  end(tag: string): void {
    const tagId = KNOWN_IDS.get(tag) ?? this.otherIds.get(tag);
    // A name never seen on this stack: no element of it is open, and it has no rule of its own.
    if (tagId === undefined) return;
    // In a select, only these end tags do anything.
    if (
      this.lastOf[SELECT] !== -1 &&
      tagId !== OPTION &&
      tagId !== OPTGROUP &&
      tagId !== SELECT &&
      tagId !== TEMPLATE &&
      this.inSelect()
    )
      return;
    const flags = flagsOfId(tagId);
    // `</p>` and `</br>` leave SVG/MathML content, as the start tags in BREAKS_FOREIGN do.
    if ((tagId === P || tagId === BR) && this.inForeign) {
      while (this.inForeign && (this.topFlags & INTEGRATION_POINT) === 0) this.pop();
    }
    // `</h3>` closes an open `<h2>`: any heading end tag closes the innermost heading in scope.
    if ((flags & Flag.Heading) !== 0 && !this.inForeign) {
      let heading = -1;
      for (const headingId of HEADING_IDS) heading = Math.max(heading, this.lastOf[headingId]!);
      if (heading !== -1 && heading >= this.nearest(Stop.Scope)) this.popTo(heading);
      return;
    }
    const at = this.lastOf[tagId]!;
    if (at === -1) return;
    // Foreign content: the innermost element of that name closes, with what is above it;
    // `</template>` closes the innermost template whatever is open in it.
    if (this.inForeign || tagId === TEMPLATE) this.popTo(at);
    // An HTML end tag never closes an SVG or MathML element of its name.
    else if ((this.flags[at]! & FOREIGN) !== 0) return;
    else if ((flags & (Flag.ImpliedEnd | Flag.ScopedEnd)) !== 0) {
      if (at >= this.nearest(tagId === P ? Stop.Button : tagId === LI ? Stop.ListItem : Stop.Scope)) this.popTo(at);
    } else if (at >= this.nearest(Stop.Special)) {
      // "Any other end tag": the nearest open element of that name, unless a special element is above it.
      this.popTo(at);
    }
  }

  /**
   * Whether the parser is "in select": an HTML `<select>` is open with no template opened in it
   * (template contents are read "in template", and a select's contents are never foreign).
   */
  private inSelect(): boolean {
    const at = this.lastOf[SELECT]!;
    return at !== -1 && (this.flags[at]! & FOREIGN) === 0 && at > this.lastOf[TEMPLATE]!;
  }
  /** The innermost open element's name id, -1 for none. */
  private get top(): number {
    return this.depth === 0 ? -1 : this.ids[this.depth - 1]!;
  }
  private get topFlags(): number {
    return this.depth === 0 ? 0 : this.flags[this.depth - 1]!;
  }
  /** The nearest position of a kind from the top of the stack, -1 for none. */
  private nearest(kind: Stop): number {
    return this.depth === 0 ? -1 : this.stops[(this.depth - 1) * STOPS + kind]!;
  }
  private pop(): void {
    const at = --this.depth;
    const tagId = this.ids[at]!;
    this.lastOf[tagId] = this.sameBelow[at]!;
    if (tagId === TEMPLATE && (this.flags[at]! & FOREIGN) === 0) this.templates--;
    this.mask = at > 0 ? this.masks[at - 1]! : this.rootMask;
    this.inForeign = at > 0 && (this.flags[at - 1]! & FOREIGN) !== 0;
  }
  /** Pops the element at `position` and everything above it. */
  private popTo(position: number): void {
    while (this.depth > position) this.pop();
  }
  private popThrough(tagId: number): void {
    const at = this.lastOf[tagId]!;
    if (at !== -1) this.popTo(at);
  }
  /** The spec's "has an element in scope", for the scope whose boundaries are `kind` (the element may be a boundary itself). */
  private inScope(tagId: number, kind: Stop): boolean {
    const at = this.lastOf[tagId]!;
    return at !== -1 && at >= this.nearest(kind);
  }
  /** `<li>` (or `<dd>`/`<dt>`) closes an open one unless a special element other than address, div or p is nearer. */
  private closeItem(first: number, second: number): void {
    const at = second === -1 ? this.lastOf[first]! : Math.max(this.lastOf[first]!, this.lastOf[second]!);
    if (at !== -1 && at >= this.nearest(Stop.Item)) this.popTo(at);
  }
  private grow(): void {
    this.ids = grown(this.ids);
    this.flags = grown(this.flags);
    this.masks = grown(this.masks);
    this.sameBelow = grown(this.sameBelow);
    this.stops = grown(this.stops);
  }
}
