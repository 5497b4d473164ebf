import { buildSchema, getNamedType, isEnumType, isObjectType, type GraphQLSchema } from 'graphql';
import { schemaSdl } from '../../schema/load.js';
import type { RootNames } from './schema-source.js';

/** The contract (schema.graphql, which test/contract holds to SPEC.md) as the signature checks read it. */
export interface Contract {
  readonly schema: GraphQLSchema;
  readonly roots: RootNames;
  /** Enums that some object field returns: a value the spec does not list can reach a client. */
  readonly outputEnums: ReadonlySet<string>;
}

let cached: Contract | undefined;

/**
 * Built once per process from the SDL. Descriptions and directive uses, which only the SDL
 * carries, are no part of a signature and are not compared; going through an introspection as
 * the target does would cost more than the whole comparison.
 */
export function contract(): Contract {
  if (cached) return cached;
  // schema.graphql is validated by test/contract; validating it again costs a third of the build.
  const schema = buildSchema(schemaSdl(), { assumeValidSDL: true, noLocation: true });
  const roots: RootNames = {
    query: schema.getQueryType()?.name ?? 'Query',
    mutation: schema.getMutationType()?.name ?? null,
    subscription: schema.getSubscriptionType()?.name ?? null,
  };
  const outputEnums = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isEnumType(named)) outputEnums.add(named.name);
    }
  }
  cached = { schema, roots, outputEnums };
  return cached;
}
