import { isHtmlWhitespace } from './character-classes.js';

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
