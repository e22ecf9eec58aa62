/**
 * The body pass: adds `rel` tokens to links (`links` rules) and `data-nosnippet` to chosen
 * elements (`nosnippet`), reading the page with the HTML reader (tokenizer.ts, the spec's
 * tokenizer states with text, comments, raw text and values passed over by `indexOf`, and the
 * tree builder's stack of open elements, element-stack.ts) and splicing at its offsets. Comments,
 * `<script>` (legacy `<!--` scripts too), `<style>`, `<textarea>`, `<title>` and the other
 * raw-text elements are never read as markup; `<template>` contents and SVG/MathML `<a>` are left
 * alone, HTML inside an integration point (`<foreignObject>`…) is not. Only the edited attributes change: an existing `rel` keeps its quotes and tokens
 * and gets the missing ones appended (compared case-insensitively), a new `rel` follows the quotes
 * of the link's `href`. One pass, linear in the page; a start tag no link rule or selector can be
 * about has its attributes skipped by the scanner, unread.
 */
import { ElementStack } from './element-stack.js';
import { fontBreaksOut, isHtmlEncoding } from './foreign-content.js';
import { decodeAttributeValue } from './tag-reader.js';
import { matchesSimpleSelector, selectorAttributes, type ElementView, type SimpleSelector } from './simple-selector.js';
import { END_ONLY, Tokenizer, type TagInterest, type TokenSink } from './tokenizer.js';
import { asciiLowercase } from './types.js';

/** One link rule, as the page's plan holds it. */
export interface BodyLinkRule<T> {
  /** Lower-cased tokens to add: `nofollow`, `ugc`, `sponsored`. */
  rel: readonly string[];
  /** Bits of `BodyPlan.selectors` the link must sit inside (or match itself); 0 for anywhere. */
  withinMask: number;
  /** Whether the rule applies to the link's target; undefined for every link. */
  target?: (link: T) => boolean;
}
/** What the body pass does to one page. */
export interface BodyPlan<T> {
  /** The selectors of `within` and `nosnippet`, bit `i` for `selectors[i]` (at most 31). */
  selectors: readonly SimpleSelector[];
  links: ReadonlyArray<BodyLinkRule<T>>;
  /** Bits of `selectors` whose elements get `data-nosnippet`. */
  nosnippetMask: number;
  /** The link a raw `href` points to, or undefined for what is not a crawlable link (`mailto:`, `javascript:`). */
  resolveLink(href: string): T | undefined;
}
/** An element a `nosnippet` selector chose that Google ignores `data-nosnippet` on: left alone. */
export interface IgnoredNosnippet {
  tag: string;
  selector: string;
}
export interface BodyRewriteResult {
  html: string;
  changed: boolean;
  /** Links whose `rel` changed. */
  links: number;
  /** Elements that got `data-nosnippet`. */
  nosnippet: number;
  /** The first few elements left without `data-nosnippet` because Google ignores it there. */
  ignored: IgnoredNosnippet[];
}

/** Google honours `data-nosnippet` on these elements only. */
export const NOSNIPPET_ELEMENTS: ReadonlySet<string> = new Set(['span', 'div', 'section']);
const MAX_IGNORED_REPORTED = 10;
/** The attributes every plan reads, at these slots; a plan's selectors add theirs after them. */
const HREF = 0;
const REL = 1;
const NOSNIPPET = 2;
/** `annotation-xml`'s `encoding`: whether it is an HTML integration point. */
const ENCODING = 3;
const DQUOTE = 34;
const SQUOTE = 39;

/** Runs the plan over one page. A page with nothing to change is returned as the same string. */
export function rewriteBody<T>(html: string, plan: BodyPlan<T>): BodyRewriteResult {
  const result: BodyRewriteResult = { html, changed: false, links: 0, nosnippet: 0, ignored: [] };
  // Link rules without selectors need no element stack and look at `<a>` start tags only, until an
  // `<svg>`, `<math>` or `<template>` start tag (links inside are left alone): the page is then
  // read again from its start with the stack. Up to that tag the two readings are the same.
  let pass = new BodyPass(html, plan, result, plan.selectors.length === 0, spareStack);
  spareStack = undefined;
  try {
    pass.run();
    if (pass.needsStack) {
      result.links = 0;
      pass = new BodyPass(html, plan, result, false, pass.stack);
      pass.run();
    }
  } finally {
    pass.stack.reset();
    spareStack = pass.stack;
  }
  const edits = pass.edits;
  if (edits.length === 0) return result;
  const parts: string[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(html.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  parts.push(html.slice(from));
  result.html = parts.join('');
  result.changed = true;
  return result;
}

/** The element stack of the last page, reused by the next (the pass is synchronous: one page at a time). */
let spareStack: ElementStack | undefined;

interface Edit {
  at: number;
  end: number;
  text: string;
}

/**
 * The scanner's sink. The attributes it reads are slots (href, rel, data-nosnippet, then the
 * selectors' names), filled per start tag without slicing names: a slot holds the current tag's
 * serial number when the tag has that attribute, so nothing is cleared between tags.
 */
class BodyPass<T> implements TokenSink {
  readonly edits: Edit[] = [];
  readonly stack: ElementStack;
  /** Without the stack: an element that needs it started, and the pass stopped there. */
  needsStack = false;
  private readonly scanner: Tokenizer;
  /** Lower-cased attribute names per slot, and the slots per name length (most names have no wanted length and are dropped at once). */
  private readonly names: string[];
  private readonly slotsByLength: number[][] = [];
  private readonly slotOf = new Map<string, number>();
  /** Per slot: the serial of the tag it was last seen on, its value's span, quote character (0 unquoted, -1 no value) and where the attribute ends. */
  private readonly seen: Int32Array;
  private readonly valueStart: Int32Array;
  private readonly valueEnd: Int32Array;
  private readonly quote: Int32Array;
  private readonly attributeEnd: Int32Array;
  private readonly decoded: Array<string | undefined>;
  /** Slots of attributes some selector reads: their presence is what makes a selector worth matching. */
  private readonly selectorSlot: Uint8Array;
  private serial = 0;
  /** The start tag being read, and its name's id on the stack. */
  private tag = '';
  private tagId = 0;
  /** The start tag as selectors see it. */
  private readonly view: ElementView = { tag: '', attribute: (name) => this.attributeValue(name) };
  private lastAttrEnd = 0;
  private selectorAttributesSeen = 0;
  private readonly hasSelectors: boolean;
  private readonly hasLinks: boolean;
  /** Some selector matches on the tag name alone, so elements without any selector attribute can match. */
  private readonly tagOnly: boolean;
  /** Some selector names no tag: every start tag's attributes are read. */
  private readonly anyTag: boolean;
  /** The tag names the selectors name. */
  private readonly selectorTags: ReadonlySet<string>;

  constructor(
    private readonly html: string,
    private readonly plan: BodyPlan<T>,
    private readonly result: BodyRewriteResult,
    private readonly light: boolean,
    stack: ElementStack | undefined,
  ) {
    this.stack = stack ?? new ElementStack();
    this.scanner = new Tokenizer(html, this);
    const names = ['href', 'rel', 'data-nosnippet', 'encoding'];
    for (const selector of plan.selectors)
      for (const name of selectorAttributes(selector)) if (!names.includes(name)) names.push(name);
    this.names = names;
    names.forEach((name, slot) => {
      (this.slotsByLength[name.length] ??= []).push(slot);
      this.slotOf.set(name, slot);
    });
    const slots = names.length;
    this.seen = new Int32Array(slots);
    this.valueStart = new Int32Array(slots);
    this.valueEnd = new Int32Array(slots);
    this.quote = new Int32Array(slots);
    this.attributeEnd = new Int32Array(slots);
    this.decoded = new Array<string | undefined>(slots);
    this.selectorSlot = new Uint8Array(slots);
    for (const selector of plan.selectors)
      for (const name of selectorAttributes(selector)) this.selectorSlot[this.slotOf.get(name)!] = 1;
    this.hasSelectors = plan.selectors.length > 0;
    this.hasLinks = plan.links.length > 0;
    this.tagOnly = plan.selectors.some((selector) => selectorAttributes(selector).length === 0);
    this.anyTag = plan.selectors.some((selector) => selector.tag === undefined);
    this.selectorTags = new Set(
      plan.selectors.flatMap((selector) => (selector.tag === undefined ? [] : [selector.tag])),
    );
  }

  /** Reads the page. */
  run(): void {
    this.scanner.run();
  }

  openTag(name: string, start: number, nameEnd: number): TagInterest {
    if (this.light) {
      if (name !== 'a') {
        if (name === 'svg' || name === 'math' || name === 'template' || name === 'select') {
          this.needsStack = true;
          this.scanner.stop();
        }
        return false;
      }
      this.begin(name, nameEnd);
      return true;
    }
    this.begin(name, nameEnd);
    const tagId = (this.tagId = this.stack.idOf(name));
    this.stack.beforeStart(tagId);
    // A start tag the tree builder drops (in `<select>`): no element, nothing to edit.
    if (this.stack.ignoresStart) return false;
    if (this.stack.insertForeign && tagId === ElementStack.FONT && fontBreaksOut(this.html, start))
      this.stack.fontBreaksOut();
    // Attributes matter to a link and to an element a selector may match; other elements are
    // placed on the stack now, unless in SVG/MathML, where `/>` decides whether they open.
    if ((name === 'a' && this.hasLinks) || this.anyTag || this.selectorTags.has(name)) return true;
    if (this.stack.insertForeign) return name === 'annotation-xml' ? true : END_ONLY;
    this.finish(name, tagId, false);
    return false;
  }

  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: number): void {
    const end = valueStart === -1 ? nameEnd : quote === 0 ? valueEnd : valueEnd + 1;
    this.lastAttrEnd = end;
    const candidates = this.slotsByLength[nameEnd - nameStart];
    if (candidates === undefined) return;
    const slot = this.slotNamed(candidates, nameStart);
    if (slot === -1 || this.seen[slot] === this.serial) return;
    // The first of an attribute wins, as in the DOM.
    this.seen[slot] = this.serial;
    this.valueStart[slot] = valueStart;
    this.valueEnd[slot] = valueEnd;
    this.quote[slot] = valueStart === -1 ? -1 : quote;
    this.attributeEnd[slot] = end;
    this.decoded[slot] = undefined;
    if (this.selectorSlot[slot] === 1) this.selectorAttributesSeen++;
  }

  openTagEnd(_end: number, selfClosing: boolean): void {
    const name = this.tag;
    if (this.light) {
      this.editLink(0);
      return;
    }
    this.finish(name, this.tagId, selfClosing);
  }

  closeTag(start: number, end: number): void {
    if (this.light) return;
    const stack = this.stack;
    // Most end tags close the innermost element: told without slicing the name.
    if (stack.endsTop(this.html, start, end)) return;
    const name = asciiLowercase(this.html.slice(start, end));
    if (name !== 'html' && name !== 'body' && name !== 'head') stack.end(name);
  }

  staysInData(): boolean {
    return !this.light && (this.stack.insertForeign || this.stack.ignoresStart);
  }

  inForeignContent(): boolean {
    return !this.light && this.stack.inForeign;
  }

  /** The decoded value of one of the current tag's attributes (first occurrence), undefined when absent or not read. */
  private attributeValue(name: string): string | undefined {
    const slot = this.slotOf.get(name);
    return slot === undefined ? undefined : this.value(slot);
  }

  private begin(name: string, nameEnd: number): void {
    this.tag = name;
    this.serial++;
    this.lastAttrEnd = nameEnd;
    this.selectorAttributesSeen = 0;
  }

  /** The slot among `candidates` (all of one length) whose name the attribute at `start` has, ASCII case-insensitively; -1 for none. */
  private slotNamed(candidates: readonly number[], start: number): number {
    const html = this.html;
    outer: for (const slot of candidates) {
      const name = this.names[slot]!;
      for (let i = 0; i < name.length; i++) {
        let code = html.charCodeAt(start + i);
        if (code >= 0x41 && code <= 0x5a) code |= 0x20;
        if (code !== name.charCodeAt(i)) continue outer;
      }
      return slot;
    }
    return -1;
  }

  private has(slot: number): boolean {
    return this.seen[slot] === this.serial;
  }
  /** The slot's value as the DOM has it: references decoded only when the raw value has any. */
  private value(slot: number): string | undefined {
    if (this.seen[slot] !== this.serial) return undefined;
    const start = this.valueStart[slot]!;
    if (start === -1) return '';
    const cached = this.decoded[slot];
    if (cached !== undefined) return cached;
    return (this.decoded[slot] = decodeAttributeValue(this.html.slice(start, this.valueEnd[slot]!)));
  }

  /** The element's own selector bits. */
  private ownMask(name: string): number {
    if (!this.hasSelectors || (!this.tagOnly && this.selectorAttributesSeen === 0)) return 0;
    const selectors = this.plan.selectors;
    let mask = 0;
    const view = this.view;
    view.tag = name;
    for (let bit = 0; bit < selectors.length; bit++) {
      if (matchesSimpleSelector(selectors[bit]!, view)) mask |= 1 << bit;
    }
    return mask;
  }

  /** A start tag read to its end (or to its name, when nothing in it matters): edits, then the stack. */
  private finish(name: string, tagId: number, selfClosing: boolean): void {
    const stack = this.stack;
    const own = this.ownMask(name);
    if (stack.templates === 0 && !stack.insertForeign) {
      if (name === 'a' && this.hasLinks) this.editLink(stack.mask | own);
      const nosnippet = own & this.plan.nosnippetMask;
      if (nosnippet !== 0) this.markNosnippet(name, nosnippet);
    }
    if (name === 'html' || name === 'body') stack.addRootBits(own);
    else if (stack.opens(tagId, selfClosing))
      stack.push(tagId, own, name === 'annotation-xml' && isHtmlEncoding(this.value(ENCODING)));
  }

  private markNosnippet(name: string, bits: number): void {
    const result = this.result;
    if (!NOSNIPPET_ELEMENTS.has(name)) {
      if (result.ignored.length < MAX_IGNORED_REPORTED) {
        const selectors = this.plan.selectors;
        const bit = selectors.findIndex((_, i) => (bits >> i) & 1);
        result.ignored.push({ tag: name, selector: selectors[bit]!.text });
      }
    } else if (!this.has(NOSNIPPET)) {
      this.edits.push({ at: this.lastAttrEnd, end: this.lastAttrEnd, text: ' data-nosnippet' });
      result.nosnippet++;
    }
  }

  private editLink(mask: number): void {
    if (!this.has(HREF)) return;
    const href = this.value(HREF)!;
    let link: T | undefined | null = null;
    const add: string[] = [];
    for (const rule of this.plan.links) {
      if (rule.withinMask !== 0 && (rule.withinMask & mask) === 0) continue;
      if (link === null) link = this.plan.resolveLink(href);
      if (link === undefined) return;
      if (rule.target && !rule.target(link)) continue;
      for (const token of rule.rel) if (!add.includes(token)) add.push(token);
    }
    if (add.length === 0) return;
    const rel = this.has(REL) ? this.value(REL)! : undefined;
    const existing = rel !== undefined ? rel.toLowerCase().split(/[\t\n\f\r ]+/) : [];
    const missing = add.filter((token) => !existing.includes(token));
    if (missing.length === 0) return;
    const tokens = missing.join(' ');
    const q = this.quote[HREF] === SQUOTE ? "'" : '"';
    const relEnd = this.attributeEnd[REL]!;
    const relQuote = this.quote[REL]!;
    if (rel === undefined)
      this.edits.push({ at: this.lastAttrEnd, end: this.lastAttrEnd, text: ` rel=${q}${tokens}${q}` });
    else if (relQuote === DQUOTE || relQuote === SQUOTE) {
      this.edits.push({ at: relEnd - 1, end: relEnd - 1, text: (rel.trim() === '' ? '' : ' ') + tokens });
    } else if (relQuote === 0) {
      const raw = this.html.slice(this.valueStart[REL]!, this.valueEnd[REL]!);
      const quote = raw.includes('"') ? (raw.includes("'") ? '"' : "'") : '"';
      const kept = quote === '"' ? raw.replaceAll('"', '&quot;') : raw;
      this.edits.push({ at: this.valueStart[REL]!, end: relEnd, text: `${quote}${kept} ${tokens}${quote}` });
    } else {
      this.edits.push({ at: relEnd, end: relEnd, text: `=${q}${tokens}${q}` });
    }
    this.result.links++;
  }
}
