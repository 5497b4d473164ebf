import type { Faker } from '@faker-js/faker';
import { MockList } from '@graphql-tools/mock/MockList';
import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';

type Args = Readonly<Record<string, unknown>>;

/** Pages hold 0 to 100 items, whatever `first` or `pageSize` asks (the contract's bounds of `first`). */
export const MAX_PAGE = 100;

/**
 * What a root field answers beyond plain random values, or `undefined` for plain random values:
 * the shapes a frontend relies on, never behaviour.
 * - Pages follow their size argument: `nodes` has `first` items, `items` has `input.pageSize`.
 * - An object echoes the arguments it names (`conversation(id)` has that id, `createChannel`'s
 *   title and visibility are those sent, `messageCreated(conversationId)` is in that conversation).
 * - Mutations answering Boolean answer true; an `ID` answer is the id the call named.
 */
export function rootValue(root: GraphQLObjectType, field: GraphQLField<unknown, unknown>, args: Args, faker: Faker): unknown {
  const named = getNamedType(field.type);
  if (!isObjectType(named)) {
    if (root.name === 'Mutation' && named.name === 'Boolean') return true;
    if (named.name === 'ID') return args['id'] ?? args['userId'] ?? undefined;
    return undefined;
  }
  const echo = echoedArguments(named, field, args);
  if (isListType(getNullableType(field.type))) {
    delete echo['id']; // items of a list are distinct objects
    return Array.from({ length: faker.number.int({ min: 0, max: 4 }) }, () => ({ ...echo }));
  }
  return { ...echo, ...pageOf(named, field.name, args, faker) };
}

function clampPage(size: number): number {
  return Math.min(Math.max(Math.trunc(size), 0), MAX_PAGE);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields of `type` whose value the call sent: an argument, or a field of `input`, of the same name and type. */
function echoedArguments(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>, args: Args): Record<string, unknown> {
  const sent = new Map<string, { readonly type: GraphQLInputType; readonly value: unknown }>();
  for (const argument of field.args) {
    const argumentType = getNamedType(argument.type);
    const value = args[argument.name];
    if (argument.name === 'input' && isInputObjectType(argumentType) && isRecord(value)) {
      for (const inputField of Object.values(argumentType.getFields())) sent.set(inputField.name, { type: inputField.type, value: value[inputField.name] });
    }
  }
  for (const argument of field.args) sent.set(argument.name, { type: argument.type, value: args[argument.name] });
  // `conversationId` names a ConversationView's `id`, `messageId` a MessageView's.
  const ownId = `${type.name.charAt(0).toLowerCase()}${type.name.slice(1).replace(/View$/, '')}Id`;
  const record: Record<string, unknown> = {};
  for (const output of Object.values(type.getFields())) {
    const source = sent.get(output.name) ?? (output.name === 'id' ? sent.get(ownId) : undefined);
    if (!source || source.value === null || source.value === undefined) continue;
    if (String(getNullableType(source.type)) !== String(getNullableType(output.type))) continue;
    record[output.name] = source.value;
  }
  return record;
}

/** The list and counters of a page whose size an argument gives; nothing for other objects. */
function pageOf(type: GraphQLObjectType, fieldName: string, args: Args, faker: Faker): Record<string, unknown> {
  const fields = type.getFields();
  const first = args['first'];
  if (typeof first === 'number' && fields['nodes']) {
    const size = clampPage(first);
    return {
      nodes: type.name === 'MessagePage' ? messageNodes(fieldName, size, args, faker) : new MockList(size),
      endCursor: size > 0 ? faker.string.alphanumeric(16) : null,
      hasNextPage: size > 0 && faker.datatype.boolean(),
    };
  }
  const input = isRecord(args['input']) ? args['input'] : undefined;
  const pageSize = input?.['pageSize'];
  if (typeof pageSize === 'number' && fields['items']) {
    const size = clampPage(pageSize);
    const page = typeof input?.['page'] === 'number' ? input['page'] : 1;
    const before = Math.max(page - 1, 0) * size;
    const after = size > 0 && size === pageSize ? faker.number.int({ min: 0, max: 3 * size }) : 0;
    return { items: new MockList(size), totalCount: before + size + after };
  }
  const limit = input?.['limit'];
  if (typeof limit === 'number' && type.name === 'WorkspaceSearchResults') {
    const kinds = Array.isArray(input?.['kinds']) ? (input['kinds'] as unknown[]).map((kind) => String(kind).toLowerCase()) : undefined;
    const lists: Record<string, MockList> = {};
    for (const name of ['channels', 'files', 'messages', 'people']) {
      const wanted = !kinds || kinds.includes(name);
      lists[name] = new MockList(wanted ? faker.number.int({ min: 0, max: clampPage(limit) }) : 0);
    }
    return lists;
  }
  return {};
}

/** Messages of a page: in the conversation asked for, in ascending `sequence` order (after `afterSequence` for `messagesSince`). */
function messageNodes(fieldName: string, size: number, args: Args, faker: Faker): Record<string, unknown>[] {
  const afterSequence = args['afterSequence'];
  const start = fieldName === 'messagesSince' && typeof afterSequence === 'number' ? Math.min(Math.max(afterSequence, 0) + 1, 2 ** 31 - 1 - size) : faker.number.int({ min: 1, max: 5_000 });
  return Array.from({ length: size }, (_, index) => ({ sequence: start + index, conversationId: args['conversationId'] }));
}
