import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { isUuid } from '../../src/schema/ids.js';

/**
 * Documents that select every field of a root field's result, with every required argument
 * given as a literal, and a check that a response has exactly the shape the schema promises.
 */

export const SAMPLE_ID = '0b9c6f4e-3a51-4d2e-9f1b-5c7d8e9fa012';

function literal(type: GraphQLInputType): string {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return `[${literal(nullable.ofType)}]`;
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return `{${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')}}`;
  }
  if (isEnumType(nullable)) return nullable.getValues()[0]!.name;
  switch (nullable.name) {
    case 'ID':
      return JSON.stringify(SAMPLE_ID);
    case 'Int':
      return '5';
    case 'Float':
      return '1.5';
    case 'Boolean':
      return 'true';
    case 'DateTime':
      return '"2026-01-05T09:30:00Z"';
    default:
      return '"sample"';
  }
}

/** Every field of `type`, nested objects included (the contract has no cycles). */
export function selectAll(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  return `{ ${Object.values(named.getFields())
    .map((field) => `${field.name} ${selectAll(field.type)}`)
    .join(' ')} }`;
}

/** `messages(conversationId: "...") { ...every field }`, with required arguments only. */
export function fieldCall(field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  const argText = args.length ? `(${args.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})` : '';
  return `${field.name}${argText} ${selectAll(field.type)}`;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** Where `value` breaks `type` (null in a non-null place, a wrong scalar, an unknown enum value). */
export function shapeProblems(type: GraphQLOutputType, value: unknown, path: string, problems: string[] = []): string[] {
  if (value === null || value === undefined) {
    if (isNonNullType(type)) problems.push(`${path}: null for ${String(type)}`);
    return problems;
  }
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) problems.push(`${path}: not a list`);
    else value.forEach((item, index) => shapeProblems(nullable.ofType, item, `${path}.${index}`, problems));
  } else if (isObjectType(nullable)) {
    if (typeof value !== 'object') problems.push(`${path}: not an object`);
    else for (const [name, field] of Object.entries(nullable.getFields())) shapeProblems(field.type, (value as Record<string, unknown>)[name], `${path}.${name}`, problems);
  } else if (isEnumType(nullable)) {
    if (!nullable.getValues().some((enumValue) => enumValue.name === value)) problems.push(`${path}: ${String(value)} is not a ${nullable.name}`);
  } else if (isScalarType(nullable)) {
    const ok: Record<string, (v: unknown) => boolean> = {
      ID: (v) => typeof v === 'string' && isUuid(v),
      String: (v) => typeof v === 'string',
      Int: (v) => Number.isInteger(v) && Math.abs(v as number) <= 2 ** 31,
      Float: (v) => typeof v === 'number' && Number.isFinite(v),
      Boolean: (v) => typeof v === 'boolean',
      DateTime: (v) => typeof v === 'string' && RFC3339.test(v) && !Number.isNaN(Date.parse(v)),
    };
    if (!ok[nullable.name]!(value)) problems.push(`${path}: ${JSON.stringify(value)} is not a valid ${nullable.name}`);
  }
  return problems;
}
