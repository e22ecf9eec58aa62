/**
 * The tags of an HTML page exactly as htmlparser2's tokenizer (version 12, HTML mode, character
 * references left as written) reads them, for the audit's page reader and the body pass: text,
 * comments, raw text and attribute values are passed over with `indexOf` instead of a state change
 * per character, nothing is reported but start tags, the attributes and ends of the start tags a
 * sink asks for, and end tags; the audit's reader can pause it at a tag and resume. Each state
 * below is the tokenizer's state of the same name; quirks are kept on purpose (the audit must read
 * pages as it always did): `test/audit/read-page-differential.test.ts` holds the two to the same
 * result, and `test/html/body-pass-differential.test.ts` the body pass to the one it had on the
 * tokenizer.
 */

/** A start tag's interest to its sink: its attributes and end (`true`), its end only ({@link END_ONLY}), nothing (`false`). */
export type TagInterest = boolean | typeof END_ONLY;
/** Returned by {@link TagSink.openTag}: tell the sink where the tag ends (and whether it is self-closing), not its attributes. */
export const END_ONLY = 2;

/** What the scanner tells its reader. Offsets are UTF-16 indexes into the page. */
export interface TagSink {
  /**
   * A start tag's name, lower-cased (`toLowerCase`), `<` at `start`, the name as written ending at
   * `nameEnd`. Returns what the sink wants told of the rest of the tag: `true` for its attributes
   * and its end, {@link END_ONLY} for its end, `false` for nothing.
   */
  openTag(name: string, start: number, nameEnd: number): TagInterest;
  /**
   * One attribute of a wanted start tag, when it ends: its name's span and its value's
   * (`valueStart` -1: no value); `quote` is the value's quote character (`"` 34 or `'` 39), 0 when
   * unquoted. A quoted value's attribute ends after `valueEnd`'s quote, an unquoted one at `valueEnd`.
   */
  attribute(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, quote: number): void;
  /** A wanted start tag ends with the `>` at `end`; `selfClosing` when a `/` (and only whitespace) stands before it. */
  openTagEnd(end: number, selfClosing: boolean): void;
  /** An end tag's name as written, from `start` to `end`. */
  closeTag(start: number, end: number): void;
  /**
   * Whether the tag about to start is in SVG or MathML, where `<script>`, `<style>`, `<title>` and
   * the other raw-text names start no raw text (htmlparser2's `isInForeignContext`). Asked only for
   * those names, before {@link openTag}; absent: never.
   */
  isInForeignContext?(): boolean;
}

const TAB = 9,
  LF = 10,
  FF = 12,
  CR = 13,
  SPACE = 32,
  BANG = 33,
  DQUOTE = 34,
  DASH = 45,
  SQUOTE = 39,
  SLASH = 47,
  LT = 60,
  EQ = 61,
  GT = 62,
  QUESTION = 63,
  LBRACKET = 91;
function isWhitespace(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === FF || c === CR;
}
function isEndOfTagSection(c: number): boolean {
  // Every character that ends a section is `>` or below: letters and most others answer at once.
  return c <= GT && (c === SLASH || c === GT || isWhitespace(c));
}
function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
const codes = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const CDATA = codes('CDATA[');
const DOCTYPE = codes('doctype');
const COMMENT_END = codes('--!>');
const CDATA_END = codes(']]>');
/** Elements whose content is raw text up to their end tag, and `title`/`textarea` (RCDATA), as the tokenizer knows them. */
const RAW_TEXT = new Set(['iframe', 'noembed', 'noframes', 'script', 'style', 'xmp']);
const RCDATA = new Set(['title', 'textarea']);
/** Each such element's end sequence, `</name`. */
const END_SEQUENCES = new Map([...RAW_TEXT, ...RCDATA].map((name) => [name, codes(`</${name}`)]));
/** Whether a lower-cased start tag name starts raw text, RCDATA or plain text (outside SVG/MathML). */
function isSpecial(name: string): boolean {
  return END_SEQUENCES.has(name) || name === 'plaintext';
}

/**
 * Start tag names seen lately, lower-cased, by a hash of their ASCII-lower-cased characters: a
 * page uses a few dozen names over and over, and a name found here is neither sliced nor
 * lower-cased again. Only ASCII names are kept (for them ASCII lower-casing is `toLowerCase`),
 * each with whether it is special; a name that misses is read as before and replaces the entry.
 * The table's size bounds it whatever the pages.
 */
const NAME_SLOTS = 256;
const cachedNames: Array<string | undefined> = new Array(NAME_SLOTS).fill(undefined);
const cachedSpecial = new Uint8Array(NAME_SLOTS);

/** Where the scanner paused: between tokens, after a start tag's name, or after an end tag's name. */
const enum Pending {
  None,
  Attributes,
  AfterEndTag,
}

export class TagScanner {
  private pos = 0;
  private pending = Pending.None;
  /** The sink wants the start tag being read: its attributes and end, or its end only; its raw-text end tag when it has one. */
  private wanted = false;
  private endWanted = false;
  private special: string | undefined;
  private paused = false;
  private ended = false;

  constructor(
    private readonly html: string,
    private readonly sink: TagSink,
  ) {}

  /** Stops after the current start tag's name, or end tag's name outside raw text; {@link run} goes on from there. */
  pause(): void {
    this.paused = true;
  }

  /** Reads on from where it stopped, until the end of the page or a pause. */
  run(): void {
    this.paused = false;
    const { html } = this;
    const n = html.length;
    let i = this.pos;
    if (this.pending === Pending.Attributes) i = this.attributes(i);
    else if (this.pending === Pending.AfterEndTag) i = this.skipPast(GT, i);
    this.pending = Pending.None;
    while (i < n && !this.ended) {
      // Text: on to the next `<`.
      const lt = html.indexOf('<', i);
      if (lt === -1) break;
      i = lt + 1;
      if (i >= n) break;
      const c = html.charCodeAt(i);
      if (c === BANG) i = this.declaration(i + 1);
      else if (c === QUESTION) i = this.skipPast(GT, i + 1);
      else if (c === SLASH) {
        i = this.endTag(i + 1);
        if (this.paused) {
          this.pos = i;
          this.pending = Pending.AfterEndTag;
          return;
        }
      } else if (isAsciiAlpha(c)) {
        // InTagName: the name runs to the end of a tag section (hashed on the way, for the name cache).
        let end = i + 1;
        let hash = c | 0x20;
        let ascii = true;
        for (; end < n; end++) {
          const d = html.charCodeAt(end);
          if (isEndOfTagSection(d)) break;
          if (d >= 0x80) ascii = false;
          hash = (hash * 31 + (d | 0x20)) | 0;
        }
        if (end >= n) break;
        const slot = hash & (NAME_SLOTS - 1);
        let name = ascii ? cachedNames[slot] : undefined;
        let special: boolean;
        if (name !== undefined && sameName(html, i, end, name)) special = cachedSpecial[slot] === 1;
        else {
          name = html.slice(i, end).toLowerCase();
          special = isSpecial(name);
          if (ascii) {
            cachedNames[slot] = name;
            cachedSpecial[slot] = special ? 1 : 0;
          }
        }
        this.special = special && this.sink.isInForeignContext?.() !== true ? name : undefined;
        const interest = this.sink.openTag(name, i - 1, end);
        this.wanted = interest === true;
        this.endWanted = interest !== false;
        if (this.paused) {
          this.pos = end;
          this.pending = Pending.Attributes;
          return;
        }
        i = this.attributes(end);
      }
      // Anything else after `<` is text, read again from that character.
    }
    this.pos = n;
  }

  /** After `<!` (BeforeDeclaration): a comment, CDATA, a doctype or a bogus comment; the index after it. */
  private declaration(i: number): number {
    const { html } = this;
    const n = html.length;
    if (i >= n) return n;
    const c = html.charCodeAt(i);
    if (c === LBRACKET) {
      // CDATASequence: `CDATA[` exactly, else a bogus comment that reads the mismatch again.
      for (let k = 0; k < CDATA.length; k++) {
        const at = i + 1 + k;
        if (at >= n) return n;
        if (html.charCodeAt(at) !== CDATA[k]) return this.skipPast(GT, at);
      }
      return this.commentLike(i + 1 + CDATA.length, CDATA_END);
    }
    if ((c | 0x20) === DOCTYPE[0]) {
      // DeclarationSequence: `doctype` in any case, else a bogus comment (a `>` ends it at once).
      for (let k = 1; ; k++) {
        const at = i + k;
        if (at >= n) return n;
        const d = html.charCodeAt(at);
        if (k === DOCTYPE.length) return this.skipPast(GT, at);
        if ((d | 0x20) === DOCTYPE[k]) continue;
        return d === GT ? at + 1 : this.skipPast(GT, at + 1);
      }
    }
    if (c === GT) return i + 1;
    if (c === DASH) {
      // BeforeComment
      if (i + 1 >= n) return n;
      const d = html.charCodeAt(i + 1);
      if (d === DASH) return this.commentLike(i + 2, COMMENT_END);
      return d === GT ? i + 2 : this.skipPast(GT, i + 2);
    }
    return this.skipPast(GT, i + 1);
  }

  /** InCommentLike from `start`: the index after `-->`, `--!>` (or `<!-->`, `<!--->`), or after `]]>`. */
  private commentLike(start: number, sequence: readonly number[]): number {
    const { html } = this;
    const n = html.length;
    const comment = sequence === COMMENT_END;
    let k = 0;
    for (let i = start; i < n; i++) {
      const c = html.charCodeAt(i);
      if (comment) {
        if (k <= 1 && i === start + k && c === GT) return i + 1;
        if (k === 2 && c === GT) return i + 1;
        if (k === sequence.length - 1 && c !== GT) {
          k = c === DASH ? 1 : 0;
          continue;
        }
      }
      if (c === sequence[k]) {
        if (++k === sequence.length) return i + 1;
      } else if (k === 0) {
        const next = html.indexOf(String.fromCharCode(sequence[0]!), i + 1);
        if (next === -1) return n;
        i = next;
        k = 1;
      } else if (c !== sequence[k - 1]) k = 0;
    }
    return n;
  }

  /** After `</` (BeforeClosingTagName): an end tag, told to the sink, or a bogus comment; the index after it. */
  private endTag(i: number): number {
    const { html } = this;
    const n = html.length;
    if (i >= n) return n;
    const c = html.charCodeAt(i);
    if (c === GT) return i + 1;
    if (!isAsciiAlpha(c)) return this.skipPast(GT, i + 1);
    let end = i + 1;
    while (end < n && !isEndOfTagSection(html.charCodeAt(end))) end++;
    if (end >= n) return n;
    this.sink.closeTag(i, end);
    if (this.paused) return end;
    // Nearly every end tag is `</name>`: its `>` is right there, found without a search.
    return html.charCodeAt(end) === GT ? end + 1 : this.skipPast(GT, end);
  }

  /** A start tag's attributes from after its name (BeforeAttributeName and on); the index after its `>` and its raw text. */
  private attributes(i: number): number {
    const { html, sink, wanted } = this;
    const n = html.length;
    while (i < n) {
      const c = html.charCodeAt(i);
      if (c === GT) {
        if (this.endWanted) sink.openTagEnd(i, false);
        return this.tagBody(i + 1);
      }
      if (c === SLASH) {
        // InSelfClosingTag: `/>` ends the tag as `>` does; anything else is read again.
        let j = i + 1;
        while (j < n && isWhitespace(html.charCodeAt(j))) j++;
        if (j >= n) return n;
        if (html.charCodeAt(j) === GT) {
          if (this.endWanted) sink.openTagEnd(j, true);
          return this.tagBody(j + 1);
        }
        i = j;
        continue;
      }
      if (isWhitespace(c)) {
        i++;
        continue;
      }
      // InAttributeName: its first character is any other (even `=`).
      const nameStart = i;
      let nameEnd = i + 1;
      while (nameEnd < n) {
        const d = html.charCodeAt(nameEnd);
        if (d <= GT && (d === EQ || isEndOfTagSection(d))) break;
        nameEnd++;
      }
      if (nameEnd >= n) return n;
      // AfterAttributeName
      let j = nameEnd;
      while (j < n && isWhitespace(html.charCodeAt(j))) j++;
      if (j >= n) return n;
      if (html.charCodeAt(j) !== EQ) {
        if (wanted) sink.attribute(nameStart, nameEnd, -1, -1, 0);
        // `/` and `>` are read again; another character starts the next name.
        i = j;
        continue;
      }
      // BeforeAttributeValue
      j++;
      while (j < n && isWhitespace(html.charCodeAt(j))) j++;
      if (j >= n) return n;
      const quote = html.charCodeAt(j);
      if (quote === DQUOTE || quote === SQUOTE) {
        const close = html.indexOf(quote === DQUOTE ? '"' : "'", j + 1);
        if (close === -1) return n;
        if (wanted) sink.attribute(nameStart, nameEnd, j + 1, close, quote);
        i = close + 1;
      } else {
        // InAttributeValueNq: to whitespace or `>`, which is read again.
        let end = j;
        while (end < n) {
          const d = html.charCodeAt(end);
          if (d <= GT && (d === GT || isWhitespace(d))) break;
          end++;
        }
        if (end >= n) return n;
        if (wanted) sink.attribute(nameStart, nameEnd, j, end, 0);
        i = end;
      }
    }
    return n;
  }

  /** After a start tag's `>`: past the raw text of a raw-text or RCDATA element (InSpecialTag), to the end for `plaintext`. */
  private tagBody(i: number): number {
    const special = this.special;
    if (special === undefined) return i;
    this.special = undefined;
    if (special === 'plaintext') {
      this.ended = true;
      return this.html.length;
    }
    const { html } = this;
    const n = html.length;
    // `</name`, compared as the tokenizer does (`c | 0x20`, so U+001C and U+000F stand in for `<` and `/`).
    const sequence = END_SEQUENCES.get(special)!;
    const rcdata = RCDATA.has(special);
    let k = 0;
    for (; i < n; i++) {
      const c = html.charCodeAt(i);
      if (k === sequence.length) {
        if (isEndOfTagSection(c)) {
          // Never `</head>`: the reader does not pause here.
          this.sink.closeTag(i - sequence.length + 2, i);
          return this.skipPast(GT, i);
        }
        k = 0;
      }
      if ((c | 0x20) === sequence[k]) k++;
      else if (k === 0) {
        if (rcdata) continue;
        const next = html.indexOf('<', i + 1);
        if (next === -1) return n;
        i = next;
        k = 1;
      } else k = c === LT ? 1 : 0;
    }
    return n;
  }

  /** The index after the next `c` from `i` on (a bogus comment, the rest of an end tag), or the end. */
  private skipPast(c: number, i: number): number {
    const at = this.html.indexOf(String.fromCharCode(c), i);
    return at === -1 ? this.html.length : at + 1;
  }
}

/** Whether `html.slice(start, end)`, ASCII-lower-cased, is `name`. */
function sameName(html: string, start: number, end: number, name: string): boolean {
  if (name.length !== end - start) return false;
  for (let k = 0; k < name.length; k++) {
    const code = html.charCodeAt(start + k);
    if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== name.charCodeAt(k)) return false;
  }
  return true;
}
