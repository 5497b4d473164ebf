import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedOutputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { ABSENT, printLiteral, validValue, value, type IdPools } from './input-values.js';

/**
 * Valid documents for every query and mutation of the contract, with variables, generated from
 * the schema itself so that a new operation or input is covered the day it lands.
 *
 * Each argument, and each field of an input object written inline, is given in one of the ways
 * a client may give it: a variable (of the location's type, or nullable where the location has
 * a default; with or without a default of its own; present, null or left out of `variables`), a
 * literal, an object literal whose fields are themselves variables or literals, or a list literal
 * of those. Optional ones are also left out. The selection set takes a random part of the result
 * type, two levels deep, fragments on abstract types included.
 */

export type Caller = 'alice' | 'bob' | 'dave' | 'nobody';

export interface GeneratedOperation {
  /** `Query.messages`, `Mutation.createChannel`, ... */
  readonly coordinate: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
  readonly caller: Caller;
}

/** How one argument or inline input field is written. */
type Plan =
  | { readonly kind: 'omit' }
  | { readonly kind: 'variable'; readonly type: string; readonly defaultLiteral: string | null; readonly value: unknown }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'object'; readonly fields: readonly (readonly [string, Plan])[] }
  | { readonly kind: 'list'; readonly items: readonly Plan[] };

interface Location {
  readonly type: GraphQLInputType;
  readonly name: string;
  /** The argument or input field has a default: a nullable variable may stand for it. */
  readonly hasDefault: boolean;
  /** It may be left out altogether. */
  readonly optional: boolean;
}

function variablePlan(location: Location, pools: IdPools): fc.Arbitrary<Plan> {
  const { type, name } = location;
  const types: GraphQLInputType[] = [type];
  if (isNonNullType(type) && location.hasDefault) types.push(type.ofType);
  return fc.constantFrom(...types).chain((variableType) => {
    const nullable = !isNonNullType(variableType);
    const given = value(variableType, pools, name);
    const supplied = nullable || location.hasDefault ? fc.oneof({ arbitrary: given, weight: 4 }, { arbitrary: fc.constant<unknown>(ABSENT), weight: 1 }) : fc.oneof({ arbitrary: given, weight: 20 }, { arbitrary: fc.constant<unknown>(ABSENT), weight: 1 });
    const defaultLiteral = nullable
      ? fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: validValue(variableType, pools, name).map((v) => printLiteral(v, variableType)), weight: 1 })
      : fc.constant(null);
    return fc.record({ value: supplied, defaultLiteral }).map((parts): Plan => ({ kind: 'variable', type: String(variableType), ...parts }));
  });
}

function planFor(location: Location, pools: IdPools, depth: number): fc.Arbitrary<Plan> {
  const { type, name } = location;
  const named = getNullableType(type);
  const choices: fc.WeightedArbitrary<Plan>[] = [
    { arbitrary: variablePlan(location, pools), weight: 6 },
    { arbitrary: validValue(type, pools, name).map((v): Plan => ({ kind: 'literal', text: printLiteral(v, type) })), weight: 2 },
  ];
  if (location.optional) choices.push({ arbitrary: fc.constant<Plan>({ kind: 'omit' }), weight: 3 });
  if (depth < 3 && isInputObjectType(named)) {
    const fields = Object.values(named.getFields()).map((field) =>
      planFor({ type: field.type, name: `${named.name}.${field.name}`, hasDefault: field.defaultValue !== undefined, optional: !isRequiredInputField(field) }, pools, depth + 1).map((plan) => [field.name, plan] as const),
    );
    choices.push({ arbitrary: fc.tuple(...fields).map((entries): Plan => ({ kind: 'object', fields: entries })), weight: 3 });
  }
  if (depth < 3 && isListType(named)) {
    const item = planFor({ type: named.ofType, name, hasDefault: false, optional: false }, pools, depth + 1);
    choices.push({ arbitrary: fc.array(item, { maxLength: 2 }).map((items): Plan => ({ kind: 'list', items })), weight: 1 });
  }
  return fc.oneof(...choices);
}

/** Writes plans out, collecting the variable definitions and values they use. */
class Writer {
  readonly definitions: string[] = [];
  readonly variables: Record<string, unknown> = {};

  write(plan: Exclude<Plan, { kind: 'omit' }>): string {
    switch (plan.kind) {
      case 'literal':
        return plan.text;
      case 'variable': {
        const name = `v${this.definitions.length}`;
        this.definitions.push(`$${name}: ${plan.type}${plan.defaultLiteral === null ? '' : ` = ${plan.defaultLiteral}`}`);
        if (plan.value !== ABSENT) this.variables[name] = plan.value;
        return `$${name}`;
      }
      case 'object':
        return `{${this.entries(plan.fields).join(', ')}}`;
      case 'list':
        return `[${plan.items.map((item) => this.write(item as Exclude<Plan, { kind: 'omit' }>)).join(', ')}]`;
    }
  }

  entries(entries: readonly (readonly [string, Plan])[]): string[] {
    return entries.flatMap(([name, plan]) => (plan.kind === 'omit' ? [] : [`${name}: ${this.write(plan)}`]));
  }
}

/** Fields that can be selected without arguments. */
function selectableFields(type: GraphQLObjectType): GraphQLField<unknown, unknown>[] {
  return Object.values(type.getFields()).filter((field) => !field.args.some(isRequiredArgument));
}

function leaves(type: GraphQLObjectType): string {
  const names = selectableFields(type).filter((field) => isLeafType(getNamedType(field.type))).map((field) => field.name);
  return ['__typename', ...names].join(' ');
}

/** A selection set for `type` (empty for a leaf), a random part of it, `depth` levels at most. */
function selection(schema: GraphQLSchema, type: GraphQLNamedOutputType, depth: number): fc.Arbitrary<string> {
  if (isLeafType(type)) return fc.constant('');
  if (isAbstractType(type)) {
    const fragments = schema.getPossibleTypes(type).map((possible) => `... on ${possible.name} { ${leaves(possible)} }`);
    return fc.subarray(fragments).map((chosen) => ` { __typename ${chosen.join(' ')} }`);
  }
  if (!isObjectType(type)) throw new Error(`unexpected output type ${String(type)}`);
  const fields = selectableFields(type).filter((field) => depth > 0 || isLeafType(getNamedType(field.type)));
  return fc
    .subarray(fields, { minLength: Math.min(1, fields.length) })
    .chain((chosen) => fc.tuple(...chosen.map((field) => selection(schema, getNamedType(field.type), depth - 1).map((inner) => `${field.name}${inner}`))))
    .map((parts) => ` { __typename ${parts.join(' ')} }`);
}

function operationFor(schema: GraphQLSchema, kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, pools: IdPools): fc.Arbitrary<GeneratedOperation> {
  const args = field.args.map((arg) =>
    planFor({ type: arg.type, name: `${field.name}.${arg.name}`, hasDefault: arg.defaultValue !== undefined, optional: !isRequiredArgument(arg) }, pools, 0).map((plan) => [arg.name, plan] as const),
  );
  const caller = fc.oneof(
    { arbitrary: fc.constant<Caller>('alice'), weight: 6 },
    { arbitrary: fc.constantFrom<Caller>('bob', 'dave'), weight: 2 },
    { arbitrary: fc.constant<Caller>('nobody'), weight: 1 },
  );
  return fc.record({ plans: fc.tuple(...args), selected: selection(schema, getNamedType(field.type), 2), caller }).map(({ plans, selected, caller }) => {
    const writer = new Writer();
    const written = writer.entries(plans);
    const argumentText = written.length > 0 ? `(${written.join(', ')})` : '';
    const definitions = writer.definitions.length > 0 ? `(${writer.definitions.join(', ')})` : '';
    return {
      coordinate: `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
      query: `${kind} Op${definitions} {\n  ${field.name}${argumentText}${selected}\n}`,
      variables: writer.variables,
      caller,
    };
  });
}

/** Every query and mutation of `schema` (`Query.messages`, ...), each with an arbitrary of its documents. */
export function operationsOf(schema: GraphQLSchema, pools: IdPools): ReadonlyMap<string, fc.Arbitrary<GeneratedOperation>> {
  const roots = [
    ['query', schema.getQueryType()!],
    ['mutation', schema.getMutationType()!],
  ] as const;
  return new Map(
    roots.flatMap(([kind, type]) =>
      Object.values(type.getFields()).map((field) => [`${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`, operationFor(schema, kind, field, pools)] as const),
    ),
  );
}
