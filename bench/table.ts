/** Rows of cells as an aligned, two-space-indented text table (the first row is the header). */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('   ')}`.trimEnd()).join('\n');
}
