import { binaryStringToText, bytesToBinaryString } from './binary-string.js';
import { classifyKey, type RobotsKeyClass } from './classify-key.js';
import { escapePattern } from './escape-pattern.js';
import { MAX_LINE_BYTES } from './limits.js';
import { splitKeyValue } from './split-key-value.js';
import { splitLines } from './split-lines.js';
import { stripAsciiWhitespace } from './strip-ascii-whitespace.js';

/** A line of a robots.txt and Google's reading of it. */
export interface RobotsTxtToken {
  /** 1-based line number. */
  line: number;
  /** The whole line as written, decoded as UTF-8, without its line ending. */
  text: string;
  /** Longer than Google reads; only its start was used. */
  tooLong: boolean;
  /** Nothing but whitespace and a comment (or nothing at all). */
  isBlankOrComment: boolean;
  /** Google's key/value reading; undefined when Google ignores the line. */
  directive?: RobotsTxtDirective;
}

/** A key/value line. */
export interface RobotsTxtDirective extends RobotsKeyClass {
  /** The key as written. */
  key: string;
  /** The value as written, decoded as UTF-8. */
  value: string;
  /** For `allow` and `disallow`: the pattern Google matches. */
  pattern: string;
  /** Google accepted whitespace in place of the missing `:`. */
  missingColon: boolean;
}

/** The lines of a body and whether its end was cut off. */
export interface RobotsTxtTokens {
  tokens: RobotsTxtToken[];
  byteLength: number;
  truncated: boolean;
}

function readDirective(binaryLine: string): RobotsTxtDirective | undefined {
  const keyValue = splitKeyValue(binaryLine);
  if (!keyValue) return undefined;
  const keyClass = classifyKey(keyValue.key);
  const isRule = keyClass.type === 'allow' || keyClass.type === 'disallow';
  return {
    ...keyClass,
    key: binaryStringToText(keyValue.key),
    value: binaryStringToText(keyValue.value),
    pattern: isRule ? escapePattern(keyValue.value) : '',
    missingColon: keyValue.missingColon,
  };
}

/**
 * Reads a body line by line as Google's parser does.
 *
 * @param maxBytes - bytes read before the rest is ignored
 */
export function tokenize(bytes: Uint8Array, maxBytes: number): RobotsTxtTokens {
  const length = Math.min(bytes.length, maxBytes);
  const decoder = new TextDecoder();
  const tokens = splitLines(bytes, length).map((span): RobotsTxtToken => {
    const lineBytes = bytes.subarray(span.start, span.end);
    const readBytes = lineBytes.subarray(0, MAX_LINE_BYTES);
    // Google handles each line as a C string: a NUL byte ends it.
    const nul = readBytes.indexOf(0);
    const binaryLine = bytesToBinaryString(nul === -1 ? readBytes : readBytes.subarray(0, nul));
    const directive = readDirective(binaryLine);
    const commentStart = binaryLine.indexOf('#');
    const beforeComment = commentStart === -1 ? binaryLine : binaryLine.slice(0, commentStart);
    return {
      line: span.line,
      text: decoder.decode(lineBytes),
      tooLong: span.tooLong,
      isBlankOrComment: stripAsciiWhitespace(beforeComment) === '',
      ...(directive ? { directive } : {}),
    };
  });
  return { tokens, byteLength: bytes.length, truncated: bytes.length > length };
}
