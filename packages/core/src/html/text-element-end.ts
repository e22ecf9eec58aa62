import { findRawTextEnd } from './find-raw-text-end.js';
import { findScriptDataEnd } from './find-script-data-end.js';
import type { StartTagToken } from './markup-token.js';
import { readTag } from './read-tag.js';

/**
 * Elements whose contents the tokenizer reads as text up to their own end tag.
 * `<noscript>` is among them because browsers and search engine renderers run with
 * scripting enabled: a `<meta>` inside it is text, not a tag.
 */
const TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'title',
  'textarea',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);

/**
 * The end (exclusive) of the element that `tag` opens, when its contents are text
 * (`<script>`, `<style>`, `<title>`, `<noscript>`…); `tag.end` for any other element.
 * Self-closing syntax does not make such an element empty, just as in browsers.
 */
export function textElementEnd(html: string, tag: StartTagToken): number {
  let contentsEnd: number;
  if (tag.name === 'script') contentsEnd = findScriptDataEnd(html, tag.end);
  else if (TEXT_ELEMENTS.has(tag.name)) contentsEnd = findRawTextEnd(html, tag.end, tag.name);
  else if (tag.name === 'plaintext') return html.length;
  else return tag.end;
  if (contentsEnd >= html.length) return html.length;
  return readTag(html, contentsEnd).end;
}
