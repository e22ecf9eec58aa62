import { isHtmlWhitespace } from './character-classes.js';

/**
 * What separates an element from the one before it, reduced to its last line break and
 * indentation (`\r\n    `); the whole run when it holds no line break (`' '` or `''`).
 */
export function separatorOf(whitespace: string): string {
  const lastBreak = Math.max(whitespace.lastIndexOf('\n'), whitespace.lastIndexOf('\r'));
  if (lastBreak === -1) return whitespace;
  const from = whitespace[lastBreak] === '\n' && whitespace[lastBreak - 1] === '\r' ? lastBreak - 1 : lastBreak;
  return whitespace.slice(from);
}

/** The whitespace run that starts at `from`. */
export function whitespaceAt(html: string, from: number): string {
  let end = from;
  while (end < html.length && isHtmlWhitespace(html.charCodeAt(end))) end++;
  return html.slice(from, end);
}

/**
 * Line break and indentation for a new line one level deeper than the line that
 * `separator` starts; empty when the markup around is on one line.
 */
export function deeperSeparator(separator: string): string {
  if (!/[\r\n]/.test(separator)) return '';
  return separator + (separator.includes('\t') ? '\t' : '  ');
}
