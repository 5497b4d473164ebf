import { buildASTSchema, parse, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLScalarType, type GraphQLSchema } from 'graphql';
import { DateTimeScalar } from '../../schema/date-time.js';
import type { GraphQLContext } from './context.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { schemaSdlText } from './generated/schema-sdl.js';
import { accountResolvers } from './resolvers/accounts.js';
import { conversationResolvers } from './resolvers/conversations.js';
import { directoryResolvers } from './resolvers/directory.js';
import { messageResolvers } from './resolvers/messages.js';
import { notificationResolvers } from './resolvers/notifications.js';
import { searchResolvers } from './resolvers/search.js';
import { subscriptionResolvers } from './resolvers/live.js';
import { fileResolvers } from './resolvers/files.js';
import { workspaceResolvers } from './resolvers/workspaces.js';

/** health: process liveness (the specification's section 1). Needs no token. */
const serviceResolvers: Resolvers = { Query: { health: () => 'ok' } };

const areas: Resolvers[] = [
  serviceResolvers,
  accountResolvers,
  workspaceResolvers,
  directoryResolvers,
  conversationResolvers,
  messageResolvers,
  fileResolvers,
  notificationResolvers,
  searchResolvers,
  subscriptionResolvers,
];

type RootResolver = GraphQLFieldResolver<unknown, GraphQLContext>;

/**
 * Gives every root field of `rootType` its resolver. The mock serves the whole contract, so a
 * field without one is a bug caught when the schema is built, never a null at run time.
 */
function attachRootResolvers(rootType: GraphQLObjectType, kind: 'Query' | 'Mutation'): void {
  const resolvers: Record<string, RootResolver> = Object.assign({}, ...areas.map((area) => area[kind] ?? {}));
  for (const [name, field] of Object.entries(rootType.getFields())) {
    const resolver = resolvers[name];
    if (!resolver) throw new Error(`${kind}.${name} has no resolver`);
    field.resolve = resolver;
  }
}

interface SubscriptionField {
  readonly subscribe: GraphQLFieldResolver<unknown, GraphQLContext>;
  readonly resolve: GraphQLFieldResolver<unknown, GraphQLContext>;
}

/** Every subscription of the contract has its source (`subscribe`) and its payload (`resolve`). */
function attachSubscriptions(subscriptionType: GraphQLObjectType): void {
  const fields = subscriptionResolvers.Subscription as Record<string, SubscriptionField>;
  for (const [name, field] of Object.entries(subscriptionType.getFields())) {
    const resolver = fields[name];
    if (!resolver) throw new Error(`subscription ${name} has no resolver`);
    field.subscribe = resolver.subscribe;
    field.resolve = resolver.resolve;
  }
}

let cached: GraphQLSchema | undefined;

/**
 * The contract with the mock's resolvers attached, built once per process (it is immutable).
 *
 * Only root fields have resolvers: they return complete views (`views/`), which graphql-js's
 * default resolvers read. The generated `Resolvers` type makes a resolver for a field the
 * contract lacks a compile error, so graphql-js's own `buildASTSchema` is all the building this
 * needs (@graphql-tools/schema would slow start-up for the same result: docs/benchmarks.md, "Start-up").
 */
export function createExecutableSchema(): GraphQLSchema {
  if (cached) return cached;
  // The SDL is embedded (not read from schema.graphql) so that the engine loads in a browser bundle.
  // It is the contract, which test/contract checks whole (buildSchema, validateSchema) and a test
  // keeps equal to schema.graphql: checking it again and keeping the source location of every
  // node of it (nothing reads them) was a large part of building the schema, at every start
  // (docs/benchmarks.md, "Start-up").
  const typeDefs = parse(schemaSdlText, { noLocation: true });
  const schema = buildASTSchema(typeDefs, { assumeValidSDL: true });
  attachRootResolvers(schema.getQueryType()!, 'Query');
  attachRootResolvers(schema.getMutationType()!, 'Mutation');
  attachSubscriptions(schema.getSubscriptionType()!);
  const dateTime = schema.getType('DateTime') as GraphQLScalarType;
  dateTime.serialize = DateTimeScalar.serialize;
  dateTime.parseValue = DateTimeScalar.parseValue;
  dateTime.parseLiteral = DateTimeScalar.parseLiteral;
  cached = schema;
  return schema;
}
