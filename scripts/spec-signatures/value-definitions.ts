/**
 * The SDL-like fragments the spec uses for fields, arguments and whole root fields
 * (`name: Type = default`, `name(arg: Type): Ret`). Defaults are checked with graphql's own
 * value parser, so a default the spec writes is one a schema could declare.
 */
import { parseValue } from 'graphql';
import { stripCode } from './markdown-code-spans.js';
import type { OperationSignature, ValueSignature } from './signature-types.js';
import { fail } from './spec-parse-error.js';
import { normaliseType, parseReturnType } from './type-references.js';

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
export function parseValueDefinition(text: string, where: string): [string, ValueSignature] {
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

/**
 * Parses a `separator`-separated list of value definitions; empty text or `none` is no values.
 * The separator is a parameter because argument lists use `,` and bullet lists use `;`.
 */
export function parseValueList(text: string, separator: string, where: string): Record<string, ValueSignature> {
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

/** Parses `name(arg: T, arg: T = d): Ret` (arguments optional). */
export function parseFieldSignature(text: string, where: string): [string, OperationSignature] {
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
