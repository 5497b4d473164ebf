/**
 * The whole extraction: which section holds which part of the contract, in one place, so that
 * a restructured spec needs a change here and nowhere else.
 */
import { sectionNumbered, splitSections } from './markdown-sections.js';
import { checkReferences } from './reference-check.js';
import {
  type ObjectTypes,
  parseBulletDefinitions,
  parseEnums,
  parseMessageResources,
  parseOtherObjectTypes,
  parseScalars,
} from './resource-types.js';
import { parseOperationTable, parseSignatureLines } from './root-operations.js';
import type { OperationSignature, SpecSignatures } from './signature-types.js';
import { fail } from './spec-parse-error.js';
import { sortOperation, sortRecord, sortValueSignature } from './stable-order.js';

/**
 * Parses SPEC.md markdown into the contract signatures. Keys are sorted at every
 * level and enum values are sorted, so the JSON output is stable.
 * Throws `SpecParseError` when an expected section or table is missing or malformed.
 */
export function extractSpecSignatures(markdown: string): SpecSignatures {
  const sections = splitSections(markdown);

  const objects: ObjectTypes = {};
  parseMessageResources(sectionNumbered(sections, '2.1'), objects);
  parseOtherObjectTypes(sectionNumbered(sections, '2.2'), objects);

  const inputs = parseBulletDefinitions(sectionNumbered(sections, '2.3'));
  const enums = parseEnums(sectionNumbered(sections, '2.4'));

  const query: Record<string, OperationSignature> = {};
  parseSignatureLines(sectionNumbered(sections, '4.1'), query);
  parseSignatureLines(sectionNumbered(sections, '4.2'), query);
  parseOperationTable(sectionNumbered(sections, '4.3'), 'Query', 'Arguments', 'Returns', ';', query);

  const mutation: Record<string, OperationSignature> = {};
  parseOperationTable(sectionNumbered(sections, '4.4'), 'Mutation', 'Arguments', 'Returns', ';', mutation);

  const subscription: Record<string, OperationSignature> = {};
  parseOperationTable(sectionNumbered(sections, '6'), 'Subscription', 'Argument', 'Payload type', ';', subscription);

  const scalars = parseScalars(sections);

  // An empty kind means a section's form changed and its parser silently matched nothing.
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
