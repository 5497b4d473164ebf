/**
 * Reads GitHub-style pipe tables, where the spec lists fields, enums and root operations.
 * Pipes inside inline code (e.g. a union written in a cell) do not split cells, and `\|`
 * is a literal pipe.
 */
import type { Section } from './markdown-sections.js';
import { fail } from './spec-parse-error.js';

/** A table: its header cells and body rows, all cells trimmed. */
export interface Table {
  header: string[];
  rows: string[][];
  /** Index (within the section's lines) of the header row. */
  startLine: number;
}

function splitTableRow(line: string): string[] {
  let body = line.trim();
  if (body.startsWith('|')) body = body.slice(1);
  if (body.endsWith('|') && !body.endsWith('\\|')) body = body.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (ch === '\\' && body[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (ch === '`') {
      inCode = !inCode;
      cell += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Every table in `lines`: a `|` row followed by a delimiter row (`| --- | --- |`) starts one,
 * and it runs until the first line that does not start with `|`. A row whose cell count differs
 * from the header's is refused, since it would shift values into the wrong column.
 */
export function findTables(lines: string[]): Table[] {
  const tables: Table[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = (lines[i] ?? '').trim();
    const next = (lines[i + 1] ?? '').trim();
    if (line.startsWith('|') && /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(next)) {
      const header = splitTableRow(line);
      const rows: string[][] = [];
      let j = i + 2;
      while (j < lines.length && (lines[j] ?? '').trim().startsWith('|')) {
        const row = splitTableRow(lines[j] ?? '');
        if (row.length !== header.length) {
          fail(`table row has ${row.length} cells, header has ${header.length}: ${lines[j] ?? ''}`);
        }
        rows.push(row);
        j += 1;
      }
      tables.push({ header, rows, startLine: i });
      i = j;
    } else {
      i += 1;
    }
  }
  return tables;
}

/** The one table of the section whose first header cell is `firstColumn`. */
export function tableWithHeader(sec: Section, firstColumn: string): Table {
  const found = findTables(sec.lines).filter((t) => t.header[0] === firstColumn);
  if (found.length !== 1) {
    fail(`section ${sec.number}: expected one table whose first column is "${firstColumn}", found ${found.length}`);
  }
  return found[0] as Table;
}

/** The index of the column headed `name`; columns are found by name so their order may change. */
export function columnIndex(table: Table, name: string): number {
  const index = table.header.indexOf(name);
  if (index < 0) fail(`table with columns [${table.header.join(', ')}] has no column "${name}"`);
  return index;
}

/** The cell at `index`, or `''` (rows are checked against the header, so this is a type guard). */
export function cellAt(row: string[], index: number): string {
  return row[index] ?? '';
}
