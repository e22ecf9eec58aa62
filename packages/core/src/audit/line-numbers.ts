/** The 1-based line of each offset in `text`; `offsets` must be ascending. One pass over the text. */
export function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let position = 0;
  for (const offset of offsets) {
    for (let next = text.indexOf('\n', position); next !== -1 && next < offset; next = text.indexOf('\n', position)) {
      line++;
      position = next + 1;
    }
    lines.push(line);
  }
  return lines;
}
