/**
 * Section 2 of SPEC.md ("Resources and their fields"): the object types, input types, enums
 * and custom scalars. The spec describes them in several forms (field tables, summary lines,
 * bullet lists, an enum table, prose), and each form has its parser here.
 */
import { addUnique, GRAPHQL_NAME } from './graphql-names.js';
import { stripCode } from './markdown-code-spans.js';
import type { Section } from './markdown-sections.js';
import { cellAt, columnIndex, findTables, tableWithHeader } from './markdown-tables.js';
import type { ValueSignature } from './signature-types.js';
import { fail } from './spec-parse-error.js';
import { normaliseType } from './type-references.js';
import { parseValueDefinition, parseValueList } from './value-definitions.js';

/** Object types by name, each a map from field name to type reference. */
export type ObjectTypes = Record<string, Record<string, string>>;

/**
 * Section 2.1: `**Type**` lines followed by a `| Field | Type | Rules |` table, and
 * bold-named summary lines `**Type**: \`field: Type\` (...), ...`.
 */
export function parseMessageResources(sec: Section, objects: ObjectTypes): void {
  const tables = findTables(sec.lines);
  let pendingName: string | undefined;
  for (let i = 0; i < sec.lines.length; i += 1) {
    const line = (sec.lines[i] ?? '').trim();
    const heading = /^\*\*([_A-Za-z][_0-9A-Za-z]*)\*\*$/.exec(line);
    if (heading) {
      pendingName = heading[1];
      continue;
    }
    const summary = /^\*\*([_A-Za-z][_0-9A-Za-z]*)\*\*\s*:\s*(.+)$/.exec(line);
    if (summary) {
      const name = summary[1] as string;
      const fields: Record<string, string> = {};
      const codeSpans = (summary[2] ?? '').match(/`[^`]+`/g) ?? [];
      for (const span of codeSpans) {
        const [fieldName, signature] = parseValueDefinition(span, `2.1 ${name}`);
        if (signature.default !== undefined) fail(`2.1 ${name}.${fieldName}: object fields have no defaults`);
        addUnique(fields, fieldName, signature.type, `2.1 ${name}`);
      }
      if (codeSpans.length === 0) fail(`2.1 ${name}: summary line lists no fields`);
      addUnique(objects, name, fields, '2.1');
      pendingName = undefined;
      continue;
    }
    const table = tables.find((t) => t.startLine === i);
    if (table) {
      if (pendingName === undefined) fail(`2.1: table at line ${i} is not preceded by a **TypeName** line`);
      const fieldCol = columnIndex(table, 'Field');
      const typeCol = columnIndex(table, 'Type');
      const fields: Record<string, string> = {};
      for (const row of table.rows) {
        const fieldName = stripCode(cellAt(row, fieldCol));
        addUnique(fields, fieldName, normaliseType(cellAt(row, typeCol), `2.1 ${pendingName}.${fieldName}`), `2.1 ${pendingName}`);
      }
      addUnique(objects, pendingName, fields, '2.1');
      pendingName = undefined;
    }
  }
}

/** Bullet lines `- **Name**: a: T; b: T = d` (sections 2.2 and 2.3). */
export function parseBulletDefinitions(sec: Section): Record<string, Record<string, ValueSignature>> {
  const result: Record<string, Record<string, ValueSignature>> = {};
  for (const raw of sec.lines) {
    const match = /^\s*[-*]\s+\*\*([_A-Za-z][_0-9A-Za-z]*)\*\*\s*:\s*(.+)$/.exec(raw);
    if (!match) continue;
    const name = match[1] as string;
    addUnique(result, name, parseValueList(match[2] ?? '', ';', `${sec.number} ${name}`), sec.number);
  }
  return result;
}

/**
 * Section 2.2: the other object types, as bullet lines. They share the bullet form with input
 * types, so a default here is refused: object fields cannot have one.
 */
export function parseOtherObjectTypes(sec: Section, objects: ObjectTypes): void {
  for (const [name, fields] of Object.entries(parseBulletDefinitions(sec))) {
    const plain: Record<string, string> = {};
    for (const [field, sig] of Object.entries(fields)) {
      if (sig.default !== undefined) fail(`2.2 ${name}.${field}: object fields have no defaults`);
      plain[field] = sig.type;
    }
    addUnique(objects, name, plain, '2.2');
  }
}

/** Section 2.4: the `| Enum | Values |` table, values comma-separated. */
export function parseEnums(sec: Section): Record<string, string[]> {
  const table = tableWithHeader(sec, 'Enum');
  const valuesCol = columnIndex(table, 'Values');
  const enums: Record<string, string[]> = {};
  for (const row of table.rows) {
    const name = stripCode(cellAt(row, 0));
    const values = cellAt(row, valuesCol)
      .split(',')
      .map((v) => stripCode(v))
      .filter((v) => v.length > 0);
    for (const value of values) {
      if (!GRAPHQL_NAME.test(value)) fail(`2.4 ${name}: "${value}" is not a GraphQL enum value`);
    }
    if (values.length === 0) fail(`2.4 ${name}: no values`);
    if (new Set(values).size !== values.length) fail(`2.4 ${name}: duplicate values`);
    addUnique(enums, name, values, '2.4');
  }
  return enums;
}

/** Custom scalars: the spec has no list of them, only sentences "`Name` is a scalar" in section 2. */
export function parseScalars(sections: Section[]): string[] {
  const text = sections
    .filter((s) => s.number === '2' || s.number.startsWith('2.'))
    .flatMap((s) => s.lines)
    .join('\n');
  const scalars = new Set<string>();
  for (const match of text.matchAll(/`([_A-Za-z][_0-9A-Za-z]*)`\s+is\s+a\s+(?:custom\s+)?scalar/g)) {
    scalars.add(match[1] as string);
  }
  return [...scalars];
}
