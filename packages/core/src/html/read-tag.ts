import { asciiLowercase, isHtmlWhitespace } from './character-classes.js';
import type { EndOfFileToken, EndTagToken, RawAttribute, SelfClosingStyle, StartTagToken } from './markup-token.js';

const SLASH = 0x2f;
const GREATER_THAN = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function skipWhitespace(html: string, index: number): number {
  while (index < html.length && isHtmlWhitespace(html.charCodeAt(index))) index++;
  return index;
}

function endsName(code: number): boolean {
  return isHtmlWhitespace(code) || code === SLASH || code === GREATER_THAN;
}

/**
 * Reads a start or end tag at `start` (a `<` followed by a letter, or `</` and a letter)
 * following the tag, attribute and attribute-value states of the HTML tokenizer, so a
 * `>` inside a quoted value does not end the tag.
 */
export function readTag(html: string, start: number): StartTagToken | EndTagToken | EndOfFileToken {
  const length = html.length;
  const isEndTag = html.charCodeAt(start + 1) === SLASH;
  let index = start + (isEndTag ? 2 : 1);
  const nameStart = index;
  while (index < length && !endsName(html.charCodeAt(index))) index++;
  const name = asciiLowercase(html.slice(nameStart, index));
  const attributes: RawAttribute[] = [];
  const seen = new Set<string>();
  let selfClosing: SelfClosingStyle = 'none';

  for (;;) {
    index = skipWhitespace(html, index);
    if (index >= length) return { type: 'end-of-file', start, end: length };
    const code = html.charCodeAt(index);
    if (code === GREATER_THAN) {
      index++;
      break;
    }
    if (code === SLASH) {
      if (html.charCodeAt(index + 1) === GREATER_THAN) {
        selfClosing = isHtmlWhitespace(html.charCodeAt(index - 1)) ? 'spaced' : 'tight';
        index += 2;
        break;
      }
      index++;
      continue;
    }
    // The first character of a name may be anything, even `=`.
    const attributeStart = index++;
    while (index < length) {
      const next = html.charCodeAt(index);
      if (endsName(next) || next === EQUALS) break;
      index++;
    }
    const attributeName = asciiLowercase(html.slice(attributeStart, index));
    let rawValue = '';
    let quote: RawAttribute['quote'] = '';
    index = skipWhitespace(html, index);
    if (html.charCodeAt(index) === EQUALS) {
      index = skipWhitespace(html, index + 1);
      if (index >= length) return { type: 'end-of-file', start, end: length };
      const first = html.charCodeAt(index);
      if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
        const close = html.indexOf(html[index]!, index + 1);
        if (close === -1) return { type: 'end-of-file', start, end: length };
        quote = first === DOUBLE_QUOTE ? '"' : "'";
        rawValue = html.slice(index + 1, close);
        index = close + 1;
      } else if (first !== GREATER_THAN) {
        const valueStart = index;
        while (index < length) {
          const next = html.charCodeAt(index);
          if (isHtmlWhitespace(next) || next === GREATER_THAN) break;
          index++;
        }
        rawValue = html.slice(valueStart, index);
      }
    }
    if (!seen.has(attributeName)) {
      seen.add(attributeName);
      attributes.push({ name: attributeName, rawValue, quote });
    }
  }

  return isEndTag
    ? { type: 'end-tag', start, end: index, name }
    : { type: 'start-tag', start, end: index, name, attributes, selfClosing };
}
