/**
 * The character-level readers of the pre-body scanner: tags, comments, raw text, script data,
 * attribute values (HTML spec tokenizer states).
 */
// The attribute-mode decoder htmlparser2's Tokenizer runs, without loading htmlparser2's index
// (its DOM handler, utilities and serializer): the runtime entry needs only this.
import { decodeHTMLAttribute } from 'entities/decode';
import {
  isHtmlWhitespace,
  asciiLowercase,
  isAsciiAlpha,
  type CommentToken,
  type EndOfFileToken,
  type EndTagToken,
  type RawAttribute,
  type SelfClosingStyle,
  type StartTagToken,
  type DoctypeToken,
  type MarkupToken,
} from './types.js';

/**
 * Whether `</name` (any case) followed by whitespace, `/` or `>` starts at `at`: the only
 * end tag that closes raw text, escapable raw text and script data.
 */
export function isAppropriateEndTag(html: string, at: number, name: string): boolean {
  if (html.charCodeAt(at) !== 0x3c || html.charCodeAt(at + 1) !== 0x2f) return false;
  const nameStart = at + 2;
  for (let offset = 0; offset < name.length; offset++) {
    // `| 0x20` folds only A–Z onto a–z among the codes that can equal a lowercase letter.
    if ((html.charCodeAt(nameStart + offset) | 0x20) !== name.charCodeAt(offset)) return false;
  }
  const after = html.charCodeAt(nameStart + name.length);
  return isHtmlWhitespace(after) || after === 0x2f || after === 0x3e;
}

/**
 * The end (exclusive) of a comment whose `<!--` starts at `start`: after `-->` or `--!>`,
 * or after the abrupt `<!-->` and `<!--->`; -1 when the input ends inside it.
 */
function commentEnd(html: string, start: number): number {
  const body = start + 4;
  if (html.startsWith('>', body)) return body + 1;
  if (html.startsWith('->', body)) return body + 2;
  let dashes = html.indexOf('--', body);
  while (dashes !== -1) {
    if (html.startsWith('>', dashes + 2)) return dashes + 3;
    if (html.startsWith('!>', dashes + 2)) return dashes + 4;
    dashes = html.indexOf('--', dashes + 1);
  }
  return -1;
}
/** The end (exclusive) of the comment whose `<!--` starts at `start`; the end of input when unclosed. */
export function findCommentEnd(html: string, start: number): number {
  const end = commentEnd(html, start);
  return end === -1 ? html.length : end;
}

/**
 * Where the raw text (`<style>`, `<noscript>`…) or escapable raw text (`<title>`,
 * `<textarea>`) of element `name` ends: the `<` of its end tag, or the end of input.
 * Nothing inside, not even a comment, can end it earlier.
 */
export function findRawTextEnd(html: string, from: number, name: string): number {
  let index = html.indexOf('</', from);
  while (index !== -1) {
    if (isAppropriateEndTag(html, index, name)) return index;
    index = html.indexOf('</', index + 2);
  }
  return html.length;
}

type ScriptState = 'data' | 'escaped' | 'double-escaped';
const HYPHEN = 0x2d;
const LESS_THAN = 0x3c;
/** Whether `script` (any case) followed by whitespace, `/` or `>` starts at `at`. */
function isScriptWordAt(html: string, at: number): boolean {
  if (asciiLowercase(html.slice(at, at + 6)) !== 'script') return false;
  const after = html.charCodeAt(at + 6);
  return isHtmlWhitespace(after) || after === SLASH || after === GREATER_THAN;
}
/**
 * Where the contents of a `<script>` end: the `<` of its `</script>`, or the end of input.
 * Follows the script data states, so in `<!-- <script> … </script> -->` the inner
 * `</script>` does not close the element.
 */
export function findScriptDataEnd(html: string, from: number): number {
  const length = html.length;
  let state: ScriptState = 'data';
  let dashes = 0;
  let index = from;
  while (index < length) {
    if (state === 'data') {
      const lessThan = html.indexOf('<', index);
      if (lessThan === -1) return length;
      if (isAppropriateEndTag(html, lessThan, 'script')) return lessThan;
      if (html.startsWith('<!--', lessThan)) {
        state = 'escaped';
        dashes = 2;
        index = lessThan + 4;
      } else {
        index = lessThan + 1;
      }
      continue;
    }
    const code = html.charCodeAt(index);
    if (code === HYPHEN) {
      dashes++;
      index++;
    } else if (code === GREATER_THAN) {
      if (dashes >= 2) state = 'data';
      dashes = 0;
      index++;
    } else if (code === LESS_THAN) {
      dashes = 0;
      if (state === 'escaped') {
        if (isAppropriateEndTag(html, index, 'script')) return index;
        if (isScriptWordAt(html, index + 1)) {
          state = 'double-escaped';
          index += 7;
          continue;
        }
      } else if (html.charCodeAt(index + 1) === SLASH && isScriptWordAt(html, index + 2)) {
        state = 'escaped';
        index += 8;
        continue;
      }
      index++;
    } else {
      dashes = 0;
      index++;
    }
  }
  return length;
}

const SLASH = 0x2f;
const GREATER_THAN = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
function skipWhitespace(html: string, index: number): number {
  while (index < html.length && isHtmlWhitespace(html.charCodeAt(index))) index++;
  return index;
}
function endsName(code: number): boolean {
  return isHtmlWhitespace(code) || code === SLASH || code === GREATER_THAN;
}
/**
 * Start tags whose attributes are read: `<meta>` (robots tags, the encoding declaration, the
 * viewport) and `<font>` (whether it leaves SVG or MathML in a template). Every other tag is only
 * followed to its end: building attribute objects for all of a head's tags was most of the scan's
 * allocation on pages with large heads.
 */
const ATTRIBUTE_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'font']);
/** The attributes of a tag whose attributes are not read (shared, never changed). */
const NO_ATTRIBUTES: RawAttribute[] = Object.freeze([]) as unknown as RawAttribute[];
/**
 * Duplicate attribute names are found by comparing with those read so far up to this many
 * attributes, and with a Set beyond: a tag has a few attributes, but hostile input may have
 * thousands, where the comparisons would take quadratic time.
 */
const LINEAR_DUPLICATE_CHECK = 16;
function hasAttribute(attributes: readonly RawAttribute[], seen: Set<string> | undefined, name: string): boolean {
  if (seen !== undefined) return seen.has(name);
  for (let i = 0; i < attributes.length; i++) if (attributes[i]!.name === name) return true;
  return false;
}
/**
 * Reads a start or end tag at `start` (a `<` followed by a letter, or `</` and a letter)
 * following the tag, attribute and attribute-value states of the HTML tokenizer, so a
 * `>` inside a quoted value does not end the tag. Attributes are read for `<meta>` and
 * `<font>` only (`ATTRIBUTE_ELEMENTS`); other start tags have none.
 */
export function readTag(html: string, start: number): StartTagToken | EndTagToken | EndOfFileToken {
  const length = html.length;
  const isEndTag = html.charCodeAt(start + 1) === SLASH;
  let index = start + (isEndTag ? 2 : 1);
  const nameStart = index;
  while (index < length && !endsName(html.charCodeAt(index))) index++;
  const name = asciiLowercase(html.slice(nameStart, index));
  const readsAttributes = !isEndTag && ATTRIBUTE_ELEMENTS.has(name);
  const attributes: RawAttribute[] = readsAttributes ? [] : NO_ATTRIBUTES;
  let seen: Set<string> | undefined;
  let selfClosing: SelfClosingStyle = 'none';

  for (;;) {
    index = skipWhitespace(html, index);
    if (index >= length) return { type: 'end-of-file', start, end: length };
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
    const attributeStart = index++;
    while (index < length) {
      const next = html.charCodeAt(index);
      if (endsName(next) || next === EQUALS) break;
      index++;
    }
    const attributeEnd = index;
    let valueStart = -1;
    let valueEnd = -1;
    let quote: RawAttribute['quote'] = '';
    index = skipWhitespace(html, index);
    if (html.charCodeAt(index) === EQUALS) {
      index = skipWhitespace(html, index + 1);
      if (index >= length) return { type: 'end-of-file', start, end: length };
      const first = html.charCodeAt(index);
      if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
        const close = html.indexOf(first === DOUBLE_QUOTE ? '"' : "'", index + 1);
        if (close === -1) return { type: 'end-of-file', start, end: length };
        quote = first === DOUBLE_QUOTE ? '"' : "'";
        valueStart = index + 1;
        valueEnd = close;
        index = close + 1;
      } else if (first !== GREATER_THAN) {
        valueStart = index;
        while (index < length) {
          const next = html.charCodeAt(index);
          if (isHtmlWhitespace(next) || next === GREATER_THAN) break;
          index++;
        }
        valueEnd = index;
      }
    }
    if (!readsAttributes) continue;
    const attributeName = asciiLowercase(html.slice(attributeStart, attributeEnd));
    if (hasAttribute(attributes, seen, attributeName)) continue;
    attributes.push({
      name: attributeName,
      rawValue: valueStart === -1 ? '' : html.slice(valueStart, valueEnd),
      quote,
    });
    if (seen !== undefined) seen.add(attributeName);
    else if (attributes.length === LINEAR_DUPLICATE_CHECK)
      seen = new Set(attributes.map((attribute) => attribute.name));
  }

  return isEndTag
    ? { type: 'end-tag', start, end: index, name }
    : { type: 'start-tag', start, end: index, name, attributes, selfClosing };
}

const EXCLAMATION = 0x21;
const QUESTION = 0x3f;
/** A bogus comment runs to the first `>` at or after `from`; -1 when there is none. */
function bogusCommentEnd(html: string, from: number): number {
  const close = html.indexOf('>', from);
  return close === -1 ? -1 : close + 1;
}
function comment(start: number, end: number, length: number): CommentToken {
  return end === -1
    ? { type: 'comment', start, end: length, closed: false }
    : { type: 'comment', start, end, closed: true };
}
/** A doctype ends at its first `>`, even inside a quoted identifier. */
function readDoctype(html: string, start: number): DoctypeToken {
  const close = bogusCommentEnd(html, start + 9);
  const end = close === -1 ? html.length : close;
  let index = start + 9;
  while (index < end && isHtmlWhitespace(html.charCodeAt(index))) index++;
  const nameStart = index;
  while (index < end && !isHtmlWhitespace(html.charCodeAt(index)) && html.charCodeAt(index) !== GREATER_THAN) index++;
  const name = index > nameStart ? asciiLowercase(html.slice(nameStart, index)) : undefined;
  return { type: 'doctype', start, end, name, closed: close !== -1 };
}
/**
 * Reads the markup that starts with the `<` at `start`, in the HTML tokenizer's data state.
 * `foreign`: the parser is inside SVG or MathML, where `<![CDATA[` opens a CDATA section.
 */
export function readMarkup(html: string, start: number, foreign = false): MarkupToken {
  const next = html.charCodeAt(start + 1);
  if (isAsciiAlpha(next)) return readTag(html, start);
  const length = html.length;
  if (next === EXCLAMATION) {
    if (html.startsWith('--', start + 2)) return comment(start, commentEnd(html, start), length);
    if (/^doctype/i.test(html.slice(start + 2, start + 9))) return readDoctype(html, start);
    if (foreign && html.startsWith('[CDATA[', start + 2)) {
      const close = html.indexOf(']]>', start + 9);
      return comment(start, close === -1 ? -1 : close + 3, length);
    }
    return comment(start, bogusCommentEnd(html, start + 2), length);
  }
  if (next === SLASH) {
    const afterSlash = html.charCodeAt(start + 2);
    if (isAsciiAlpha(afterSlash)) return readTag(html, start);
    if (afterSlash === GREATER_THAN) return { type: 'ignored', start, end: start + 3 };
    if (start + 2 >= length) return { type: 'character', start, end: start + 1 };
    return comment(start, bogusCommentEnd(html, start + 2), length);
  }
  if (next === QUESTION) return comment(start, bogusCommentEnd(html, start + 1), length);
  return { type: 'character', start, end: start + 1 };
}

/**
 * Elements whose contents the tokenizer reads as text up to their own end tag.
 * `<noscript>` is among them because browsers and search engine renderers run with
 * scripting enabled: a `<meta>` inside it is text, not a tag.
 */
export const TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'title',
  'textarea',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
/** Where an element ends (exclusive), and whether its end tag is there or the input ran out first. */
export interface ElementExtent {
  end: number;
  closed: boolean;
}
/**
 * The extent of the element that `tag` opens, when its contents are text (`<script>`,
 * `<style>`, `<title>`, `<noscript>`…); just the tag for any other element.
 * Self-closing syntax does not make such an element empty, just as in browsers.
 */
export function textElementEnd(html: string, tag: StartTagToken): ElementExtent {
  let contentsEnd: number;
  if (tag.name === 'script') contentsEnd = findScriptDataEnd(html, tag.end);
  else if (TEXT_ELEMENTS.has(tag.name)) contentsEnd = findRawTextEnd(html, tag.end, tag.name);
  else if (tag.name === 'plaintext') return { end: html.length, closed: false };
  else return { end: tag.end, closed: true };
  const endTag = contentsEnd >= html.length ? undefined : readTag(html, contentsEnd);
  if (endTag === undefined || endTag.type === 'end-of-file') return { end: html.length, closed: false };
  return { end: endTag.end, closed: true };
}

/** Character references that decode to HTML whitespace: `&#32;`, `&#x0A;`, `&Tab;`… */
const WHITESPACE_REFERENCE =
  /&(?:#[xX]0*(?:9|[aAcCdD]|20)(?![0-9a-fA-F]);?|#0*(?:9|10|12|13|32)(?![0-9]);?|Tab;|NewLine;)/y;
/**
 * The offset of the first character in text [from, to) that is not whitespace once
 * character references are decoded, or -1. Before `<body>`, such a character opens the body.
 */
export function firstContentCharacter(html: string, from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const code = html.charCodeAt(index);
    if (isHtmlWhitespace(code)) continue;
    if (code === 0x26) {
      WHITESPACE_REFERENCE.lastIndex = index;
      if (WHITESPACE_REFERENCE.test(html) && WHITESPACE_REFERENCE.lastIndex <= to) {
        index = WHITESPACE_REFERENCE.lastIndex - 1;
        continue;
      }
    }
    return index;
  }
  return -1;
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
