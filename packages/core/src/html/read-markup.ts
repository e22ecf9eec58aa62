import { asciiLowercase, isAsciiAlpha, isHtmlWhitespace } from './character-classes.js';
import { findCommentEnd } from './find-comment-end.js';
import type { DoctypeToken, MarkupToken } from './markup-token.js';
import { readTag } from './read-tag.js';

const EXCLAMATION = 0x21;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const GREATER_THAN = 0x3e;

/** A bogus comment runs to the first `>` at or after `from`. */
function bogusCommentEnd(html: string, from: number): number {
  const close = html.indexOf('>', from);
  return close === -1 ? html.length : close + 1;
}

function readDoctype(html: string, start: number): DoctypeToken {
  const end = bogusCommentEnd(html, start + 9);
  let index = start + 9;
  while (index < end && isHtmlWhitespace(html.charCodeAt(index))) index++;
  const nameStart = index;
  while (index < end && !isHtmlWhitespace(html.charCodeAt(index)) && html.charCodeAt(index) !== GREATER_THAN) index++;
  const name = index > nameStart ? asciiLowercase(html.slice(nameStart, index)) : undefined;
  return { type: 'doctype', start, end, name };
}

/** Reads the markup that starts with the `<` at `start`, in the HTML tokenizer's data state. */
export function readMarkup(html: string, start: number): MarkupToken {
  const next = html.charCodeAt(start + 1);
  if (isAsciiAlpha(next)) return readTag(html, start);
  if (next === EXCLAMATION) {
    if (html.startsWith('--', start + 2)) return { type: 'comment', start, end: findCommentEnd(html, start) };
    if (/^doctype/i.test(html.slice(start + 2, start + 9))) return readDoctype(html, start);
    // Outside SVG and MathML, `<![CDATA[` is a bogus comment too.
    return { type: 'comment', start, end: bogusCommentEnd(html, start + 2) };
  }
  if (next === SLASH) {
    const afterSlash = html.charCodeAt(start + 2);
    if (isAsciiAlpha(afterSlash)) return readTag(html, start);
    if (afterSlash === GREATER_THAN) return { type: 'comment', start, end: start + 3 };
    if (start + 2 >= html.length) return { type: 'character', start, end: start + 1 };
    return { type: 'comment', start, end: bogusCommentEnd(html, start + 2) };
  }
  if (next === QUESTION) return { type: 'comment', start, end: bogusCommentEnd(html, start + 1) };
  return { type: 'character', start, end: start + 1 };
}
