import {
  buildASTSchema,
  buildClientSchema,
  getIntrospectionQuery,
  introspectionFromSchema,
  parse,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/**
 * A schema text (SDL, or an introspection result as JSON) that cannot be read as a schema. One
 * sentence, naming where it came from.
 */
export class SchemaUnreadable extends Error {
  override readonly name = 'SchemaUnreadable';
}

/** The names the contract gives its root types; a target's roots are compared under these names. */
export interface RootNames {
  readonly query: string;
  readonly mutation: string | null;
  readonly subscription: string | null;
}

/**
 * The introspection query the suite sends: no descriptions (the spec's words are not part of a
 * signature, and they are most of the bytes), nothing beyond what graphql-js 15+ servers answer.
 */
export const INTROSPECTION_QUERY = getIntrospectionQuery({ descriptions: false });

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `{ data: { __schema } }` (a response) or `{ __schema }` (its data); null when it is neither. */
export function introspectionIn(json: unknown): IntrospectionQuery | null {
  const data = isRecord(json) && isRecord(json['data']) ? json['data'] : json;
  return isRecord(data) && isRecord(data['__schema']) ? (data as unknown as IntrospectionQuery) : null;
}

/**
 * Gives the target's root types the contract's names (`query_root` becomes `Query`), everywhere
 * the introspection result names them: the spec names no root type, so a different name is no
 * difference. A root is left as it is when the contract's name is already taken by another type.
 */
function renameRoots(result: IntrospectionQuery, names: RootNames): IntrospectionQuery {
  const schema = result.__schema;
  const taken = new Set(schema.types.map((type) => type.name));
  const renames = new Map<string, string>();
  const roots = [
    [schema.queryType, names.query],
    [schema.mutationType, names.mutation],
    [schema.subscriptionType, names.subscription],
  ] as const;
  for (const [root, wanted] of roots) {
    if (root && wanted && root.name !== wanted && !taken.has(wanted)) renames.set(root.name, wanted);
  }
  if (renames.size === 0) return result;
  // Type definitions and type references carry `kind`; a field or argument of the same name does not.
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (!isRecord(value)) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = rename(inner);
    const name = copy['name'];
    if (copy['kind'] === 'OBJECT' && typeof name === 'string' && renames.has(name)) copy['name'] = renames.get(name);
    return copy;
  };
  const root = (entry: { readonly name: string } | null | undefined) => (entry ? { ...entry, name: renames.get(entry.name) ?? entry.name } : entry);
  const renamed = rename(result) as IntrospectionQuery;
  return {
    ...renamed,
    __schema: { ...renamed.__schema, queryType: root(schema.queryType)!, mutationType: root(schema.mutationType), subscriptionType: root(schema.subscriptionType) },
  } as IntrospectionQuery;
}

/**
 * A schema from an introspection result, with the contract's root names, and nothing an
 * introspection does not carry (descriptions, directive uses): both sides of a comparison go
 * through this, so only signatures can differ.
 */
export function schemaFromIntrospection(result: IntrospectionQuery, roots: RootNames | null, source: string): GraphQLSchema {
  try {
    return buildClientSchema(roots ? renameRoots(result, roots) : result);
  } catch (error) {
    throw new SchemaUnreadable(`${source} is not a valid introspection result: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Reads a server's schema from SDL or from an introspection result as JSON (`{ "data": { "__schema" } }`
 * or `{ "__schema" }`), the way `parley schema check FILE` and `--schema FILE` take it. Directives
 * the SDL uses but does not define (federation's, a gateway's) are allowed.
 */
export function readSchemaText(text: string, source: string, roots: RootNames | null): GraphQLSchema {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      throw new SchemaUnreadable(`${source} starts like JSON but is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const result = introspectionIn(json);
    if (!result) throw new SchemaUnreadable(`${source} is JSON without an introspection result: expected { "data": { "__schema": ... } } or { "__schema": ... }`);
    return schemaFromIntrospection(result, roots, source);
  }
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(parse(text), { assumeValidSDL: true });
  } catch (error) {
    throw new SchemaUnreadable(`${source} is neither an introspection result (JSON) nor SDL that builds: ${error instanceof Error ? error.message : String(error)}`);
  }
  return schemaFromIntrospection(introspectionFromSchema(schema, { descriptions: false }), roots, source);
}
