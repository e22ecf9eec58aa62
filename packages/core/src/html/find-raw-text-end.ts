import { isAppropriateEndTag } from './appropriate-end-tag.js';

/**
 * Where the raw text (`<style>`, `<noscript>`…) or escapable raw text (`<title>`,
 * `<textarea>`) of element `name` ends: the `<` of its end tag, or the end of input.
 * Nothing inside, not even a comment, can end it earlier.
 */
export function findRawTextEnd(html: string, from: number, name: string): number {
  let index = html.indexOf('</', from);
  while (index !== -1) {
    if (isAppropriateEndTag(html, index, name)) return index;
    index = html.indexOf('</', index + 2);
  }
  return html.length;
}
