import { buildASTSchema, GraphQLError, parse, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLScalarType, type GraphQLSchema } from 'graphql';
import { createExecutableSchema } from '../../../src/mock-server/graphql/executable-schema.js';
import { schemaSdlText } from '../../../src/mock-server/graphql/generated/schema-sdl.js';
import { DomainError } from '../../../src/mock-server/state/errors.js';

type Resolver = GraphQLFieldResolver<unknown, unknown>;

/**
 * A domain refusal as a server author on Apollo Server, graphql-yoga or mercurius throws it: a
 * GraphQLError with the code in `extensions.code`. (No `originalError`: Yoga masks an error whose
 * original is not a GraphQLError, as it should mask a bug.) Anything else passes unchanged, so a
 * bug reaches each framework's own handling of unexpected errors.
 */
function asGraphQLError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const extensions = error.field === undefined ? { code: error.code } : { code: error.code, field: error.field };
  return new GraphQLError(error.message, { extensions });
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** `resolver`, throwing (or rejecting with) a GraphQLError where it threw a DomainError. */
function throwingGraphQLErrors(resolver: Resolver): Resolver {
  return (source, args, context, info) => {
    try {
      const result = resolver(source, args, context, info);
      return isPromise(result) ? result.catch((error: unknown) => Promise.reject(asGraphQLError(error))) : result;
    } catch (error) {
      throw asGraphQLError(error);
    }
  };
}

/** Gives `target`'s fields the resolvers of the same fields of `source`, each wrapped. */
function copyResolvers(source: GraphQLObjectType, target: GraphQLObjectType): void {
  const sourceFields = source.getFields();
  for (const [name, field] of Object.entries(target.getFields())) {
    const from = sourceFields[name];
    if (!from) throw new Error(`${source.name}.${name} is missing from the mock's schema`);
    if (from.resolve) field.resolve = throwingGraphQLErrors(from.resolve);
    if (from.subscribe) field.subscribe = throwingGraphQLErrors(from.subscribe);
  }
}

/**
 * The contract with the mock's resolvers, as a server author would write them for a framework:
 * the same domain, but refusals thrown as GraphQLErrors carrying `extensions.code` (the mock's own
 * engine maps its DomainError to a code when it formats errors, which no framework does). A new
 * schema each call: the mock's schema is shared and immutable, and no framework may change it.
 */
export function schemaWithCodedErrors(): GraphQLSchema {
  const mock = createExecutableSchema();
  const schema = buildASTSchema(parse(schemaSdlText));
  copyResolvers(mock.getQueryType()!, schema.getQueryType()!);
  copyResolvers(mock.getMutationType()!, schema.getMutationType()!);
  copyResolvers(mock.getSubscriptionType()!, schema.getSubscriptionType()!);
  const mockDateTime = mock.getType('DateTime') as GraphQLScalarType;
  const dateTime = schema.getType('DateTime') as GraphQLScalarType;
  dateTime.serialize = mockDateTime.serialize;
  dateTime.parseValue = mockDateTime.parseValue;
  dateTime.parseLiteral = mockDateTime.parseLiteral;
  return schema;
}
