/**
 * Cross-checks the extracted definitions against each other: every type a field, argument or
 * root field names must be defined, and no name may be defined twice. A failure here means the
 * spec is inconsistent (or the extractor missed a definition), which the contract test could
 * otherwise only report as a schema mismatch.
 */
import { BUILT_IN_SCALARS, namedType } from './graphql-names.js';
import type { SpecSignatures } from './signature-types.js';
import { fail } from './spec-parse-error.js';

/** Throws one `SpecParseError` that lists every undefined type reference at once. */
export function checkReferences(result: SpecSignatures): void {
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
