/**
 * Byte-level helpers of the robots.txt parser: lines, key/value splitting, ASCII case and
 * whitespace exactly as Google's parser treats them.
 */
import { MAX_LINE_BYTES, type RobotsKeyType, type RobotsOtherKey } from './types.js';

/** Lower-cases ASCII letters only, as Google's `EqualsIgnoreCase` compares (no Unicode folding). */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Google's `absl::StripAsciiWhitespace`: space, tab, LF, VT, FF and CR, never Unicode spaces. */
export function stripAsciiWhitespace(text: string): string {
  return text.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
}

/** A robots.txt body as the bytes Google reads: strings are UTF-8 encoded. */
export function toBytes(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? new TextEncoder().encode(text) : text;
}

const CHUNK = 0x8000;
const decoder = new TextDecoder();
/** One char per byte, so Google's byte-level string handling can be ported as is. */
export function bytesToBinaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return text;
}
/** Reads a binary string's bytes as UTF-8 (invalid sequences become U+FFFD). */
export function binaryStringToText(binary: string): string {
  // Most robots.txt lines are ASCII, which reads the same either way.
  if (/^[\x00-\x7f]*$/.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return decoder.decode(bytes);
}

const HEX_DIGITS = '0123456789ABCDEF';
function isHexDigit(char: string): boolean {
  return /^[0-9A-Fa-f]$/.test(char);
}
/**
 * Google's `MaybeEscapePattern`: percent-encodes bytes outside ASCII and
 * upper-cases existing `%xx` escapes, so `/SanJoséSellers` and
 * `/SanJos%c3%a9Sellers` both become `/SanJos%C3%A9Sellers`. Nothing is
 * decoded: `%62` stays `%62` and never matches `b`.
 *
 * @param binary - the value as a binary string (one char per byte)
 */
export function escapePattern(binary: string): string {
  let escaped = '';
  for (let index = 0; index < binary.length; index++) {
    const char = binary.charAt(index);
    const code = binary.charCodeAt(index);
    if (char === '%' && isHexDigit(binary.charAt(index + 1)) && isHexDigit(binary.charAt(index + 2))) {
      escaped += '%' + binary.slice(index + 1, index + 3).toUpperCase();
      index += 2;
    } else if (code >= 0x80) {
      escaped += '%' + HEX_DIGITS.charAt(code >> 4) + HEX_DIGITS.charAt(code & 0xf);
    } else {
      escaped += char;
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

/** One physical line of a robots.txt body, as byte offsets into the body. */
export interface RobotsTxtLineSpan {
  /** 1-based line number. */
  line: number;
  start: number;
  end: number;
  /** True when the line is longer than Google reads ({@link MAX_LINE_BYTES}). */
  tooLong: boolean;
}
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const LF = 0x0a;
const CR = 0x0d;
function bomPrefixLength(bytes: Uint8Array, length: number): number {
  let skipped = 0;
  while (skipped < UTF8_BOM.length && skipped < length && bytes[skipped] === UTF8_BOM[skipped]) skipped++;
  return skipped;
}
/**
 * Splits a body into lines exactly as Google's parser does: LF, CR and CRLF
 * all end a line, a (possibly partial) UTF-8 byte order mark at the very start
 * is skipped, and the text after the last line ending is a line of its own.
 *
 * @param length - bytes to read (the rest is ignored)
 */
export function splitLines(bytes: Uint8Array, length: number): RobotsTxtLineSpan[] {
  const spans: RobotsTxtLineSpan[] = [];
  let lineStart = bomPrefixLength(bytes, length);
  let lastWasCarriageReturn = false;
  const push = (end: number): void => {
    spans.push({ line: spans.length + 1, start: lineStart, end, tooLong: end - lineStart > MAX_LINE_BYTES });
  };
  for (let index = lineStart; index < length; index++) {
    const byte = bytes[index];
    if (byte !== LF && byte !== CR) continue;
    const isCrlfContinuation = index === lineStart && lastWasCarriageReturn && byte === LF;
    if (!isCrlfContinuation) push(index);
    lineStart = index + 1;
    lastWasCarriageReturn = byte === CR;
  }
  push(length);
  return spans;
}

/** A line's key and value, as Google's `GetKeyAndValueFrom` finds them. */
export interface RobotsKeyValue {
  key: string;
  value: string;
  /** Google accepted whitespace in place of the missing `:`. */
  missingColon: boolean;
}
/**
 * Google's `GetKeyAndValueFrom`: drops everything from the first `#`, then
 * splits at the first `:`. Without a colon, Google accepts whitespace as the
 * separator when the line has exactly two words (`disallow /x`).
 *
 * @param line - the line as a binary string, already cut at the first NUL
 * @returns undefined when Google finds no key/value pair
 */
export function splitKeyValue(line: string): RobotsKeyValue | undefined {
  const commentStart = line.indexOf('#');
  const content = stripAsciiWhitespace(commentStart === -1 ? line : line.slice(0, commentStart));
  let separator = content.indexOf(':');
  let missingColon = false;
  if (separator === -1) {
    const whitespace = content.search(/[ \t]/);
    if (whitespace === -1) return undefined;
    const rest = content.slice(whitespace).replace(/^[ \t]+/, '');
    if (/[ \t]/.test(rest)) return undefined;
    separator = whitespace;
    missingColon = true;
  }
  return {
    key: stripAsciiWhitespace(content.slice(0, separator)),
    value: stripAsciiWhitespace(content.slice(separator + 1)),
    missingColon,
  };
}

/** How a key reads. */
export interface RobotsKeyClass {
  type: RobotsKeyType;
  /** Google accepted a known misspelling (`dissallow`, `useragent`, `user agent`…). */
  typo: boolean;
  /** For `unknown` keys that robots-kit recognises. */
  other?: RobotsOtherKey;
  /** For `unknown` keys that some crawlers once supported and Google no longer does. */
  unsupported?: boolean;
}
// Google's ParsedRobotsKey matches keys by prefix, ignoring case, and accepts these typos.
const GOOGLE_KEYS: readonly (readonly [RobotsKeyType, readonly string[], readonly string[]])[] = [
  ['user-agent', ['user-agent'], ['useragent', 'user agent']],
  ['allow', ['allow'], []],
  ['disallow', ['disallow'], ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']],
  ['sitemap', ['sitemap', 'site-map'], []],
];
const OTHER_KEYS: ReadonlySet<string> = new Set<RobotsOtherKey>([
  'crawl-delay',
  'content-signal',
  'content-usage',
  'host',
  'clean-param',
  'request-rate',
  'visit-time',
]);
const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set(['noindex', 'nofollow', 'noarchive', 'nosnippet']);
/** Classifies a robots.txt key the way Google's parser does, then recognises common non-Google records. */
export function classifyKey(key: string): RobotsKeyClass {
  const lower = asciiLowerCase(key);
  for (const [type, spellings, typos] of GOOGLE_KEYS) {
    if (spellings.some((spelling) => lower.startsWith(spelling))) return { type, typo: false };
    if (typos.some((typo) => lower.startsWith(typo))) return { type, typo: true };
  }
  if (OTHER_KEYS.has(lower)) return { type: 'unknown', typo: false, other: lower as RobotsOtherKey };
  return { type: 'unknown', typo: false, unsupported: UNSUPPORTED_KEYS.has(lower) };
}
