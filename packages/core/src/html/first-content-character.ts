import { isHtmlWhitespace } from './character-classes.js';

/** Character references that decode to HTML whitespace: `&#32;`, `&#x0A;`, `&Tab;`… */
const WHITESPACE_REFERENCE =
  /&(?:#[xX]0*(?:9|[aAcCdD]|20)(?![0-9a-fA-F]);?|#0*(?:9|10|12|13|32)(?![0-9]);?|Tab;|NewLine;)/y;

/**
 * The offset of the first character in text [from, to) that is not whitespace once
 * character references are decoded, or -1. Before `<body>`, such a character opens the body.
 */
export function firstContentCharacter(html: string, from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const code = html.charCodeAt(index);
    if (isHtmlWhitespace(code)) continue;
    if (code === 0x26) {
      WHITESPACE_REFERENCE.lastIndex = index;
      if (WHITESPACE_REFERENCE.test(html) && WHITESPACE_REFERENCE.lastIndex <= to) {
        index = WHITESPACE_REFERENCE.lastIndex - 1;
        continue;
      }
    }
    return index;
  }
  return -1;
}
