import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { createMockStore } from '@graphql-tools/mock/MockStore';
import type { IMockStore } from '@graphql-tools/mock/types';
import {
  buildASTSchema,
  isObjectType,
  parse,
  print,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { DateTimeScalar } from '../../schema/date-time.js';
import { schemaSdlText } from '../graphql/generated/schema-sdl.js';
import type { Clock } from '../state/clock.js';
import { randomEvents, isRandomEvent } from './random-events.js';
import { randomMocks, type RandomMocks } from './random-mocks.js';
import { hashText, SeededRandomizer, stableJson } from '../kernel/seeded-random.js';

/** A faker of its own (the demo fixtures keep theirs), English, over a cheaply reseeded generator. */
function seededFaker(): Faker {
  // The package root exports the Faker class but loads every locale; the English entry loads a
  // fraction of that (docs/benchmarks.md, "Start-up") and exports only an instance, whose class
  // builds ours.
  const FakerClass = english.constructor as typeof Faker;
  return new FakerClass({ locale: english.rawDefinitions, randomizer: new SeededRandomizer() });
}

export interface RandomSchemaOptions {
  /** Seed of every value: the same seed and the same request give the same response. */
  readonly seed: number;
  /** Times subscription events. */
  readonly clock: Clock;
  /** Milliseconds between two events of a subscription. */
  readonly eventIntervalMs: number;
}

/** One execution: a query or mutation, or one event of a subscription. */
interface Run {
  readonly seed: number;
  /** What this execution generated so far: a field asked twice (aliases) answers the same. */
  readonly store: IMockStore;
}

interface Ref {
  readonly $ref: { readonly typeName: string; readonly key: string };
}

function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** `messages.nodes.3.content`: where a value sits in the response. */
function pathText(path: GraphQLResolveInfo['path'] | undefined): string {
  let text = '';
  for (let step = path; step; step = step.prev) text = `${step.key}.${text}`;
  return text;
}

/**
 * The contract's schema answering every field with random data (`parley mock serve --random`),
 * built with @graphql-tools/mock's MockStore and faker.
 *
 * Deterministic: an execution's seed hashes the server's seed, the document text, the operation
 * name and the variables (and, for a subscription, the event's number); each field reseeds faker
 * from that and its response path before generating. So a value depends on nothing but the
 * request and where it sits, whichever order the execution (graphql-js or graphql-jit) takes.
 * Each execution has a store of its own, so requests share nothing.
 */
export function createRandomSchema(options: RandomSchemaOptions): GraphQLSchema {
  const schema = buildASTSchema(parse(schemaSdlText));
  const dateTime = schema.getType('DateTime') as GraphQLScalarType;
  dateTime.serialize = DateTimeScalar.serialize;
  dateTime.parseValue = DateTimeScalar.parseValue;
  dateTime.parseLiteral = DateTimeScalar.parseLiteral;

  const faker = seededFaker();
  const mocks = randomMocks(schema, faker);
  const runs = new WeakMap<object, Run>();

  const runOf = (context: unknown, info: GraphQLResolveInfo): Run => {
    // A subscription executes once per event, each with the event as root value and one context.
    const event = isRandomEvent(info.rootValue) ? info.rootValue : undefined;
    const key = event ?? (context as object);
    let run = runs.get(key);
    if (!run) {
      const text = info.operation.loc?.source.body ?? print(info.operation);
      const request = `${text}\u0000${info.operation.name?.value ?? ''}\u0000${stableJson(info.variableValues)}\u0000${event?.randomEvent ?? ''}`;
      run = { seed: hashText(options.seed, request), store: newStore(schema, mocks) };
      runs.set(key, run);
    }
    return run;
  };

  const resolve: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
    const run = runOf(context, info);
    faker.seed(hashText(run.seed, pathText(info.path)));
    const parent = isRef(source) ? source.$ref : { typeName: info.parentType.name, key: 'ROOT' };
    return run.store.get({ typeName: parent.typeName, key: parent.key, fieldName: info.fieldName, fieldArgs: args });
  };

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) field.resolve = resolve;
  }
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    field.subscribe = () => randomEvents(options.clock, options.eventIntervalMs);
  }
  return schema;
}

function newStore(schema: GraphQLSchema, mocks: RandomMocks): IMockStore {
  // RandomMocks' field mocks take the field's arguments, as the store calls them; its `IMocks`
  // type declares them without.
  return createMockStore({ schema, mocks: mocks as Parameters<typeof createMockStore>[0]['mocks'] });
}
