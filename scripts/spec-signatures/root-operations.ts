/**
 * The root fields: queries and mutations from section 4, subscriptions from section 6.
 * The spec gives them either as one `Signature:` line per section (4.1, 4.2) or as a table
 * with a row per field (4.3, 4.4, 6).
 */
import { addUnique } from './graphql-names.js';
import { stripCode } from './markdown-code-spans.js';
import type { Section } from './markdown-sections.js';
import { cellAt, columnIndex, tableWithHeader } from './markdown-tables.js';
import type { OperationSignature } from './signature-types.js';
import { fail } from './spec-parse-error.js';
import { parseReturnType } from './type-references.js';
import { parseFieldSignature, parseValueList } from './value-definitions.js';

/** A section that describes one root field must hold exactly one `Signature: \`...\`` line. */
export function parseSignatureLines(sec: Section, target: Record<string, OperationSignature>): void {
  let count = 0;
  for (const raw of sec.lines) {
    const match = /^\s*Signature:\s*(`[^`]+`)\s*$/.exec(raw);
    if (!match) continue;
    const [name, signature] = parseFieldSignature(match[1] ?? '', `section ${sec.number}`);
    addUnique(target, name, signature, `section ${sec.number}`);
    count += 1;
  }
  if (count !== 1) fail(`section ${sec.number}: expected one "Signature:" line, found ${count}`);
}

/**
 * A table of root fields: name in the first column, arguments and return type in the named
 * columns (the headers differ per section, e.g. `Argument` / `Payload type` in section 6).
 * `none` means no arguments, and `X (nullable)` a nullable return `X`.
 */
export function parseOperationTable(
  sec: Section,
  firstColumn: string,
  argsColumn: string,
  returnColumn: string,
  argSeparator: string,
  target: Record<string, OperationSignature>,
): void {
  const table = tableWithHeader(sec, firstColumn);
  const argsCol = columnIndex(table, argsColumn);
  const returnCol = columnIndex(table, returnColumn);
  for (const row of table.rows) {
    const name = stripCode(cellAt(row, 0));
    const where = `section ${sec.number} ${name}`;
    addUnique(
      target,
      name,
      {
        args: parseValueList(cellAt(row, argsCol), argSeparator, where),
        type: parseReturnType(cellAt(row, returnCol), where),
      },
      `section ${sec.number}`,
    );
  }
}
