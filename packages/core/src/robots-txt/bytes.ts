/**
 * Byte-level helpers of the robots.txt parser: lines, key/value splitting, ASCII case and
 * whitespace exactly as Google's parser treats them.
 *
 * Bodies are handled as binary strings (one char per byte) so Google's byte-level C++ ports
 * as is. Every reader here scans its input a bounded number of times: a 500 KiB body of
 * hostile lines (16,000 spaces, no line ending, NULs) costs the same as an ordinary one.
 */
import { MAX_LINE_BYTES, type RobotsKeyType, type RobotsOtherKey } from './types.js';

const UPPER_CASE = /[A-Z]/;
/** Lower-cases ASCII letters only, as Google's `EqualsIgnoreCase` compares (no Unicode folding). */
export function asciiLowerCase(text: string): string {
  return UPPER_CASE.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}

/** `absl::ascii_isspace`: space, tab, LF, VT, FF and CR, never Unicode spaces. */
export function isAsciiWhitespace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}
/** Google's `absl::StripAsciiWhitespace`, in linear time (a `\s+$` RegExp is quadratic on long runs of spaces). */
export function stripAsciiWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isAsciiWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isAsciiWhitespace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Drops trailing ASCII whitespace only, in linear time. */
export function stripAsciiWhitespaceEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isAsciiWhitespace(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

const CHUNK = 0x8000;
/** One char per byte, so Google's byte-level string handling can be ported as is. */
export function bytesToBinaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return text;
}
const NON_ASCII = /[^\x00-\x7f]/;
/**
 * A robots.txt body as the bytes Google reads, as a binary string: strings are
 * UTF-8 encoded (an ASCII string, the usual case, is its own binary string).
 */
export function toBinaryString(body: string | Uint8Array): string {
  if (typeof body !== 'string') return bytesToBinaryString(body);
  return NON_ASCII.test(body) ? bytesToBinaryString(new TextEncoder().encode(body)) : body;
}
// ignoreBOM: a byte order mark inside a value is part of the value (only one at the very
// start of the body is special, and the line reader skips that one itself).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** Reads a binary string's bytes as UTF-8 for display (invalid sequences become U+FFFD). */
export function binaryStringToText(binary: string): string {
  // Most robots.txt lines are ASCII, which reads the same either way.
  if (!NON_ASCII.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return decoder.decode(bytes);
}

const HEX_DIGITS = '0123456789ABCDEF';
function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
const NEEDS_ESCAPING = /%|[^\x00-\x7f]/;
/**
 * Google's `MaybeEscapePattern`: percent-encodes bytes outside ASCII and
 * upper-cases existing `%xx` escapes, so `/SanJoséSellers` and
 * `/SanJos%c3%a9Sellers` both become `/SanJos%C3%A9Sellers`. Nothing is
 * decoded: `%62` stays `%62` and never matches `b`.
 *
 * @param binary - the value as a binary string (one char per byte)
 */
export function escapePattern(binary: string): string {
  if (!NEEDS_ESCAPING.test(binary)) return binary;
  let escaped = '';
  for (let index = 0; index < binary.length; index++) {
    const code = binary.charCodeAt(index);
    if (code === 0x25 && isHexDigit(binary.charCodeAt(index + 1)) && isHexDigit(binary.charCodeAt(index + 2))) {
      escaped += '%' + binary.slice(index + 1, index + 3).toUpperCase();
      index += 2;
    } else if (code >= 0x80) {
      escaped += '%' + HEX_DIGITS.charAt(code >> 4) + HEX_DIGITS.charAt(code & 0xf);
    } else {
      escaped += binary.charAt(index);
    }
  }
  return escaped;
}

// C0 and C1 controls, DEL and the Unicode line/paragraph separators: anything an editor or parser may treat as a line break.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** The first control character in a value as `U+000A`, or undefined. */
export function findControlCharacter(value: string): string | undefined {
  const found = CONTROL_CHARACTER.exec(value)?.[0];
  return found === undefined ? undefined : 'U+' + found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

/** True for a URL with a scheme and an authority, e.g. `https://example.com/sitemap.xml`. */
export function isAbsoluteUrl(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]/.test(value);
}

/** A line of a body as Google's parser reads it, as offsets into the binary body. */
export interface RobotsLine {
  /** 1-based line number. */
  number: number;
  /** The physical line, without its line ending. */
  start: number;
  end: number;
  /** Longer than Google reads ({@link MAX_LINE_BYTES}): only its start was used. */
  tooLong: boolean;
  /** Nothing but whitespace and a comment before the first NUL (Google reads a line as a C string). */
  blank: boolean;
  /** Google's reading of the key; undefined when Google finds no key/value pair. */
  type: RobotsKeyType | undefined;
  /** Google accepted a known misspelling (`dissallow`, `useragent`, `user agent`…). */
  typo: boolean;
  /** Google accepted whitespace in place of the missing `:`. */
  missingColon: boolean;
  keyStart: number;
  keyEnd: number;
  /** The value, comment and surrounding whitespace removed. */
  valueStart: number;
  valueEnd: number;
  /**
   * The group the line belongs to, -1 before the first `User-agent`. Google's
   * grouping, which does not depend on the crawler asking: a `User-agent` line
   * starts a new group only after a rule (`Allow` or `Disallow`) of the
   * current one; any other line (blank, comment, sitemap, unknown) keeps the
   * group open, so consecutive `User-agent` lines share it.
   */
  group: number;
}

/** The next index of one char at or after a position, found once per occurrence: linear over a body. */
function finder(binary: string, char: string, length: number): (from: number) => number {
  let found = -1;
  return (from) => {
    if (found < from) {
      const index = binary.indexOf(char, from);
      found = index === -1 || index >= length ? length : index;
    }
    return found;
  };
}
function skipWhitespace(binary: string, from: number, to: number): number {
  while (from < to && isAsciiWhitespace(binary.charCodeAt(from))) from++;
  return from;
}
function trimWhitespaceEnd(binary: string, from: number, to: number): number {
  while (to > from && isAsciiWhitespace(binary.charCodeAt(to - 1))) to--;
  return to;
}
function findSpaceOrTab(binary: string, from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const code = binary.charCodeAt(index);
    if (code === 0x20 || code === 0x09) return index;
  }
  return -1;
}
function startsWithIgnoringCase(binary: string, start: number, end: number, word: string): boolean {
  if (end - start < word.length) return false;
  for (let index = 0; index < word.length; index++) {
    let code = binary.charCodeAt(start + index);
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    if (code !== word.charCodeAt(index)) return false;
  }
  return true;
}

// Google's ParsedRobotsKey matches keys by prefix, ignoring case, and accepts these typos;
// indexed by first letter, so most keys are told apart by one comparison.
type KeySpelling = readonly [type: RobotsKeyType, spelling: string, typo: boolean];
const GOOGLE_KEYS: ReadonlyMap<number, readonly KeySpelling[]> = new Map(
  Object.entries({
    u: [
      ['user-agent', 'user-agent', false],
      ['user-agent', 'useragent', true],
      ['user-agent', 'user agent', true],
    ],
    a: [['allow', 'allow', false]],
    d: [
      ['disallow', 'disallow', false],
      ...['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].map(
        (typo): KeySpelling => ['disallow', typo, true],
      ),
    ],
    s: [
      ['sitemap', 'sitemap', false],
      ['sitemap', 'site-map', false],
    ],
  } satisfies Record<string, KeySpelling[]>).map(([letter, spellings]) => [letter.charCodeAt(0), spellings]),
);
const NO_SPELLINGS: readonly KeySpelling[] = [];
/** Google's `GetKeyAndValueFrom` and `ParsedRobotsKey::Parse` on the content of one line (comment already cut). */
function readKeyValue(
  binary: string,
  line: RobotsLine,
  start: number,
  end: number,
  nextColon: (from: number) => number,
): void {
  let separator = nextColon(start);
  if (separator >= end) {
    // Without a colon, Google accepts whitespace as the separator when the line has exactly two words.
    separator = findSpaceOrTab(binary, start, end);
    if (separator === -1) return;
    const value = skipWhitespace(binary, separator, end);
    if (findSpaceOrTab(binary, value, end) !== -1) return;
    line.missingColon = true;
  }
  const keyEnd = trimWhitespaceEnd(binary, start, separator);
  if (keyEnd === start) return;
  line.keyStart = start;
  line.keyEnd = keyEnd;
  line.valueStart = skipWhitespace(binary, separator + 1, end);
  line.valueEnd = end;
  line.type = 'unknown';
  for (const [type, spelling, typo] of GOOGLE_KEYS.get(binary.charCodeAt(start) | 0x20) ?? NO_SPELLINGS) {
    if (startsWithIgnoringCase(binary, start, keyEnd, spelling)) {
      line.type = type;
      line.typo = typo;
      return;
    }
  }
}

const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = '\xef\xbb\xbf';
/**
 * Reads a body line by line exactly as Google's parser does: LF, CR and CRLF
 * all end a line, a (possibly partial) UTF-8 byte order mark at the very start
 * is skipped, the text after the last line ending is a line of its own, a line
 * ends at a NUL byte and after {@link MAX_LINE_BYTES} bytes, `#` starts a
 * comment, and keys are read with Google's typos and missing colons.
 *
 * `visit` gets the same object for every line, updated: copy what it keeps.
 *
 * @param binary - the body as a binary string
 * @param length - bytes to read (the rest is ignored)
 * @returns the number of lines
 */
export function readLines(binary: string, length: number, visit: (line: RobotsLine) => void): number {
  const nextLineFeed = finder(binary, '\n', length);
  const nextCarriageReturn = finder(binary, '\r', length);
  const nextNul = finder(binary, '\0', length);
  const nextHash = finder(binary, '#', length);
  const nextColon = finder(binary, ':', length);
  const line: RobotsLine = {
    number: 0,
    start: 0,
    end: 0,
    tooLong: false,
    blank: true,
    type: undefined,
    typo: false,
    missingColon: false,
    keyStart: 0,
    keyEnd: 0,
    valueStart: 0,
    valueEnd: 0,
    group: -1,
  };
  let groupHasRule = false;
  const emit = (start: number, end: number): void => {
    line.number++;
    line.start = start;
    line.end = end;
    line.tooLong = end - start > MAX_LINE_BYTES;
    line.type = undefined;
    line.typo = false;
    line.missingColon = false;
    const readEnd = Math.min(end, start + MAX_LINE_BYTES, nextNul(start));
    const contentStart = skipWhitespace(binary, start, readEnd);
    const contentEnd = trimWhitespaceEnd(binary, contentStart, Math.min(readEnd, nextHash(start)));
    line.blank = contentStart === contentEnd;
    if (!line.blank) readKeyValue(binary, line, contentStart, contentEnd, nextColon);
    if (line.type === 'user-agent' && (line.group === -1 || groupHasRule)) {
      line.group++;
      groupHasRule = false;
    }
    if ((line.type === 'allow' || line.type === 'disallow') && line.group !== -1) groupHasRule = true;
    visit(line);
  };
  let lineStart = 0;
  while (lineStart < 3 && lineStart < length && binary.charCodeAt(lineStart) === UTF8_BOM.charCodeAt(lineStart))
    lineStart++;
  let lastWasCarriageReturn = false;
  for (;;) {
    const end = Math.min(nextLineFeed(lineStart), nextCarriageReturn(lineStart));
    if (end >= length) break;
    const code = binary.charCodeAt(end);
    // The LF of a CRLF ends no line of its own.
    if (!(end === lineStart && lastWasCarriageReturn && code === LF)) emit(lineStart, end);
    lineStart = end + 1;
    lastWasCarriageReturn = code === CR;
  }
  emit(lineStart, length);
  return line.number;
}

/** How a key reads beyond Google's four keys. */
export interface RobotsOtherKeyClass {
  /** For keys that robots-kit recognises. */
  other?: RobotsOtherKey;
  /** For keys that some crawlers once supported and Google no longer does. */
  unsupported?: boolean;
}
const OTHER_KEYS: ReadonlySet<string> = new Set<RobotsOtherKey>([
  'crawl-delay',
  'content-signal',
  'content-usage',
  'host',
  'clean-param',
  // RSL 1.0's `License: <url>` (Really Simple Licensing), which Lighthouse's robots.txt audit accepts.
  'license',
  'request-rate',
  'visit-time',
]);
const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set(['noindex', 'nofollow', 'noarchive', 'nosnippet']);
/** Recognises the common non-Google records among the keys Google reads as unknown. */
export function classifyOtherKey(key: string): RobotsOtherKeyClass {
  const lower = asciiLowerCase(key);
  if (OTHER_KEYS.has(lower)) return { other: lower as RobotsOtherKey };
  return UNSUPPORTED_KEYS.has(lower) ? { unsupported: true } : {};
}
