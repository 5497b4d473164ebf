/**
 * Extracts the GraphQL contract (types, inputs, enums, root operations) from the
 * markdown of SPEC.md, so that the schema contract test can hold `schema.graphql`
 * to the specification without anyone re-typing signatures by hand.
 *
 * Usage:
 *   npx tsx scripts/extract-spec-signatures.ts [path-to-SPEC.md] [out.json]
 *
 * Defaults (relative to the repository root): `../shared/SPEC.md` and
 * `test/contract/spec-signatures.json`.
 *
 * What is parsed:
 *   - 2.1: `**Type**` headings followed by a `| Field | Type | Rules |` table, and
 *          bold-named summary lines `**Type**: \`field: Type\` (...), ...`
 *   - 2.2: bullet list `- **Type**: field: Type; field: Type`
 *   - 2.3: bullet list `- **Input**: field: Type; field: Type = default`
 *   - 2.4: `| Enum | Values |` table
 *   - 4.1, 4.2: `Signature: \`name(arg: Type, ...): Type\`` lines
 *   - 4.3, 4.4: `| Query | Arguments | Returns |` / `| Mutation | ... |` tables
 *               (`none` = no arguments, `X (nullable)` = nullable return `X`)
 *   - 6:   `| Subscription | Argument | Payload type |` table
 *   - scalars: sentences of the form "`Name` is a scalar" in section 2.
 */
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseValue } from 'graphql';

export interface ValueSignature {
  /** Type reference as written in GraphQL SDL, e.g. `[ID!]!`. */
  type: string;
  /** Default value literal exactly as written in the spec, e.g. `[]`, `{}`, `ALL`. */
  default?: string;
}

export interface OperationSignature {
  args: Record<string, ValueSignature>;
  /** Return (payload) type reference, e.g. `MessagePage!`. */
  type: string;
}

export interface SpecSignatures {
  enums: Record<string, string[]>;
  inputs: Record<string, Record<string, ValueSignature>>;
  mutation: Record<string, OperationSignature>;
  objects: Record<string, Record<string, string>>;
  query: Record<string, OperationSignature>;
  scalars: string[];
  subscription: Record<string, OperationSignature>;
}

const BUILT_IN_SCALARS: ReadonlySet<string> = new Set(['ID', 'String', 'Int', 'Float', 'Boolean']);
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

class SpecParseError extends Error {
  override name = 'SpecParseError';
}

function fail(message: string): never {
  throw new SpecParseError(message);
}

// ---------------------------------------------------------------------------
// Markdown structure
// ---------------------------------------------------------------------------

interface Section {
  /** Section number without trailing dot, e.g. `2.1`, `6`. */
  number: string;
  title: string;
  /** Lines belonging to this section only (up to the next heading of any level). */
  lines: string[];
}

function splitSections(markdown: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const rawLine of markdown.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(rawLine);
    if (heading) {
      const text = (heading[1] ?? '').trim();
      const numbered = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/.exec(text);
      current = {
        number: numbered?.[1] ?? '',
        title: numbered?.[2] ?? text,
        lines: [],
      };
      sections.push(current);
      continue;
    }
    current?.lines.push(rawLine);
  }
  return sections;
}

function section(sections: Section[], number: string): Section {
  const found = sections.filter((s) => s.number === number);
  if (found.length !== 1) {
    fail(`expected exactly one section numbered ${number}, found ${found.length}`);
  }
  return found[0] as Section;
}

interface Table {
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

function findTables(lines: string[]): Table[] {
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

function tableWithHeader(sec: Section, firstColumn: string): Table {
  const found = findTables(sec.lines).filter((t) => t.header[0] === firstColumn);
  if (found.length !== 1) {
    fail(`section ${sec.number}: expected one table whose first column is "${firstColumn}", found ${found.length}`);
  }
  return found[0] as Table;
}

function column(table: Table, name: string): number {
  const index = table.header.indexOf(name);
  if (index < 0) fail(`table with columns [${table.header.join(', ')}] has no column "${name}"`);
  return index;
}

function cell(row: string[], index: number): string {
  return row[index] ?? '';
}

// ---------------------------------------------------------------------------
// GraphQL fragments
// ---------------------------------------------------------------------------

function stripCode(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('`') && trimmed.endsWith('`') && trimmed.length >= 2
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

/** Validates and normalises a type reference (`Name`, `Name!`, `[T]`, `[T]!`). */
function normaliseType(raw: string, where: string): string {
  const compact = stripCode(raw).replace(/\s+/g, '');
  const check = (t: string): boolean => {
    const inner = t.endsWith('!') ? t.slice(0, -1) : t;
    if (inner.startsWith('[') && inner.endsWith(']')) return check(inner.slice(1, -1));
    return NAME.test(inner);
  };
  if (!check(compact)) fail(`${where}: "${raw}" is not a GraphQL type reference`);
  return compact;
}

/** The named type inside a type reference: `[ID!]!` -> `ID`. */
export function namedType(typeRef: string): string {
  return typeRef.replace(/[[\]!]/g, '');
}

/** Splits on `separator` at the top level only (outside brackets, braces, parentheses and strings). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (inString) {
      current += ch;
      if (ch === '\\') {
        current += text[i + 1] ?? '';
        i += 1;
      } else if (ch === '"') {
        inString = false;
      }
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{' || ch === '(') depth += 1;
    else if (ch === ']' || ch === '}' || ch === ')') depth -= 1;
    if (ch === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** Parses `name: Type` or `name: Type = default`. */
function parseValueDefinition(text: string, where: string): [string, ValueSignature] {
  const match = /^([_A-Za-z][_0-9A-Za-z]*)\s*:\s*([^=]+?)\s*(?:=\s*(.+))?$/.exec(stripCode(text));
  if (!match) fail(`${where}: cannot parse "${text}" as "name: Type [= default]"`);
  const name = match[1] as string;
  const signature: ValueSignature = { type: normaliseType(match[2] ?? '', `${where}.${name}`) };
  const literal = match[3]?.trim();
  if (literal !== undefined) {
    try {
      parseValue(literal);
    } catch (error) {
      fail(`${where}.${name}: default "${literal}" is not a GraphQL value literal (${String(error)})`);
    }
    signature.default = literal;
  }
  return [name, signature];
}

function parseValueList(text: string, separator: string, where: string): Record<string, ValueSignature> {
  const result: Record<string, ValueSignature> = {};
  const trimmed = stripCode(text);
  if (trimmed === '' || /^none$/i.test(trimmed)) return result;
  for (const part of splitTopLevel(trimmed, separator)) {
    const [name, signature] = parseValueDefinition(part, where);
    if (name in result) fail(`${where}: duplicate "${name}"`);
    result[name] = signature;
  }
  return result;
}

/** Parses a return-type cell; `X (nullable)` is the nullable type `X`. */
function parseReturnType(text: string, where: string): string {
  const raw = stripCode(text);
  const nullable = /^(.*?)\s*\(nullable\)$/i.exec(raw);
  if (nullable) {
    const type = normaliseType(nullable[1] ?? '', where);
    if (type.endsWith('!')) fail(`${where}: "${raw}" is marked nullable but ends with "!"`);
    return type;
  }
  return normaliseType(raw, where);
}

/** Parses `name(arg: T, arg: T = d): Ret` (arguments optional). */
function parseFieldSignature(text: string, where: string): [string, OperationSignature] {
  const source = stripCode(text);
  const match = /^([_A-Za-z][_0-9A-Za-z]*)\s*(?:\((.*)\))?\s*:\s*(.+)$/.exec(source);
  if (!match) fail(`${where}: cannot parse signature "${source}"`);
  const name = match[1] as string;
  return [
    name,
    {
      args: parseValueList(match[2] ?? '', ',', `${where} ${name}`),
      type: parseReturnType(match[3] ?? '', `${where} ${name}`),
    },
  ];
}

// ---------------------------------------------------------------------------
// Section parsers
// ---------------------------------------------------------------------------

function addUnique<T>(target: Record<string, T>, name: string, value: T, where: string): void {
  if (!NAME.test(name)) fail(`${where}: "${name}" is not a GraphQL name`);
  if (Object.prototype.hasOwnProperty.call(target, name)) fail(`${where}: "${name}" is defined twice`);
  target[name] = value;
}

/** Section 2.1: bold-named field tables and bold-named summary lines. */
function parseMessageResources(sec: Section, objects: Record<string, Record<string, string>>): void {
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
      const fieldCol = column(table, 'Field');
      const typeCol = column(table, 'Type');
      const fields: Record<string, string> = {};
      for (const row of table.rows) {
        const fieldName = stripCode(cell(row, fieldCol));
        addUnique(fields, fieldName, normaliseType(cell(row, typeCol), `2.1 ${pendingName}.${fieldName}`), `2.1 ${pendingName}`);
      }
      addUnique(objects, pendingName, fields, '2.1');
      pendingName = undefined;
    }
  }
}

/** Bullet lines `- **Name**: a: T; b: T = d` (sections 2.2 and 2.3). */
function parseBulletDefinitions(sec: Section): Record<string, Record<string, ValueSignature>> {
  const result: Record<string, Record<string, ValueSignature>> = {};
  for (const raw of sec.lines) {
    const match = /^\s*[-*]\s+\*\*([_A-Za-z][_0-9A-Za-z]*)\*\*\s*:\s*(.+)$/.exec(raw);
    if (!match) continue;
    const name = match[1] as string;
    addUnique(result, name, parseValueList(match[2] ?? '', ';', `${sec.number} ${name}`), sec.number);
  }
  return result;
}

function parseEnums(sec: Section): Record<string, string[]> {
  const table = tableWithHeader(sec, 'Enum');
  const valuesCol = column(table, 'Values');
  const enums: Record<string, string[]> = {};
  for (const row of table.rows) {
    const name = stripCode(cell(row, 0));
    const values = cell(row, valuesCol)
      .split(',')
      .map((v) => stripCode(v))
      .filter((v) => v.length > 0);
    for (const value of values) {
      if (!NAME.test(value)) fail(`2.4 ${name}: "${value}" is not a GraphQL enum value`);
    }
    if (values.length === 0) fail(`2.4 ${name}: no values`);
    if (new Set(values).size !== values.length) fail(`2.4 ${name}: duplicate values`);
    addUnique(enums, name, values, '2.4');
  }
  return enums;
}

function parseSignatureLines(sec: Section, target: Record<string, OperationSignature>): void {
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

function parseOperationTable(
  sec: Section,
  firstColumn: string,
  argsColumn: string,
  returnColumn: string,
  argSeparator: string,
  target: Record<string, OperationSignature>,
): void {
  const table = tableWithHeader(sec, firstColumn);
  const argsCol = column(table, argsColumn);
  const returnCol = column(table, returnColumn);
  for (const row of table.rows) {
    const name = stripCode(cell(row, 0));
    const where = `section ${sec.number} ${name}`;
    addUnique(
      target,
      name,
      {
        args: parseValueList(cell(row, argsCol), argSeparator, where),
        type: parseReturnType(cell(row, returnCol), where),
      },
      `section ${sec.number}`,
    );
  }
}

function parseScalars(sections: Section[]): string[] {
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

// ---------------------------------------------------------------------------
// Consistency and output ordering
// ---------------------------------------------------------------------------

function checkReferences(result: SpecSignatures): void {
  const outputTypes = new Set([...BUILT_IN_SCALARS, ...result.scalars, ...Object.keys(result.enums), ...Object.keys(result.objects)]);
  const inputTypes = new Set([...BUILT_IN_SCALARS, ...result.scalars, ...Object.keys(result.enums), ...Object.keys(result.inputs)]);
  const defined = [Object.keys(result.objects), Object.keys(result.inputs), Object.keys(result.enums), result.scalars].flat();
  const seen = new Set<string>();
  for (const name of defined) {
    if (seen.has(name) || BUILT_IN_SCALARS.has(name)) fail(`type name "${name}" is defined more than once`);
    seen.add(name);
  }
  const problems: string[] = [];
  const expectOutput = (type: string, where: string): void => {
    if (!outputTypes.has(namedType(type))) problems.push(`${where}: output type ${type} is not defined`);
  };
  const expectInput = (type: string, where: string): void => {
    if (!inputTypes.has(namedType(type))) problems.push(`${where}: input type ${type} is not defined`);
  };
  for (const [typeName, fields] of Object.entries(result.objects)) {
    for (const [field, type] of Object.entries(fields)) expectOutput(type, `${typeName}.${field}`);
  }
  for (const [typeName, fields] of Object.entries(result.inputs)) {
    for (const [field, sig] of Object.entries(fields)) expectInput(sig.type, `${typeName}.${field}`);
  }
  const roots = { Query: result.query, Mutation: result.mutation, Subscription: result.subscription };
  for (const [root, operations] of Object.entries(roots)) {
    for (const [name, op] of Object.entries(operations)) {
      expectOutput(op.type, `${root}.${name}`);
      for (const [arg, sig] of Object.entries(op.args)) expectInput(sig.type, `${root}.${name}(${arg})`);
    }
  }
  if (problems.length > 0) fail(`undefined type references:\n  ${problems.join('\n  ')}`);
}

function sortRecord<T, U>(record: Record<string, T>, mapValue: (value: T) => U): Record<string, U> {
  const sorted: Record<string, U> = {};
  for (const key of Object.keys(record).sort()) {
    sorted[key] = mapValue(record[key] as T);
  }
  return sorted;
}

function sortValueSignature(sig: ValueSignature): ValueSignature {
  return sig.default === undefined ? { type: sig.type } : { default: sig.default, type: sig.type };
}

function sortOperation(op: OperationSignature): OperationSignature {
  return { args: sortRecord(op.args, sortValueSignature), type: op.type };
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/**
 * Parses SPEC.md markdown into the contract signatures. Keys are sorted at every
 * level and enum values are sorted, so the JSON output is stable.
 * Throws `SpecParseError` when an expected section or table is missing or malformed.
 */
export function extractSpecSignatures(markdown: string): SpecSignatures {
  const sections = splitSections(markdown);

  const objects: Record<string, Record<string, string>> = {};
  parseMessageResources(section(sections, '2.1'), objects);
  for (const [name, fields] of Object.entries(parseBulletDefinitions(section(sections, '2.2')))) {
    const plain: Record<string, string> = {};
    for (const [field, sig] of Object.entries(fields)) {
      if (sig.default !== undefined) fail(`2.2 ${name}.${field}: object fields have no defaults`);
      plain[field] = sig.type;
    }
    addUnique(objects, name, plain, '2.2');
  }

  const inputs = parseBulletDefinitions(section(sections, '2.3'));
  const enums = parseEnums(section(sections, '2.4'));

  const query: Record<string, OperationSignature> = {};
  parseSignatureLines(section(sections, '4.1'), query);
  parseSignatureLines(section(sections, '4.2'), query);
  parseOperationTable(section(sections, '4.3'), 'Query', 'Arguments', 'Returns', ';', query);

  const mutation: Record<string, OperationSignature> = {};
  parseOperationTable(section(sections, '4.4'), 'Mutation', 'Arguments', 'Returns', ';', mutation);

  const subscription: Record<string, OperationSignature> = {};
  parseOperationTable(section(sections, '6'), 'Subscription', 'Argument', 'Payload type', ';', subscription);

  const scalars = parseScalars(sections);

  const counts: Array<[string, number]> = [
    ['object types', Object.keys(objects).length],
    ['input types', Object.keys(inputs).length],
    ['enums', Object.keys(enums).length],
    ['queries', Object.keys(query).length],
    ['mutations', Object.keys(mutation).length],
    ['subscriptions', Object.keys(subscription).length],
    ['scalars', scalars.length],
  ];
  for (const [what, count] of counts) {
    if (count === 0) fail(`no ${what} found in the spec`);
  }

  const result: SpecSignatures = {
    enums: sortRecord(enums, (values) => [...values].sort()),
    inputs: sortRecord(inputs, (fields) => sortRecord(fields, sortValueSignature)),
    mutation: sortRecord(mutation, sortOperation),
    objects: sortRecord(objects, (fields) => sortRecord(fields, (type) => type)),
    query: sortRecord(query, sortOperation),
    scalars: [...scalars].sort(),
    subscription: sortRecord(subscription, sortOperation),
  };
  checkReferences(result);
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValueSignature(value: unknown): value is ValueSignature {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    (value.default === undefined || typeof value.default === 'string')
  );
}

function isOperationMap(value: unknown): value is Record<string, OperationSignature> {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (op) => isRecord(op) && typeof op.type === 'string' && isRecord(op.args) && Object.values(op.args).every(isValueSignature),
    )
  );
}

/** Runtime check for a parsed `spec-signatures.json`. */
export function assertSpecSignatures(value: unknown): asserts value is SpecSignatures {
  const ok =
    isRecord(value) &&
    isRecord(value.objects) &&
    Object.values(value.objects).every((f) => isRecord(f) && Object.values(f).every((t) => typeof t === 'string')) &&
    isRecord(value.inputs) &&
    Object.values(value.inputs).every((f) => isRecord(f) && Object.values(f).every(isValueSignature)) &&
    isRecord(value.enums) &&
    Object.values(value.enums).every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string')) &&
    isOperationMap(value.query) &&
    isOperationMap(value.mutation) &&
    isOperationMap(value.subscription) &&
    Array.isArray(value.scalars) &&
    value.scalars.every((s) => typeof s === 'string');
  if (!ok) throw new TypeError('value does not have the shape of SpecSignatures');
}

export function formatSpecSignatures(signatures: SpecSignatures): string {
  return `${JSON.stringify(signatures, null, 2)}\n`;
}

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

function isMainModule(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === pathToFileURL(realpathSync(fileURLToPath(import.meta.url))).href;
  } catch {
    return false;
  }
}

function main(argv: string[]): void {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const specPath = argv[0] !== undefined ? resolve(argv[0]) : resolve(repoRoot, '../shared/SPEC.md');
  const outPath = argv[1] !== undefined ? resolve(argv[1]) : resolve(repoRoot, 'test/contract/spec-signatures.json');
  const signatures = extractSpecSignatures(readFileSync(specPath, 'utf8'));
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, formatSpecSignatures(signatures));
  const count = (r: Record<string, unknown>): number => Object.keys(r).length;
  process.stdout.write(
    `${specPath} -> ${outPath}\n` +
      `  objects: ${count(signatures.objects)}, inputs: ${count(signatures.inputs)}, enums: ${count(signatures.enums)}, ` +
      `scalars: ${signatures.scalars.length}, queries: ${count(signatures.query)}, mutations: ${count(signatures.mutation)}, ` +
      `subscriptions: ${count(signatures.subscription)}\n`,
  );
}

if (isMainModule()) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`extract-spec-signatures: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
