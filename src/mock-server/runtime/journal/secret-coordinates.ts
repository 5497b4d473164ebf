import { isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { SECRET_KEY } from './redact.js';

/**
 * The arguments and input fields of a schema that carry a secret (a password, a token, an OAuth
 * code or PKCE verifier), as schema coordinates: `LoginInput.password`,
 * `Mutation.refreshToken(refreshToken:)`, `@auth(token:)`. Read from the contract once per schema
 * by the names it gives them ({@link SECRET_KEY}); the list for `schema.graphql` is pinned by
 * `test/security/journal-secrets.test.ts`, so a new secret in the contract shows up in review.
 */
export interface SecretCoordinates {
  /** Every secret coordinate, sorted. */
  readonly list: readonly string[];
  /** `Type.field(arg:)` or `@directive(arg:)` of every secret argument. */
  readonly arguments: ReadonlySet<string>;
  /** `InputType.field` of every secret input field. */
  readonly inputFields: ReadonlySet<string>;
}

// A schema is immutable once built, so one derivation serves every request.
const bySchema = new WeakMap<GraphQLSchema, SecretCoordinates>();

/** The {@link SecretCoordinates} of `schema`, derived on first use. */
export function secretsOf(schema: GraphQLSchema): SecretCoordinates {
  let secrets = bySchema.get(schema);
  if (secrets === undefined) {
    secrets = derive(schema);
    bySchema.set(schema, secrets);
  }
  return secrets;
}

/**
 * The secret arguments and input fields of `schema`, sorted.
 *
 * @example
 * secretCoordinatesOf(schema); // ['ExchangeSocialTokenInput.idpOneAuthorizationCode', ..., 'RegisterInput.password']
 */
export function secretCoordinatesOf(schema: GraphQLSchema): readonly string[] {
  return secretsOf(schema).list;
}

function derive(schema: GraphQLSchema): SecretCoordinates {
  const args = new Set<string>();
  const inputFields = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (SECRET_KEY.test(field.name)) inputFields.add(`${type.name}.${field.name}`);
    } else if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) if (SECRET_KEY.test(arg.name)) args.add(`${type.name}.${field.name}(${arg.name}:)`);
      }
    }
  }
  for (const directive of schema.getDirectives()) {
    for (const arg of directive.args) if (SECRET_KEY.test(arg.name)) args.add(`@${directive.name}(${arg.name}:)`);
  }
  return { list: [...args, ...inputFields].sort(), arguments: args, inputFields };
}
