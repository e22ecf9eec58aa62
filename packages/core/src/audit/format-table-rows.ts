/** Rows as aligned columns (widths from the plain text), each row passed through `style` by column. */
export function formatTableRows(rows: readonly string[][], style: (cell: string, column: number, row: number) => string = (cell) => cell): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  return rows.map((row, rowIndex) =>
    row
      .map((cell, column) => style(column === row.length - 1 ? cell : cell.padEnd(widths[column]!), column, rowIndex))
      .join('  ')
      .trimEnd(),
  );
}
