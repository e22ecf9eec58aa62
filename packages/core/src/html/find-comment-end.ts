/**
 * The end (exclusive) of a comment whose `<!--` starts at `start`: after `-->` or `--!>`,
 * or after the abrupt `<!-->` and `<!--->`; the end of input when unclosed.
 */
export function findCommentEnd(html: string, start: number): number {
  const body = start + 4;
  if (html.startsWith('>', body)) return body + 1;
  if (html.startsWith('->', body)) return body + 2;
  const plain = html.indexOf('-->', body);
  const bang = html.indexOf('--!>', body);
  if (plain === -1 && bang === -1) return html.length;
  if (bang === -1 || (plain !== -1 && plain < bang)) return plain + 3;
  return bang + 4;
}
