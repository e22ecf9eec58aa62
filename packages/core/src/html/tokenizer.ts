/**
 * The character-level readers of the pre-body scanner: tags, comments, raw text, script data,
 * attribute values (HTML spec tokenizer states).
 */
import { readAttributes, TagReader } from './tag-reader.js';
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
/**
 * Start tags whose attributes {@link readTag} reads: `<meta>` (robots tags, the encoding
 * declaration, the viewport) and `<font>` (whether it leaves SVG or MathML in a template).
 */
const ATTRIBUTE_ELEMENTS: ReadonlySet<string> = new Set(['meta', 'font']);
/** The attributes of a tag whose attributes are not read (shared, never changed). */
const NO_ATTRIBUTES: RawAttribute[] = Object.freeze([]) as unknown as RawAttribute[];
/**
 * Reads a start or end tag at `start` (a `<` followed by a letter, or `</` and a letter) as a
 * token object, with tag-reader.ts's tag states. Attributes are read for `<meta>` and `<font>`
 * only (`ATTRIBUTE_ELEMENTS`); other start tags have none.
 */
export function readTag(html: string, start: number): StartTagToken | EndTagToken | EndOfFileToken {
  const reader = new TagReader(html);
  const isEndTag = html.charCodeAt(start + 1) === SLASH;
  const name = reader.name(start + (isEndTag ? 2 : 1));
  const end = reader.end(reader.nameEnd);
  if (end === -1) return { type: 'end-of-file', start, end: html.length };
  if (isEndTag) return { type: 'end-tag', start, end, name };
  const attributes = ATTRIBUTE_ELEMENTS.has(name) ? readAttributes(html, start) : NO_ATTRIBUTES;
  return { type: 'start-tag', start, end, name, attributes, selfClosing: reader.selfClosing };
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
 * Where the element `name` whose start tag ends at `from` ends: after the end tag of its text
 * (`<script>`, `<style>`, `<title>`, `<noscript>`…), at `from` for any other element, or -1 when
 * the input ends inside it. Self-closing syntax does not make such an element empty, just as in browsers.
 */
export function textContentEnd(reader: TagReader, name: string, from: number): number {
  const html = reader.html;
  let contentsEnd: number;
  if (name === 'script') contentsEnd = findScriptDataEnd(html, from);
  else if (TEXT_ELEMENTS.has(name)) contentsEnd = findRawTextEnd(html, from, name);
  else if (name === 'plaintext') return -1;
  else return from;
  if (contentsEnd >= html.length) return -1;
  // The appropriate end tag `</name` is there: its attributes, if any, run to its `>`.
  return reader.end(contentsEnd + 2 + name.length);
}
/** {@link textContentEnd} of a start tag token, as an extent. */
export function textElementEnd(html: string, tag: StartTagToken): ElementExtent {
  const end = textContentEnd(new TagReader(html), tag.name, tag.end);
  return end === -1 ? { end: html.length, closed: false } : { end, closed: true };
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

/** A start tag's interest to its sink: its attributes and end (`true`), its end only ({@link END_ONLY}), nothing (`false`). */
export type TagInterest = boolean | typeof END_ONLY;
/** Returned by {@link TokenSink.openTag}: tell the sink where the tag ends (and whether it is self-closing), not its attributes. */
export const END_ONLY = 2;

/** What the {@link Tokenizer} tells its reader. Offsets are UTF-16 indexes into the page. */
export interface TokenSink {
  /**
   * A start tag's name, ASCII-lowercased, `<` at `start`, the name as written ending at `nameEnd`.
   * Returns what the sink wants told of the rest of the tag: `true` for its attributes and its
   * end, {@link END_ONLY} for its end, `false` for nothing.
   */
  openTag(name: string, start: number, nameEnd: number): TagInterest;
  /** One attribute of a wanted start tag (see {@link AttributeVisitor}). */
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: number): void;
  /** A wanted start tag ends before `end` (after its `>`); `selfClosing`: it ends with `/>`. */
  openTagEnd(end: number, selfClosing: boolean): void;
  /** An end tag whose name as written runs from `start` to `end`. */
  closeTag(start: number, end: number): void;
  /**
   * Whether the start tag just told leaves the tokenizer in the data state although its name is a
   * raw-text one: it makes an SVG or MathML element, whose contents are markup (`<svg><style>`),
   * or the tree builder dropped it (`<select><style>`). Asked after {@link openTag}, for those
   * names only; absent: never.
   */
  staysInData?(): boolean;
  /** Whether the current node is an SVG or MathML element, where `<![CDATA[` opens a CDATA section. Absent: never. */
  inForeignContent?(): boolean;
}

/**
 * The HTML tokenizer's states over a whole page, for the readers that go past the head (the body
 * pass and the audit): text is passed over with `indexOf`, comments, doctypes, bogus comments and
 * CDATA sections (in SVG/MathML) are skipped, start and end tags are told to the sink, and after
 * a start tag the tree builder's switch of state is made: RCDATA (`title`, `textarea`), RAWTEXT
 * (`style`, `xmp`, `iframe`, `noembed`, `noframes`, and `noscript`, scripting on), script data with
 * its escaped and double-escaped states, PLAINTEXT; never for an SVG or MathML element.
 */
export class Tokenizer {
  private readonly reader: TagReader;
  private stopped = false;

  constructor(
    private readonly html: string,
    private readonly sink: TokenSink,
  ) {
    this.reader = new TagReader(html);
  }

  /** Stops the run after the current tag. */
  stop(): void {
    this.stopped = true;
  }

  /** Reads the page from `from` (a position in the data state) to its end, or until {@link stop}. */
  run(from = 0): void {
    const { html, sink, reader } = this;
    const length = html.length;
    let index = from;
    this.stopped = false;
    while (index < length && !this.stopped) {
      const lessThan = html.indexOf('<', index);
      if (lessThan === -1) return;
      const next = html.charCodeAt(lessThan + 1);
      if (isAsciiAlpha(next)) {
        const name = reader.name(lessThan + 1);
        const nameEnd = reader.nameEnd;
        if (nameEnd >= length) return;
        const interest = sink.openTag(name, lessThan, nameEnd);
        // Most tags without attributes end right after their name.
        const bare = html.charCodeAt(nameEnd) === GREATER_THAN;
        const end = bare ? nameEnd + 1 : reader.end(nameEnd, interest === true ? sink : undefined);
        if (end === -1) return;
        if (interest !== false) sink.openTagEnd(end, !bare && reader.selfClosing !== 'none');
        index = end;
        if (switchesToText(name) && sink.staysInData?.() !== true) {
          if (name === 'plaintext') return;
          index = this.textContents(name, end);
        }
      } else if (next === SLASH) {
        const after = html.charCodeAt(lessThan + 2);
        if (isAsciiAlpha(after)) {
          // The name is the sink's to read (most end tags close the current node, told without it).
          let nameEnd = lessThan + 3;
          while (nameEnd < length && !endsTagName(html.charCodeAt(nameEnd))) nameEnd++;
          // Nearly every end tag is `</name>`: its `>` is right there.
          const end = html.charCodeAt(nameEnd) === GREATER_THAN ? nameEnd + 1 : reader.end(nameEnd);
          if (end === -1) return;
          sink.closeTag(lessThan + 2, nameEnd);
          index = end;
        } else if (after === GREATER_THAN) index = lessThan + 3;
        else if (lessThan + 2 >= length) return;
        else index = skipPast(html, lessThan + 2);
      } else if (next === EXCLAMATION) {
        if (html.startsWith('--', lessThan + 2)) {
          const end = commentEnd(html, lessThan);
          if (end === -1) return;
          index = end;
        } else if (sink.inForeignContent?.() === true && html.startsWith('[CDATA[', lessThan + 2)) {
          const close = html.indexOf(']]>', lessThan + 9);
          if (close === -1) return;
          index = close + 3;
        } else index = skipPast(html, lessThan + 2);
      } else if (next === QUESTION) index = skipPast(html, lessThan + 1);
      else index = lessThan + 1;
    }
  }

  /** After the start tag of a text element ending at `from`: past its end tag (told to the sink), or the end of input. */
  private textContents(name: string, from: number): number {
    const html = this.html;
    const contentsEnd = name === 'script' ? findScriptDataEnd(html, from) : findRawTextEnd(html, from, name);
    if (contentsEnd >= html.length) return html.length;
    const nameEnd = contentsEnd + 2 + name.length;
    const end = this.reader.end(nameEnd);
    if (end === -1) return html.length;
    this.sink.closeTag(contentsEnd + 2, nameEnd);
    return end;
  }
}
/** Whether a character ends a tag name: whitespace, `/`, `>`. */
function endsTagName(code: number): boolean {
  return code <= GREATER_THAN && (code === SLASH || code === GREATER_THAN || isHtmlWhitespace(code));
}
/** Start tags after which the tree builder switches the tokenizer to text (HTML elements only). */
const TEXT_SWITCHING: ReadonlySet<string> = new Set([...TEXT_ELEMENTS, 'script', 'plaintext']);
/**
 * Whether a start tag is in {@link TEXT_SWITCHING}, asked of every start tag of a page: the names
 * a body is made of (`a`, `p`, `li`, `div`, `code`, `header`…) are told apart by their length
 * (3 to 9) and first letter (t, s, x, i, n, p) before the set is asked.
 */
function switchesToText(name: string): boolean {
  const length = name.length;
  if (length < 3 || length > 9) return false;
  switch (name.charCodeAt(0)) {
    case 0x69: // i
    case 0x6e: // n
    case 0x70: // p
    case 0x73: // s
    case 0x74: // t
    case 0x78: // x
      return TEXT_SWITCHING.has(name);
    default:
      return false;
  }
}
/** A bogus comment (or the rest of `<!…`) runs to the first `>` at or after `from`: the index after it, or the end. */
function skipPast(html: string, from: number): number {
  const close = html.indexOf('>', from);
  return close === -1 ? html.length : close + 1;
}
