import fc from 'fast-check';
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isRequiredInputField,
  type GraphQLInputField,
  type GraphQLInputType,
} from 'graphql';

/**
 * Input values for any input type of the contract, as a client would send them in `variables`:
 * mostly valid (so requests reach the resolvers and the state), with every shape GraphQL's input
 * coercion treats specially: omitted optional and defaulted fields, explicit nulls, nested input
 * objects, lists and single values where lists are expected, enums and the custom DateTime
 * scalar; and now and then a value of the wrong kind, whose refusal must read the same on every
 * execution path.
 */

/** Real ids of the world under test, by what they name, so that requests can succeed. */
export interface IdPools {
  readonly workspaces: readonly string[];
  readonly conversations: readonly string[];
  readonly messages: readonly string[];
  readonly users: readonly string[];
  /** Ids of anything else the state holds (attachments, departments, ...), if any. */
  readonly others: readonly string[];
}

/** A value to leave out of `variables` (an omitted variable or field), as opposed to `null`. */
export const ABSENT: unique symbol = Symbol('absent');

const bogusIds = fc.constantFrom('nope', '00000000-0000-4000-8000-000000000000', 'f'.repeat(36), '', ' ');

/**
 * What a value names, for choosing good ids and strings: an argument or input field is named
 * `owner.name` (`editMessage.id`, `CreateChannelInput.memberIds`); a bare `id` says nothing, so
 * its owner speaks for it.
 */
function hint(name: string): string {
  const [owner, field = owner] = name.split('.') as [string, string?];
  return (/^ids?$/i.test(field) ? owner : field).toLowerCase();
}

function ids(pools: IdPools, name: string): fc.Arbitrary<unknown> {
  const lower = hint(name);
  const pool = lower.includes('workspace')
    ? pools.workspaces
    : lower.includes('conversation') || lower.includes('channel')
      ? pools.conversations
      : lower.includes('message')
        ? pools.messages
        : /user|member|participant|lead/.test(lower)
          ? pools.users
          : [...pools.conversations, ...pools.messages, ...pools.others];
  const all = [...pools.workspaces, ...pools.conversations, ...pools.messages, ...pools.users, ...pools.others];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(pool.length > 0 ? pool : all)), weight: 8 },
    { arbitrary: fc.constantFrom(...all), weight: 1 },
    { arbitrary: bogusIds, weight: 1 },
    // ID accepts integers in variables; they reach the resolver as strings.
    { arbitrary: fc.integer({ min: 0, max: 99 }), weight: 1 },
  );
}

// Besides plain words: a lone surrogate (refused at the door on every path) and characters that
// hide what a name is (refused in names and e-mails).
const words = fc.constantFrom('hello', 'Ünïcödé ✓', 'two words', 'x'.repeat(300), '', '   ', 'a\nb', 'quote " and \\ backslash', 'lone \ud800 half', '\udc00', 'invoice\u202efdp.exe', 'zero\u200bwidth');
const unique = fc.string({ minLength: 2, maxLength: 12, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-') }).map((text) => `u${text}`);

/** Mostly a valid value, now and then a tricky one. */
const mostly = (valid: fc.Arbitrary<string>, tricky: fc.Arbitrary<string>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: tricky, weight: 1 });

function strings(name: string): fc.Arbitrary<string> {
  const lower = hint(name);
  if (lower === 'email') return mostly(unique.map((local) => `${local}@example.test`), fc.constantFrom('alice@acme.test', 'not-an-email', '', 'ＡＬＩＣＥ@acme.test', 'alice@acme.test\u200b', '\u202ealice@acme.test', 'alice\ud800@acme.test'));
  if (lower === 'password') return mostly(fc.constantFrom('parley-demo', 'correct horse battery'), fc.constantFrom('short', ''));
  if (lower === 'username' || lower === 'slug') return mostly(unique, fc.constantFrom('alice', 'acme', 'Not Valid!', 'x'.repeat(300)));
  if (lower === 'emoji') return mostly(fc.constantFrom('👍', ':+1:', '🎉'), fc.constantFrom('two words', ''));
  if (lower === 'clientmessageid') return mostly(fc.uuid(), words);
  if (lower === 'contenttype') return mostly(fc.constantFrom('image/png', 'application/pdf', 'text/plain; charset=utf-8'), fc.constantFrom('nonsense', ''));
  if (/title|name|content|search|description|message/.test(lower)) return mostly(unique.map((text) => `t-${text}`), words);
  return fc.oneof(words, unique);
}

const dateTimes = fc.oneof(
  fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom('2026-01-05T09:30:00Z', '2026-01-05T10:30:00+01:00', '2026-01-05t09:30:00.5z'),
);

/** A list nested `depth` deep, past the nesting limit (64) for 80: refused before coercion. */
function deepList(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** A value of the wrong kind for `type`: the refusal is what gets compared. */
function wrongKind(type: GraphQLInputType): fc.Arbitrary<unknown> {
  const named = getNullableType(type);
  if (isListType(named)) return fc.constantFrom({ not: 'a list' }, 'text', [[['too deep']]], deepList(80));
  if (isInputObjectType(named)) return fc.constantFrom([], ['an array'], 'text', 7, { unknownField: 1 });
  if (isEnumType(named)) return fc.constantFrom('NOT_A_VALUE', 'lowercase', 3, true);
  switch (named.name) {
    case 'DateTime':
      return fc.constantFrom('yesterday', '2026-13-45T99:00:00Z', 1767605400000);
    case 'Int':
      return fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, '3', true);
    case 'Float':
      return fc.constantFrom('1.5', true, { n: 1 });
    case 'Boolean':
      return fc.constantFrom('true', 0, 1);
    case 'ID':
      return fc.constantFrom(1.5, true, { id: 'x' }, ['a']);
    default:
      return fc.constantFrom(12, true, { text: 'x' }, ['a']);
  }
}

/** Every field of an input object: required ones always, the others omitted, null or given. */
function inputObject(owner: string, fields: readonly GraphQLInputField[], pools: IdPools, depth: number, wrong: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields.map((field) => {
    const given = build(field.type, pools, `${owner}.${field.name}`, depth + 1, wrong);
    const arbitrary = isRequiredInputField(field)
      ? given
      : fc.oneof({ arbitrary: fc.constant<unknown>(ABSENT), weight: 3 }, { arbitrary: given, weight: 3 });
    return [field.name, arbitrary] as const;
  });
  return fc.tuple(...entries.map(([, arbitrary]) => arbitrary)).map((values) => {
    const result: Record<string, unknown> = {};
    values.forEach((entry, index) => {
      if (entry !== ABSENT) result[entries[index]![0]] = entry;
    });
    return result;
  });
}

function scalar(name: string, pools: IdPools, valueName: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID':
      return ids(pools, valueName);
    case 'String':
      return strings(valueName);
    case 'Int':
      return fc.oneof({ arbitrary: fc.integer({ min: -2, max: 120 }), weight: 5 }, { arbitrary: fc.constantFrom(0, 2 ** 31 - 1, -(2 ** 31)), weight: 1 });
    case 'Float':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return dateTimes;
    default:
      throw new Error(`no values for the scalar ${name}: teach test/fuzz/input-values.ts about it`);
  }
}

/**
 * Values of `type` (named `name` in the schema, which hints at good ids and strings): null where
 * the type is nullable, and a value of the wrong kind at any depth with weight `wrong` (0: never).
 */
function build(type: GraphQLInputType, pools: IdPools, name: string, depth: number, wrong: number): fc.Arbitrary<unknown> {
  const nullable = !isNonNullType(type);
  const named = getNullableType(type);
  let arbitrary: fc.Arbitrary<unknown>;
  if (isListType(named)) {
    const item = build(named.ofType, pools, name, depth + 1, wrong);
    // A single value where a list is expected is coerced to a list of one.
    arbitrary = fc.oneof({ arbitrary: fc.array(item, { maxLength: depth > 2 ? 1 : 3 }), weight: 4 }, { arbitrary: item, weight: 1 });
  } else if (isInputObjectType(named)) {
    arbitrary = inputObject(named.name, Object.values(named.getFields()), pools, depth, wrong);
  } else if (isEnumType(named)) {
    arbitrary = fc.constantFrom(...named.getValues().map((v) => v.name));
  } else {
    arbitrary = scalar(named.name, pools, name);
  }
  const choices: fc.WeightedArbitrary<unknown>[] = [{ arbitrary, weight: 12 }];
  if (nullable) choices.push({ arbitrary: fc.constant(null), weight: 2 });
  if (wrong > 0) choices.push({ arbitrary: wrongKind(type), weight: wrong });
  return fc.oneof(...choices);
}

/** A valid value of `type`, named `name` in the schema. */
export function validValue(type: GraphQLInputType, pools: IdPools, name: string): fc.Arbitrary<unknown> {
  return build(type, pools, name, 0, 0);
}

/** Mostly a valid value of `type`, now and then one of the wrong kind (at any depth). */
export function value(type: GraphQLInputType, pools: IdPools, name: string): fc.Arbitrary<unknown> {
  return build(type, pools, name, 0, 1);
}

/** `value` (valid for `type`) as a GraphQL literal. JSON's string escapes are GraphQL's. */
export function printLiteral(literal: unknown, type: GraphQLInputType): string {
  if (literal === null) return 'null';
  const named = getNullableType(type);
  if (isListType(named)) {
    const items = Array.isArray(literal) ? literal : [literal];
    return `[${items.map((item) => printLiteral(item, named.ofType)).join(', ')}]`;
  }
  if (isInputObjectType(named)) {
    const fields = named.getFields();
    const parts = Object.entries(literal as Record<string, unknown>).map(([key, field]) => `${key}: ${printLiteral(field, fields[key]!.type)}`);
    return `{${parts.join(', ')}}`;
  }
  if (isEnumType(named)) return String(literal);
  return JSON.stringify(literal);
}
