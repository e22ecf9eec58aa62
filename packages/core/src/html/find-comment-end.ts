/**
 * The end (exclusive) of a comment whose `<!--` starts at `start`: after `-->` or `--!>`,
 * or after the abrupt `<!-->` and `<!--->`; the end of input when unclosed.
 */
export function findCommentEnd(html: string, start: number): number {
  const body = start + 4;
  if (html.startsWith('>', body)) return body + 1;
  if (html.startsWith('->', body)) return body + 2;
  let dashes = html.indexOf('--', body);
  while (dashes !== -1) {
    if (html.startsWith('>', dashes + 2)) return dashes + 3;
    if (html.startsWith('!>', dashes + 2)) return dashes + 4;
    dashes = html.indexOf('--', dashes + 1);
  }
  return html.length;
}
