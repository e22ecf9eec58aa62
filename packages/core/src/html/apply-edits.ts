/** Replace [start, end) with `text`; an insertion has `start === end`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Splices non-overlapping edits into `html`; everything outside them is copied as is.
 * An insertion at the start of a removal goes before it.
 */
export function applyEdits(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of ordered) {
    parts.push(html.slice(cursor, edit.start), edit.text);
    cursor = Math.max(cursor, edit.end);
  }
  parts.push(html.slice(cursor));
  return parts.join('');
}
