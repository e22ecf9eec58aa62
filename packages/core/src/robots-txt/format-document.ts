import type { RobotsDocument } from './document-types.js';

/**
 * The document as text: preamble, groups and sitemaps as blocks separated
 * by exactly one blank line, ending with one newline. A group with no
 * `Allow` or `Disallow` gets an empty `Disallow:`, because Google would
 * otherwise merge its `User-agent` lines into the next group.
 */
export function formatDocument(document: RobotsDocument): string {
  const blocks: string[][] = [];
  if (document.preamble.length > 0) blocks.push(document.preamble);
  for (const group of document.groups) {
    const lines = [...group.lines];
    if (group.ruleKeys.size === 0) lines.splice(group.insertAt, 0, 'Disallow:');
    blocks.push([...group.leadingComments, ...lines]);
  }
  if (document.sitemaps.size > 0) blocks.push([...document.sitemaps.values()]);
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n';
}
