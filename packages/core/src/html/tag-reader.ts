/**
 * Start and end tags of the pre-body scan read without allocating: names from a small cache
 * (found by a hash of the lowercased characters), tag ends found past quoted values with
 * `indexOf`, and an attribute of a `<meta>` looked up in place in the page, so that only the
 * values asked for become strings. The states followed are those of `readTag` (tokenizer.ts):
 * tag name, before/after attribute name, attribute value (quoted or not), self-closing start tag.
 */
import { decodeAttributeValue, findRawTextEnd, findScriptDataEnd, readTag, TEXT_ELEMENTS } from './tokenizer.js';
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

/**
 * Names seen lately (tag and attribute names, ASCII-lowercased), by a hash of their lowercased
 * characters: a page uses a few dozen names over and over, and a name found here is neither
 * sliced nor lowercased again (and its hash, for the Sets that look it up, is already computed).
 * A miss is read as before and replaces the entry; the table's size bounds it whatever the input.
 */
const NAME_SLOTS = 256;
/** Longer names are not kept: a hostile page of long names would only churn the table. */
const MAX_CACHED_NAME = 24;
const cachedNames: Array<string | undefined> = new Array<string | undefined>(NAME_SLOTS).fill(undefined);
const lower = (code: number) => (code >= 0x41 && code <= 0x5a ? code | 0x20 : code);

/**
 * The internalized copy of a short string (the one V8 keeps for property keys): comparing it with
 * a literal (`name === 'head'`) is then a pointer comparison, and its hash for a Set is computed
 * already. Done once per name that enters a cache.
 */
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0] ?? text;
}
/** Where the name {@link readTagName} read last ends. */
let nameEndAt = 0;
export function lastNameEnd(): number {
  return nameEndAt;
}
/**
 * The ASCII-lowercased name of the tag whose name starts at `from`, read up to the first
 * whitespace, `/` or `>` (or the end of input: {@link lastNameEnd}), hashed on the way.
 */
export function readTagName(html: string, from: number): string {
  const length = html.length;
  let index = from;
  let hash = 0;
  for (; index < length; index++) {
    const code = html.charCodeAt(index);
    if (endsName(code)) break;
    hash = (Math.imul(hash, 31) + lower(code)) | 0;
  }
  nameEndAt = index;
  if (index - from > MAX_CACHED_NAME) return asciiLowercase(html.slice(from, index));
  return cachedName(html, from, index, hash);
}
function cachedName(html: string, from: number, to: number, hash: number): string {
  const count = to - from;
  const slot = (hash ^ (hash >>> 11) ^ count) & (NAME_SLOTS - 1);
  const cached = cachedNames[slot];
  if (cached !== undefined && cached.length === count && sameName(html, from, cached)) return cached;
  const name = internalized(asciiLowercase(html.slice(from, to)));
  cachedNames[slot] = name;
  return name;
}
/** Whether the name written at `from` reads as `name` (lowercase) once ASCII-lowercased. */
function sameName(html: string, from: number, name: string): boolean {
  for (let offset = 0; offset < name.length; offset++)
    if (lower(html.charCodeAt(from + offset)) !== name.charCodeAt(offset)) return false;
  return true;
}

function endsName(code: number): boolean {
  // Every character that ends a name is `>` or below: letters answer at once.
  return code <= GREATER_THAN && (code === SLASH || code === GREATER_THAN || isHtmlWhitespace(code));
}
/** How the last tag read by {@link tagEnd} closed (one value, not an object per tag). */
let lastSelfClosing: SelfClosingStyle = 'none';
/**
 * What the last `tagEnd(…, META)` call saw of the attributes a `<meta>` is asked for: the raw
 * `name` value (undefined: none) and which of `content`, `charset`, `http-equiv` it has, so that a
 * lookup of an absent one reads nothing.
 */
let metaNameStart = -1;
let metaNameEnd = -1;
let metaHasName = false;
let metaPresent = 0;
const HAS_CONTENT = 1;
const HAS_CHARSET = 2;
const HAS_HTTP_EQUIV = 4;
/** `wanted` of {@link tagEnd} for a `<meta>`: note its `name` value and which of the other three it has. */
export const META = '\0meta';
/** Where the value of the attribute {@link tagEnd} was asked to find is: -1 when absent or without a value. */
let foundValueStart = -1;
let foundValueEnd = -1;
let found = false;
/** How the tag last read by {@link tagEnd} closed: `>`, ` />` or `/>`. */
export function lastTagSelfClosing(): SelfClosingStyle {
  return lastSelfClosing;
}

/**
 * The end (after its `>`) of the tag whose attributes start at `from` (right after its name), or
 * -1 when the input ends inside it; a `>` inside a quoted value does not end it. With `wanted`
 * (a lowercase attribute name), the first attribute of that name is remembered for
 * {@link wantedValue}: the first of duplicate attributes is the one HTML keeps.
 */
export function tagEnd(html: string, from: number, wanted?: string): number {
  return wanted === undefined ? jumpToTagEnd(html, from) : walkToTagEnd(html, from, wanted);
}

/** The last `=` found by {@link nextEquals}, and where that search started: a page without one is searched once. */
let equalsHtml = '';
let equalsFrom = 0;
let equalsAt = -1;
/** Forgets the page the `=` search last read: a module must not keep a page alive after its scan. */
export function releasePage(): void {
  equalsHtml = '';
  equalsAt = -1;
}
/** The first `=` at or after `from`, or -1; searches that move forward reuse the last answer while it lies ahead. */
function nextEquals(html: string, from: number): number {
  if (html === equalsHtml && from >= equalsFrom && (equalsAt === -1 || equalsAt >= from)) return equalsAt;
  equalsHtml = html;
  equalsFrom = from;
  equalsAt = html.indexOf('=', from);
  return equalsAt;
}
/**
 * {@link tagEnd} without an attribute asked for: from one attribute value to the next with
 * `indexOf` instead of a step per character (a character loop costs tens of instructions per
 * character, `indexOf` a fraction). `p` always stands where the tokenizer is in the "before
 * attribute name" state. Only a value can hide a `>`, and only an `=` that follows an attribute
 * name starts one: with no `=` before the next `>`, that `>` ends the tag. The rare `=` that
 * starts an attribute name (`<a =x>`, `<a/=x>`) is left to the walk of every state.
 */
function jumpToTagEnd(html: string, from: number): number {
  const length = html.length;
  let p = from;
  let gt = html.indexOf('>', p);
  for (;;) {
    // A `>` that a quoted value hid: the next one after it.
    if (gt !== -1 && gt < p) gt = html.indexOf('>', p);
    if (gt === -1) return -1;
    const equals = nextEquals(html, p);
    if (equals === -1 || equals > gt) {
      // Names, whitespace and `/` up to the `>`: a `/` right before it closes the tag.
      lastSelfClosing =
        gt > p && html.charCodeAt(gt - 1) === SLASH
          ? isHtmlWhitespace(html.charCodeAt(gt - 2))
            ? 'spaced'
            : 'tight'
          : 'none';
      return gt + 1;
    }
    let before = equals - 1;
    while (before >= p && isHtmlWhitespace(html.charCodeAt(before))) before--;
    if (before < p || html.charCodeAt(before) === SLASH) return walkToTagEnd(html, p, undefined);
    // The `=` follows an attribute name: its value.
    let value = equals + 1;
    while (value < length && isHtmlWhitespace(html.charCodeAt(value))) value++;
    if (value >= length) return -1;
    if (html.charCodeAt(value) === GREATER_THAN) {
      lastSelfClosing = 'none';
      return value + 1;
    }
    p = attributeValueEnd(html, value);
    if (p === -1) return -1;
  }
}

/**
 * Where the attribute value that starts at `start` (not whitespace, not `>`) ends: after its
 * closing quote, or at the whitespace or `>` after an unquoted one; -1 when a quote is never closed.
 */
function attributeValueEnd(html: string, start: number): number {
  const first = html.charCodeAt(start);
  if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
    const close = html.indexOf(first === DOUBLE_QUOTE ? '"' : "'", start + 1);
    return close === -1 ? -1 : close + 1;
  }
  const length = html.length;
  let end = start + 1;
  while (end < length) {
    const code = html.charCodeAt(end);
    if (code === GREATER_THAN || isHtmlWhitespace(code)) break;
    end++;
  }
  return end;
}

/** {@link tagEnd} through every state, character by character: for `<meta>` and the lookups of an attribute. */
function walkToTagEnd(html: string, from: number, wanted: string | undefined): number {
  const length = html.length;
  let index = from;
  let selfClosing: SelfClosingStyle = 'none';
  found = false;
  const meta = wanted === META;
  if (meta) {
    metaHasName = false;
    metaPresent = 0;
  }
  for (;;) {
    while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
    if (index >= length) return -1;
    const code = html.charCodeAt(index);
    if (code === GREATER_THAN) {
      index++;
      break;
    }
    if (code === SLASH) {
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
    while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
    if (html.charCodeAt(index) === EQUALS) {
      index++;
      while (index < length && isHtmlWhitespace(html.charCodeAt(index))) index++;
      if (index >= length) return -1;
      const first = html.charCodeAt(index);
      if (first !== GREATER_THAN) {
        const end = attributeValueEnd(html, index);
        if (end === -1) return -1;
        const quoted = first === DOUBLE_QUOTE || first === SINGLE_QUOTE;
        valueStart = quoted ? index + 1 : index;
        valueEnd = quoted ? end - 1 : end;
        index = end;
      }
    }
    if (meta) {
      const count = nameEnd - nameStart;
      if (count === 4 && !metaHasName && sameName(html, nameStart, 'name')) {
        metaHasName = true;
        metaNameStart = valueStart;
        metaNameEnd = valueEnd;
      } else if (count === 7) {
        if (sameName(html, nameStart, 'content')) metaPresent |= HAS_CONTENT;
        else if (sameName(html, nameStart, 'charset')) metaPresent |= HAS_CHARSET;
      } else if (count === 10 && sameName(html, nameStart, 'http-equiv')) metaPresent |= HAS_HTTP_EQUIV;
    } else if (
      wanted !== undefined &&
      !found &&
      nameEnd - nameStart === wanted.length &&
      sameName(html, nameStart, wanted)
    ) {
      found = true;
      foundValueStart = valueStart;
      foundValueEnd = valueEnd;
    }
  }
  lastSelfClosing = selfClosing;
  return index;
}
/**
 * Short values seen lately, as written, by a hash of their characters: meta names repeat from
 * page to page (`viewport`, `description`, `robots`…), and one found here is not sliced again.
 */
const cachedValues: Array<string | undefined> = new Array<string | undefined>(NAME_SLOTS).fill(undefined);
function valueAt(html: string, from: number, to: number): string {
  const count = to - from;
  if (count > MAX_CACHED_NAME) return html.slice(from, to);
  let hash = count;
  for (let index = from; index < to; index++) hash = (Math.imul(hash, 31) + html.charCodeAt(index)) | 0;
  const slot = (hash ^ (hash >>> 11)) & (NAME_SLOTS - 1);
  const cached = cachedValues[slot];
  if (cached !== undefined && cached.length === count && html.startsWith(cached, from)) return cached;
  const value = internalized(html.slice(from, to));
  cachedValues[slot] = value;
  return value;
}

/**
 * Where the element `name` whose start tag ends at `from` ends: after the end tag of its text
 * (`<script>`, `<style>`, `<title>`, `<noscript>`…), at `from` for any other element, or -1 when
 * the input ends inside it. As `textElementEnd` (tokenizer.ts), without an object.
 */
export function textContentEnd(html: string, name: string, from: number): number {
  let contentsEnd: number;
  if (name === 'script') contentsEnd = findScriptDataEnd(html, from);
  else if (TEXT_ELEMENTS.has(name)) contentsEnd = findRawTextEnd(html, from, name);
  else if (name === 'plaintext') return -1;
  else return from;
  if (contentsEnd >= html.length) return -1;
  // The appropriate end tag `</name` is there: its attributes, if any, run to its `>`.
  return tagEnd(html, contentsEnd + 2 + name.length);
}

/** Attributes read in full, for the rare tags asked for all of them (kept beside the tags, not in a field of each). */
const readAttributes = new WeakMap<HeadStartTag, RawAttribute[]>();
/**
 * A start tag of the head whose attributes are read only when asked for: `attributeOf` finds one
 * in the page without building the others; `attributes` reads them all (the first time only),
 * as `readTag` does, for the rare callers that need every one (a replaced robots tag keeps them).
 */
export class HeadStartTag implements StartTagToken {
  #html: string;
  /** A `<meta>` read with {@link META}: its raw `name` value (undefined: none). */
  #metaName: string | undefined;
  /** Which of `content`, `charset`, `http-equiv` it has; -1: not known (not a `<meta>`, or not read so). */
  #metaPresent: number;
  /** Reads the meta facts of the last `tagEnd(…, META)` when `meta` says that call read this tag. */
  constructor(
    html: string,
    readonly start: number,
    readonly end: number,
    readonly name: string,
    readonly selfClosing: SelfClosingStyle,
    meta = false,
  ) {
    this.#html = html;
    this.#metaPresent = meta ? metaPresent : -1;
    this.#metaName =
      meta && metaHasName ? (metaNameStart === -1 ? '' : valueAt(html, metaNameStart, metaNameEnd)) : undefined;
  }
  /** On the prototype, not a field of each tag: one field less per `<meta>` of every head. */
  get type(): 'start-tag' {
    return 'start-tag';
  }
  get attributes(): RawAttribute[] {
    let attributes = readAttributes.get(this);
    if (attributes === undefined) {
      attributes = (readTag(this.#html, this.start) as StartTagToken).attributes;
      readAttributes.set(this, attributes);
    }
    return attributes;
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
    const attributes = readAttributes.get(this);
    if (attributes !== undefined) return attributes.find((attribute) => attribute.name === name)?.rawValue;
    tagEnd(this.#html, this.start + 1 + this.name.length, name);
    if (!found) return undefined;
    return foundValueStart === -1 ? '' : valueAt(this.#html, foundValueStart, foundValueEnd);
  }
}

/** The decoded value of attribute `name` (lowercase) of a tag, or undefined when absent. */
export function attributeValue(tag: StartTagToken, name: string): string | undefined {
  let raw: string | undefined;
  if (tag instanceof HeadStartTag) raw = tag.rawAttribute(name);
  else {
    const attributes = tag.attributes;
    for (let index = 0; index < attributes.length; index++) {
      if (attributes[index]!.name === name) {
        raw = attributes[index]!.rawValue;
        break;
      }
    }
  }
  return raw === undefined ? undefined : decodeAttributeValue(raw);
}
