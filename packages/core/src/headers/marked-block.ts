import { RobotsError } from '../errors/robots-error.js';

export const BLOCK_BEGIN = '# robots-kit:begin';
export const BLOCK_END = '# robots-kit:end';

/** Our block, in the newline style of the file it goes into. */
export function markedBlock(lines: readonly string[], newline: string): string {
  return [BLOCK_BEGIN, ...lines, BLOCK_END].join(newline) + newline;
}

function markerLines(text: string, marker: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  const pattern = /[^\r\n]*(?:\r\n|\n|\r|$)/g;
  for (let match = pattern.exec(text); match && match[0] !== ''; match = pattern.exec(text)) {
    if (match[0].trim() === marker) found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/**
 * Puts our block into an existing file: replaces the previous block, or appends one.
 * Everything outside the markers is kept byte for byte; a file with unbalanced markers
 * is refused rather than guessed at.
 */
export function mergeMarkedBlock(existing: string | undefined, lines: readonly string[], file: string): string {
  if (existing === undefined || existing === '') return markedBlock(lines, '\n');
  const newline = /\r\n/.test(existing) ? '\r\n' : '\n';
  const block = markedBlock(lines, newline);
  const begins = markerLines(existing, BLOCK_BEGIN);
  const ends = markerLines(existing, BLOCK_END);
  if (begins.length === 0 && ends.length === 0) {
    return existing + (/[\r\n]$/.test(existing) ? '' : newline) + block;
  }
  const [begin] = begins;
  const [end] = ends;
  if (begins.length !== 1 || ends.length !== 1 || begin!.start > end!.start) {
    throw new RobotsError({
      code: 'invalid-existing-file',
      source: file,
      key: 'headers',
      value: `${begins.length} × ${BLOCK_BEGIN}, ${ends.length} × ${BLOCK_END}`,
      problem: 'unbalanced robots-kit markers in the existing file',
      expected: `one \`${BLOCK_BEGIN}\` line followed by one \`${BLOCK_END}\` line; delete the robots-kit lines (or restore the missing marker) and build again`,
    });
  }
  return existing.slice(0, begin!.start) + block + existing.slice(end!.end);
}
