import { stripAsciiWhitespace } from './strip-ascii-whitespace.js';

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
