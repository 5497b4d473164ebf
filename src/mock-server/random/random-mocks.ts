import type { Faker } from '@faker-js/faker';
import { MockList } from '@graphql-tools/mock/MockList';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { namedValue, scalarValues } from './field-values.js';
import { rootValue } from './root-values.js';

/** A field's mock: called with the field's arguments; `undefined` lets the store generate by type. */
export type FieldMock = (args: Readonly<Record<string, unknown>>) => unknown;

/** @graphql-tools/mock's `mocks`: one function per scalar and enum, one object of field mocks per type. */
export type RandomMocks = Record<string, (() => unknown) | Record<string, FieldMock>>;

/** How often a nullable field is null; the rest of the time it has a value. */
const nullChance: Record<string, number> = { deletedAt: 0.9, readAt: 0.5 };
const DEFAULT_NULL_CHANCE = 0.2;

/** Inclusive length ranges of lists outside pages (pages follow `first` or `pageSize`). */
const listLength: Record<string, readonly [number, number]> = { members: [1, 6], userIds: [1, 4], purposes: [1, 3] };
const DEFAULT_LIST_LENGTH = [0, 4] as const;

/**
 * The mocks a random-mode MockStore generates with. Every choice goes through `faker` (never
 * Math.random), which the resolvers reseed per field, so values follow the seed alone.
 */
export function randomMocks(schema: GraphQLSchema, faker: Faker): RandomMocks {
  const mocks: RandomMocks = {};
  for (const [name, value] of Object.entries(scalarValues)) mocks[name] = () => value(faker);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isEnumType(type)) {
      const values = type.getValues().map((value) => value.value as unknown);
      // The store's own pick for enums reads Math.random.
      mocks[type.name] = () => faker.helpers.arrayElement(values);
    } else if (isObjectType(type)) {
      mocks[type.name] = fieldMocks(schema, type, faker);
    }
  }
  return mocks;
}

function fieldMocks(schema: GraphQLSchema, type: GraphQLObjectType, faker: Faker): Record<string, FieldMock> {
  const isRoot = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].includes(type);
  const mocks: Record<string, FieldMock> = {};
  for (const field of Object.values(type.getFields())) {
    const generic = genericMock(type, field, faker);
    const nullable = !isNonNullType(field.type);
    const chance = nullChance[field.name] ?? DEFAULT_NULL_CHANCE;
    mocks[field.name] = (args) => {
      if (nullable && faker.number.float() < chance) return null;
      const value = isRoot ? rootValue(type, field, args, faker) : undefined;
      return value === undefined ? generic() : value;
    };
  }
  return mocks;
}

/** A field's value from its name and type alone. */
function genericMock(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>, faker: Faker): () => unknown {
  const nullable = getNullableType(field.type);
  const named = namedValue(type.name, field.name);
  if (isListType(nullable)) {
    const [min, max] = listLength[field.name] ?? DEFAULT_LIST_LENGTH;
    const itemType = getNamedType(field.type);
    if (isEnumType(itemType)) {
      // A list of enum values is a set (`purposes`): no value twice.
      const values = itemType.getValues().map((value) => value.value as unknown);
      return () => faker.helpers.arrayElements(values, { min: Math.min(min, values.length), max: Math.min(max, values.length) });
    }
    const item = named && isLeafType(itemType) ? () => named(faker) : undefined;
    return () => new MockList(faker.number.int({ min, max }), item);
  }
  if (named) return () => named(faker);
  return () => undefined;
}
