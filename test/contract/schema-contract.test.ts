/**
 * Holds schema.graphql to the contract of SPEC.md.
 *
 * The expected signatures come from test/contract/spec-signatures.json, which is
 * generated from SPEC.md by scripts/extract-spec-signatures.ts. The last test
 * re-runs the extractor on SPEC.md (when available) so that the checked-in JSON
 * cannot drift from the spec.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLObjectType,
  GraphQLSchema,
  buildSchema,
  isEnumType,
  isInputObjectType,
  isIntrospectionType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  parseValue,
  print,
  validateSchema,
  valueFromAST,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  type OperationSignature,
  type SpecSignatures,
  type ValueSignature,
  assertSpecSignatures,
  extractSpecSignatures,
} from '../../scripts/extract-spec-signatures.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const schemaPath = resolve(repoRoot, 'schema.graphql');
const signaturesPath = resolve(repoRoot, 'test/contract/spec-signatures.json');
/** The specification's Markdown, where the maintainer has it (`PARLEY_SPEC_MD`); the checked-in signatures are used either way. */
const specPath = process.env['PARLEY_SPEC_MD'];

const schemaSource = readFileSync(schemaPath, 'utf8');

/** Build errors are reported by the first test instead of failing the whole file at import. */
let buildError: string | undefined;
const schema: GraphQLSchema = ((): GraphQLSchema => {
  try {
    return buildSchema(schemaSource);
  } catch (error) {
    buildError = error instanceof Error ? error.message : String(error);
    return new GraphQLSchema({});
  }
})();

const parsedSignatures: unknown = JSON.parse(readFileSync(signaturesPath, 'utf8'));
assertSpecSignatures(parsedSignatures);
const spec: SpecSignatures = parsedSignatures;

// ---------------------------------------------------------------------------
// Helpers: describe the schema in the same shape as the spec signatures
// ---------------------------------------------------------------------------

/**
 * A comparable view of a default value. `literal` is the value literal as written
 * (printed, so whitespace does not matter); `value` is the coerced value graphql
 * uses, so `{}` for an input object is compared together with the defaults of its
 * fields.
 */
interface DefaultView {
  literal: string;
  value: unknown;
}

interface ValueView {
  type: string;
  default?: DefaultView;
}

interface OperationView {
  args: Record<string, ValueView>;
  type: string;
}

const INVALID_DEFAULT = '<default literal is not valid for the declared type>';

/** The spec's default literal, coerced against the schema's type of the same field. */
function expectedDefault(literal: string, type: GraphQLInputType | undefined): DefaultView {
  const ast = parseValue(literal);
  if (type === undefined) return { literal: print(ast), value: INVALID_DEFAULT };
  const value: unknown = valueFromAST(ast, type);
  return { literal: print(ast), value: value === undefined ? INVALID_DEFAULT : value };
}

function actualDefault(value: GraphQLArgument | GraphQLInputField): DefaultView | undefined {
  if (value.defaultValue === undefined) return undefined;
  const node = value.astNode?.defaultValue;
  return { literal: node ? print(node) : '<no AST>', value: value.defaultValue };
}

function actualValue(value: GraphQLArgument | GraphQLInputField): ValueView {
  const view: ValueView = { type: String(value.type) };
  const def = actualDefault(value);
  if (def !== undefined) view.default = def;
  return view;
}

function expectedValue(sig: ValueSignature, actual: GraphQLArgument | GraphQLInputField | undefined): ValueView {
  const view: ValueView = { type: sig.type };
  if (sig.default !== undefined) view.default = expectedDefault(sig.default, actual?.type);
  return view;
}

function actualOperation(field: GraphQLField<unknown, unknown>): OperationView {
  return {
    args: Object.fromEntries(field.args.map((arg) => [arg.name, actualValue(arg)])),
    type: String(field.type),
  };
}

function expectedOperation(sig: OperationSignature, field: GraphQLField<unknown, unknown> | undefined): OperationView {
  return {
    args: Object.fromEntries(
      Object.entries(sig.args).map(([name, arg]) => [name, expectedValue(arg, field?.args.find((a) => a.name === name))]),
    ),
    type: sig.type,
  };
}

const sorted = (names: Iterable<string>): string[] => [...names].sort();

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

describe('schema.graphql', () => {
  it('builds with graphql buildSchema and passes schema validation', () => {
    expect(buildError, 'buildSchema(schema.graphql) threw').toBeUndefined();
    expect(validateSchema(schema).map((error) => error.message)).toEqual([]);
  });

  it('has root types named Query, Mutation and Subscription', () => {
    expect(schema.getQueryType()?.name).toBe('Query');
    expect(schema.getMutationType()?.name).toBe('Mutation');
    expect(schema.getSubscriptionType()?.name).toBe('Subscription');
  });

  it('defines no named types beyond the spec (besides root and built-in types)', () => {
    const specTypes = [
      ...Object.keys(spec.objects),
      ...Object.keys(spec.inputs),
      ...Object.keys(spec.enums),
      ...spec.scalars,
      'Query',
      'Mutation',
      'Subscription',
    ];
    const schemaTypes = Object.values(schema.getTypeMap())
      .filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type))
      .map((type) => type.name);
    expect(sorted(schemaTypes)).toEqual(sorted(specTypes));
  });

  it('declares no custom directives', () => {
    const custom = schema.getDirectives().filter((directive) => !isSpecifiedDirective(directive));
    expect(custom.map((directive) => directive.name)).toEqual([]);
  });
});

describe('scalars match SPEC.md', () => {
  it.each(spec.scalars)('scalar %s is defined', (name) => {
    expect(isScalarType(schema.getType(name)), `${name} should be a scalar`).toBe(true);
  });
});

describe('object types match SPEC.md 2.1 and 2.2', () => {
  it.each(Object.entries(spec.objects))('type %s has exactly the spec fields and types', (name, fields) => {
    const type = schema.getType(name);
    expect(isObjectType(type), `${name} should be an object type`).toBe(true);
    if (!isObjectType(type)) return;
    const actual = Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, String(field.type)]));
    expect(actual).toEqual(fields);
  });

  it.each(Object.keys(spec.objects))('type %s fields take no arguments', (name) => {
    const type = schema.getType(name);
    if (!isObjectType(type)) return; // reported by the field test above
    const withArgs = Object.values(type.getFields())
      .filter((field) => field.args.length > 0)
      .map((field) => field.name);
    expect(withArgs).toEqual([]);
  });
});

describe('input types match SPEC.md 2.3', () => {
  it.each(Object.entries(spec.inputs))('input %s has exactly the spec fields, types and defaults', (name, fields) => {
    const type = schema.getType(name);
    expect(isInputObjectType(type), `${name} should be an input type`).toBe(true);
    if (!isInputObjectType(type)) return;
    const schemaFields = type.getFields();
    const actual = Object.fromEntries(Object.values(schemaFields).map((field) => [field.name, actualValue(field)]));
    const expected = Object.fromEntries(
      Object.entries(fields).map(([fieldName, sig]) => [fieldName, expectedValue(sig, schemaFields[fieldName])]),
    );
    expect(actual).toEqual(expected);
  });
});

describe('enums match SPEC.md 2.4', () => {
  it.each(Object.entries(spec.enums))('enum %s has exactly the spec values', (name, values) => {
    const type = schema.getType(name);
    expect(isEnumType(type), `${name} should be an enum`).toBe(true);
    if (!isEnumType(type)) return;
    expect(sorted(type.getValues().map((value) => value.name))).toEqual(sorted(values));
  });
});

const roots: Array<{
  label: 'Query' | 'Mutation' | 'Subscription';
  section: string;
  operations: Record<string, OperationSignature>;
  rootType: () => GraphQLObjectType | null | undefined;
}> = [
  { label: 'Query', section: 'SPEC.md 4.1-4.3', operations: spec.query, rootType: () => schema.getQueryType() },
  { label: 'Mutation', section: 'SPEC.md 4.4', operations: spec.mutation, rootType: () => schema.getMutationType() },
  {
    label: 'Subscription',
    section: 'SPEC.md 6',
    operations: spec.subscription,
    rootType: () => schema.getSubscriptionType(),
  },
];

for (const { label, section, operations, rootType } of roots) {
  describe(`${label} operations match ${section}`, () => {
    it.each(Object.entries(operations))(
      `${label}.%s has the spec arguments, argument types, defaults and return type`,
      (name, signature) => {
        const field = rootType()?.getFields()[name];
        expect(field, `${label}.${name} is missing from schema.graphql`).toBeDefined();
        if (field === undefined) return;
        expect(actualOperation(field)).toEqual(expectedOperation(signature, field));
      },
    );

    it(`${label} has no fields beyond the spec`, () => {
      const actual = sorted(Object.keys(rootType()?.getFields() ?? {}));
      const extra = actual.filter((name) => !Object.prototype.hasOwnProperty.call(operations, name));
      expect(extra, `extra ${label} fields`).toEqual([]);
      expect(actual).toEqual(sorted(Object.keys(operations)));
    });
  });
}

describe('documentation', () => {
  it('every spec type and root operation has a description', () => {
    const undocumented: string[] = [];
    for (const name of [...Object.keys(spec.objects), ...Object.keys(spec.inputs), ...Object.keys(spec.enums), ...spec.scalars]) {
      if (!schema.getType(name)?.description) undocumented.push(name);
    }
    for (const { label, rootType } of roots) {
      for (const field of Object.values(rootType()?.getFields() ?? {})) {
        if (!field.description) undocumented.push(`${label}.${field.name}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('messages, messagesSince and their arguments, and MessageView/MessagePage fields are described', () => {
    const undocumented: string[] = [];
    for (const name of ['messages', 'messagesSince']) {
      const field = schema.getQueryType()?.getFields()[name];
      if (!field?.description) undocumented.push(name);
      for (const arg of field?.args ?? []) {
        if (!arg.description) undocumented.push(`${name}(${arg.name})`);
      }
    }
    for (const typeName of ['MessageView', 'MessageSummary', 'MessageAttachmentView', 'ReactionSummary', 'MessagePage']) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (!field.description) undocumented.push(`${typeName}.${field.name}`);
      }
    }
    expect(undocumented).toEqual([]);
  });
});

describe('spec-signatures.json', () => {
  const specExists = specPath !== undefined && existsSync(specPath);

  it.skipIf(!specExists)('is up to date with SPEC.md (re-run scripts/extract-spec-signatures.ts)', () => {
    const extracted = extractSpecSignatures(readFileSync(specPath!, 'utf8'));
    expect(extracted).toEqual(spec);
  });
});
