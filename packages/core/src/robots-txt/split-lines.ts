import { MAX_LINE_BYTES } from './limits.js';

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
