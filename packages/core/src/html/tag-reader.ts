/**
 * The tag states of the HTML tokenizer (tag name, before/after attribute name, attribute name,
 * attribute value double-quoted, single-quoted and unquoted, self-closing start tag), read in
 * place: a tag's end is found from value to value with `indexOf`, and its attributes are walked
 * one by one only for a visitor that asks for them. Every reader of tags (the tokenizer,
 * tokenizer.ts, and the pre-body scan) reads them here; what a read leaves behind (how the tag
 * closed, where its name ended) is on the reader object, one per page.
 */
// The attribute-mode decoder of the `entities` package (the spec's named and numeric references).
import { decodeHTMLAttribute } from 'entities/decode';
import {
  asciiLowercase,
  isHtmlWhitespace,
  type RawAttribute,
  type SelfClosingStyle,
  type StartTagToken,
} from './types.js';

const SLASH = 0x2f;
const GREATER_THAN = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** Told each attribute of a walked tag: its name's span and its value's (`valueStart` -1: no value); `quote` is `"` (34), `'` (39) or 0 (unquoted). */
export interface AttributeVisitor {
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: number): void;
}

function endsName(code: number): boolean {
  // Every character that ends a name is `>` or below: letters answer at once.
  return code <= GREATER_THAN && (code === SLASH || code === GREATER_THAN || isHtmlWhitespace(code));
}
const lower = (code: number) => (code >= 0x41 && code <= 0x5a ? code | 0x20 : code);
/** Whether the name written at `from` reads as `name` (lowercase) once ASCII-lowercased. */
export function sameName(html: string, from: number, name: string): boolean {
  for (let offset = 0; offset < name.length; offset++)
    if (lower(html.charCodeAt(from + offset)) !== name.charCodeAt(offset)) return false;
  return true;
}

/**
 * Names seen lately (tag names, ASCII-lowercased), by a hash of their lowercased characters: a
 * page uses a few dozen names over and over, and a name found here is neither sliced nor
 * lowercased again. A bounded cache shared by every reader (a name is the same string for every
 * page); a miss replaces the entry.
 */
const NAME_SLOTS = 256;
/** Longer names are not kept: a hostile page of long names would only churn the table. */
const MAX_CACHED_NAME = 24;
const cachedNames: Array<string | undefined> = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

/** Where an unquoted value that starts at `start` ends: at whitespace or `>`, or the end of input. */
function unquotedValueEnd(html: string, start: number): number {
  const length = html.length;
  let end = start + 1;
  while (end < length) {
    const code = html.charCodeAt(end);
    if (code === GREATER_THAN || isHtmlWhitespace(code)) break;
    end++;
  }
  return end;
}

/**
 * Reads the tags of one page. `name` and `end` leave what else they learnt on the reader
 * (`nameEnd`, `selfClosing`), so that no object is made per tag.
 */
export class TagReader {
  /** Where the name last read by {@link name} ends. */
  nameEnd = 0;
  /** How the tag last read by {@link end} closed: `>`, ` />` or `/>`. */
  selfClosing: SelfClosingStyle = 'none';
  /** The last `=` found, and where that search started: a page without one is searched once. */
  private equalsFrom = 0;
  private equalsAt = -2;

  constructor(readonly html: string) {}

  /** The ASCII-lowercased name of the tag whose name starts at `from`, up to whitespace, `/`, `>` or the end of input ({@link nameEnd}). */
  name(from: number): string {
    const html = this.html;
    const length = html.length;
    let index = from;
    let hash = 0;
    for (; index < length; index++) {
      const code = html.charCodeAt(index);
      if (endsName(code)) break;
      hash = (Math.imul(hash, 31) + lower(code)) | 0;
    }
    this.nameEnd = index;
    const count = index - from;
    if (count > MAX_CACHED_NAME) return asciiLowercase(html.slice(from, index));
    const slot = (hash ^ (hash >>> 11) ^ count) & (NAME_SLOTS - 1);
    const cached = cachedNames[slot];
    if (cached !== undefined && cached.length === count && sameName(html, from, cached)) return cached;
    const name = asciiLowercase(html.slice(from, index));
    cachedNames[slot] = name;
    return name;
  }

  /**
   * The end (after its `>`) of the tag whose attributes start at `from` (right after its name),
   * or -1 when the input ends inside it: a `>` inside a quoted value does not end it. With a
   * `visitor`, every attribute is walked and told to it; without, the tag is crossed from one
   * value to the next with `indexOf`.
   */
  end(from: number, visitor?: AttributeVisitor): number {
    return visitor === undefined ? this.jump(from) : this.walk(from, visitor);
  }

  /** The first `=` at or after `from`, or -1; searches that move forward reuse the last answer while it lies ahead. */
  private nextEquals(from: number): number {
    if (this.equalsAt !== -2 && from >= this.equalsFrom && (this.equalsAt === -1 || this.equalsAt >= from))
      return this.equalsAt;
    this.equalsFrom = from;
    this.equalsAt = this.html.indexOf('=', from);
    return this.equalsAt;
  }

  /**
   * {@link end} without a visitor. `p` always stands where the tokenizer is in the "before
   * attribute name" state. Only a value can hide a `>`, and only an `=` that follows an attribute
   * name starts one: with no `=` before the next `>`, that `>` ends the tag. The rare `=` that
   * starts an attribute name (`<a =x>`, `<a/=x>`) is left to the walk of every state.
   */
  private jump(from: number): number {
    const html = this.html;
    const length = html.length;
    let p = from;
    let gt = html.indexOf('>', p);
    for (;;) {
      // A `>` that a quoted value hid: the next one after it.
      if (gt !== -1 && gt < p) gt = html.indexOf('>', p);
      if (gt === -1) return -1;
      const equals = this.nextEquals(p);
      if (equals === -1 || equals > gt) {
        // Names, whitespace and `/` up to the `>`: a `/` right before it closes the tag.
        this.selfClosing =
          gt > p && html.charCodeAt(gt - 1) === SLASH
            ? isHtmlWhitespace(html.charCodeAt(gt - 2))
              ? 'spaced'
              : 'tight'
            : 'none';
        return gt + 1;
      }
      let before = equals - 1;
      while (before >= p && isHtmlWhitespace(html.charCodeAt(before))) before--;
      if (before < p || html.charCodeAt(before) === SLASH) return this.walk(p, undefined);
      // The `=` follows an attribute name: its value.
      let value = equals + 1;
      while (value < length && isHtmlWhitespace(html.charCodeAt(value))) value++;
      if (value >= length) return -1;
      const first = html.charCodeAt(value);
      if (first === GREATER_THAN) {
        this.selfClosing = 'none';
        return value + 1;
      }
      if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
        const close = html.indexOf(first === DOUBLE_QUOTE ? '"' : "'", value + 1);
        if (close === -1) return -1;
        p = close + 1;
      } else p = unquotedValueEnd(html, value);
    }
  }

  /** {@link end} through every state, character by character. */
  private walk(from: number, visitor: AttributeVisitor | undefined): number {
    const html = this.html;
    const length = html.length;
    let index = from;
    let selfClosing: SelfClosingStyle = 'none';
    for (;;) {
      while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
      if (index >= length) return -1;
      const code = html.charCodeAt(index);
      if (code === GREATER_THAN) {
        index++;
        break;
      }
      if (code === SLASH) {
        // Self-closing start tag state: `/>` closes the tag; anything else is read again as the start of a name.
        if (html.charCodeAt(index + 1) === GREATER_THAN) {
          selfClosing = isHtmlWhitespace(html.charCodeAt(index - 1)) ? 'spaced' : 'tight';
          index += 2;
          break;
        }
        index++;
        continue;
      }
      // The first character of a name may be anything, even `=`.
      const nameStart = index++;
      while (index < length) {
        const next = html.charCodeAt(index);
        if (endsName(next) || next === EQUALS) break;
        index++;
      }
      const nameEnd = index;
      let valueStart = -1;
      let valueEnd = -1;
      let quote = 0;
      while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
      if (html.charCodeAt(index) === EQUALS) {
        index++;
        while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
        if (index >= length) return -1;
        const first = html.charCodeAt(index);
        if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
          const close = html.indexOf(first === DOUBLE_QUOTE ? '"' : "'", index + 1);
          if (close === -1) return -1;
          quote = first;
          valueStart = index + 1;
          valueEnd = close;
          index = close + 1;
        } else if (first !== GREATER_THAN) {
          valueStart = index;
          valueEnd = index = unquotedValueEnd(html, index);
          if (index >= length) return -1;
        }
      }
      visitor?.attribute(nameStart, nameEnd, valueStart, valueEnd, quote);
    }
    this.selfClosing = selfClosing;
    return index;
  }
}

/**
 * Duplicate attribute names are found by comparing with those read so far up to this many
 * attributes, and with a Set beyond: a tag has a few attributes, but hostile input may have
 * thousands, where the comparisons would take quadratic time.
 */
const LINEAR_DUPLICATE_CHECK = 16;
/** Collects every attribute of a tag, the first of duplicates only (as in HTML), names ASCII-lowercased, values raw. */
class AttributeList implements AttributeVisitor {
  readonly attributes: RawAttribute[] = [];
  private seen: Set<string> | undefined;
  constructor(private readonly html: string) {}
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: number): void {
    const name = asciiLowercase(this.html.slice(nameStart, nameEnd));
    const { attributes } = this;
    if (this.seen !== undefined) {
      if (this.seen.has(name)) return;
      this.seen.add(name);
    } else {
      for (let i = 0; i < attributes.length; i++) if (attributes[i]!.name === name) return;
      if (attributes.length + 1 === LINEAR_DUPLICATE_CHECK)
        this.seen = new Set([...attributes.map((attribute) => attribute.name), name]);
    }
    attributes.push({
      name,
      rawValue: valueStart === -1 ? '' : this.html.slice(valueStart, valueEnd),
      quote: quote === DOUBLE_QUOTE ? '"' : quote === SINGLE_QUOTE ? "'" : '',
    });
  }
}
/** Finds the first attribute of one name (lowercase): its raw value, '' without one. */
class AttributeFinder implements AttributeVisitor {
  value: string | undefined = undefined;
  constructor(
    private readonly html: string,
    private readonly wanted: string,
  ) {}
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    if (this.value !== undefined || nameEnd - nameStart !== this.wanted.length) return;
    if (sameName(this.html, nameStart, this.wanted))
      this.value = valueStart === -1 ? '' : this.html.slice(valueStart, valueEnd);
  }
}
/** Every attribute of the start tag at `start` (its `<`), read in place. */
export function readAttributes(html: string, start: number): RawAttribute[] {
  const reader = new TagReader(html);
  reader.name(start + 1);
  const list = new AttributeList(html);
  reader.end(reader.nameEnd, list);
  return list.attributes;
}
/** The raw value of attribute `name` (lowercase) of the start tag at `start`, or undefined. */
export function rawAttributeAt(html: string, start: number, name: string): string | undefined {
  const reader = new TagReader(html);
  reader.name(start + 1);
  const finder = new AttributeFinder(html, name);
  reader.end(reader.nameEnd, finder);
  return finder.value;
}

/** Whether the start tag at `start` has an attribute of one of these names (lowercase): `<font color|face|size>` in SVG. */
export function hasAnyAttribute(html: string, start: number, names: readonly string[]): boolean {
  return names.some((name) => rawAttributeAt(html, start, name) !== undefined);
}

/**
 * What a `<meta>` tells before anyone asks: its raw `name` value (undefined: none) and whether it
 * has `content`, `charset`, `http-equiv`, noted while the tag is walked, so that a lookup of an
 * absent one reads nothing. One per scan, read by each `<meta>`'s {@link HeadStartTag}.
 */
export class MetaFacts implements AttributeVisitor {
  name: string | undefined = undefined;
  present = 0;
  constructor(private readonly html: string) {}
  reset(): void {
    this.name = undefined;
    this.present = 0;
  }
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const html = this.html;
    const count = nameEnd - nameStart;
    if (count === 4 && this.name === undefined && sameName(html, nameStart, 'name'))
      this.name = valueStart === -1 ? '' : html.slice(valueStart, valueEnd);
    else if (count === 7) {
      if (sameName(html, nameStart, 'content')) this.present |= HAS_CONTENT;
      else if (sameName(html, nameStart, 'charset')) this.present |= HAS_CHARSET;
    } else if (count === 10 && sameName(html, nameStart, 'http-equiv')) this.present |= HAS_HTTP_EQUIV;
  }
  /** Whether the `<meta>` has a `http-equiv` attribute. */
  get hasHttpEquiv(): boolean {
    return (this.present & HAS_HTTP_EQUIV) !== 0;
  }
  /** Whether the `<meta>` has a `charset` attribute. */
  get hasCharset(): boolean {
    return (this.present & HAS_CHARSET) !== 0;
  }
}
const HAS_CONTENT = 1;
const HAS_CHARSET = 2;
const HAS_HTTP_EQUIV = 4;

/**
 * A start tag of the head whose attributes are read only when asked for: `rawAttribute` finds one
 * in the page without building the others; `attributes` reads them all (the first time only),
 * for the rare callers that need every one (a replaced robots tag keeps them).
 */
export class HeadStartTag implements StartTagToken {
  #html: string;
  #attributes: RawAttribute[] | undefined;
  /** A `<meta>`: its raw `name` value (undefined: none). */
  #metaName: string | undefined;
  /** Which of `content`, `charset`, `http-equiv` it has; -1: not known (not a `<meta>`). */
  #metaPresent: number;
  constructor(
    html: string,
    readonly start: number,
    readonly end: number,
    readonly name: string,
    readonly selfClosing: SelfClosingStyle,
    meta?: MetaFacts,
  ) {
    this.#html = html;
    this.#metaPresent = meta === undefined ? -1 : meta.present;
    this.#metaName = meta?.name;
  }
  /** On the prototype, not a field of each tag: one field less per `<meta>` of every head. */
  get type(): 'start-tag' {
    return 'start-tag';
  }
  get attributes(): RawAttribute[] {
    return (this.#attributes ??= readAttributes(this.#html, this.start));
  }
  /** The raw value (character references not decoded) of attribute `name` (lowercase), or undefined. */
  rawAttribute(name: string): string | undefined {
    const present = this.#metaPresent;
    if (present !== -1) {
      if (name === 'name') return this.#metaName;
      if (name === 'content' && (present & HAS_CONTENT) === 0) return undefined;
      if (name === 'charset' && (present & HAS_CHARSET) === 0) return undefined;
      if (name === 'http-equiv' && (present & HAS_HTTP_EQUIV) === 0) return undefined;
    }
    if (this.#attributes !== undefined) return this.#attributes.find((attribute) => attribute.name === name)?.rawValue;
    return rawAttributeAt(this.#html, this.start, name);
  }
}

/**
 * The value of an attribute as the DOM sees it: line breaks normalized to `\n` and NUL
 * replaced by U+FFFD (the input stream does both), then character references decoded, so
 * `&#13;` stays a carriage return.
 */
export function decodeAttributeValue(value: string): string {
  // Most values hold none of the three: returned as they are, without a copy.
  if (value.indexOf('&') === -1 && value.indexOf('\r') === -1 && value.indexOf('\0') === -1) return value;
  const raw = value.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  return raw.includes('&') ? decodeHTMLAttribute(raw) : raw;
}

/** The decoded value of attribute `name` (lowercase) of a tag, or undefined when absent. */
export function attributeValue(tag: StartTagToken, name: string): string | undefined {
  let raw: string | undefined;
  if (tag instanceof HeadStartTag) raw = tag.rawAttribute(name);
  else raw = tag.attributes.find((attribute) => attribute.name === name)?.rawValue;
  return raw === undefined ? undefined : decodeAttributeValue(raw);
}
