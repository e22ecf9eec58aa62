import { isAppropriateEndTag } from './appropriate-end-tag.js';
import { asciiLowercase, isHtmlWhitespace } from './character-classes.js';

type ScriptState = 'data' | 'escaped' | 'double-escaped';

const HYPHEN = 0x2d;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;

/** Whether `script` (any case) followed by whitespace, `/` or `>` starts at `at`. */
function isScriptWordAt(html: string, at: number): boolean {
  if (asciiLowercase(html.slice(at, at + 6)) !== 'script') return false;
  const after = html.charCodeAt(at + 6);
  return isHtmlWhitespace(after) || after === SLASH || after === GREATER_THAN;
}

/**
 * Where the contents of a `<script>` end: the `<` of its `</script>`, or the end of input.
 * Follows the script data states, so in `<!-- <script> … </script> -->` the inner
 * `</script>` does not close the element.
 */
export function findScriptDataEnd(html: string, from: number): number {
  const length = html.length;
  let state: ScriptState = 'data';
  let dashes = 0;
  let index = from;
  while (index < length) {
    if (state === 'data') {
      const lessThan = html.indexOf('<', index);
      if (lessThan === -1) return length;
      if (isAppropriateEndTag(html, lessThan, 'script')) return lessThan;
      if (html.startsWith('<!--', lessThan)) {
        state = 'escaped';
        dashes = 2;
        index = lessThan + 4;
      } else {
        index = lessThan + 1;
      }
      continue;
    }
    const code = html.charCodeAt(index);
    if (code === HYPHEN) {
      dashes++;
      index++;
    } else if (code === GREATER_THAN) {
      if (dashes >= 2) state = 'data';
      dashes = 0;
      index++;
    } else if (code === LESS_THAN) {
      dashes = 0;
      if (state === 'escaped') {
        if (isAppropriateEndTag(html, index, 'script')) return index;
        if (isScriptWordAt(html, index + 1)) {
          state = 'double-escaped';
          index += 7;
          continue;
        }
      } else if (html.charCodeAt(index + 1) === SLASH && isScriptWordAt(html, index + 2)) {
        state = 'escaped';
        index += 8;
        continue;
      }
      index++;
    } else {
      dashes = 0;
      index++;
    }
  }
  return length;
}
