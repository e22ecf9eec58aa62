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

/** Where an element ends (exclusive), and whether its end tag is there or the input ran out first. */
export interface ElementExtent {
  end: number;
  closed: boolean;
}

/**
 * The extent of the element that `tag` opens, when its contents are text (`<script>`,
 * `<style>`, `<title>`, `<noscript>`…); just the tag for any other element.
 * Self-closing syntax does not make such an element empty, just as in browsers.
 */
export function textElementEnd(html: string, tag: StartTagToken): ElementExtent {
  let contentsEnd: number;
  if (tag.name === 'script') contentsEnd = findScriptDataEnd(html, tag.end);
  else if (TEXT_ELEMENTS.has(tag.name)) contentsEnd = findRawTextEnd(html, tag.end, tag.name);
  else if (tag.name === 'plaintext') return { end: html.length, closed: false };
  else return { end: tag.end, closed: true };
  const endTag = contentsEnd >= html.length ? undefined : readTag(html, contentsEnd);
  if (endTag === undefined || endTag.type === 'end-of-file') return { end: html.length, closed: false };
  return { end: endTag.end, closed: true };
}
