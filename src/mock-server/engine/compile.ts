import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';

export type CompiledOperation = CompiledQuery;

type Jit = typeof import('graphql-jit');

let jit: Jit | undefined;
let loading: Promise<Jit> | undefined;

/**
 * Loads graphql-jit. Importing it costs about 55 ms (it brings fast-json-stringify and ajv), a
 * tenth of the start-up budget, for a path the adaptive mode only takes from a document's second
 * use; so it loads in the background and operations run on graphql-js until it is there.
 */
export function loadCompiler(): Promise<Jit> {
  loading ??= import('graphql-jit').then((module) => (jit = module));
  return loading;
}

export function compilerLoaded(): boolean {
  return jit !== undefined;
}

/**
 * Compiles one operation with graphql-jit, or returns null when graphql-jit cannot (the engine
 * then runs it with graphql-js). Call only once {@link compilerLoaded}. Subscriptions never come
 * here: they are served over WebSocket.
 */
export function compileOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledOperation | null {
  if (!jit) throw new Error('graphql-jit is not loaded yet');
  const compiled = jit.compileQuery(schema, document, operationName, {
    // Stack traces of errors that reach clients are never shown; capturing them is wasted work.
    disablingCapturingStackErrors: true,
    // Not `customJSONSerializer`: its fast-json-stringify serializer checks every nullable field
    // against an ajv schema and measured 2.5x slower than JSON.stringify on a message page.
  });
  return jit.isCompiledQuery(compiled) ? compiled : null;
}
