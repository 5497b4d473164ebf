import { getOperationAST, Kind, visit, type DocumentNode, type GraphQLSchema, type VariableDefinitionNode } from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import { describeFailure } from '../state/lazy.js';

/**
 * One operation compiled by graphql-jit, with what the engine needs to run it as graphql-js would.
 *
 * graphql-jit's own variable coercion is not graphql-js's (it refuses an omitted input field
 * whose non-null type has a default, takes an array for an input object, and mishandles an object
 * literal's field whose variable is left out or null). So graphql-js
 * coerces the variables and graphql-jit is handed values already coerced, which its coercion
 * passes through unchanged (every scalar of the contract parses its own output to itself).
 */
export interface CompiledOperation {
  readonly query: CompiledQuery['query'];
  readonly variableDefinitions: readonly VariableDefinitionNode[];
  /**
   * Variables written inside a list or object literal (`input: {title: $t}`). Where such a
   * variable is left out, graphql-jit gives the field null where graphql-js omits it or takes its
   * default; where it is null, graphql-jit takes the null even for a non-null field, which
   * graphql-js refuses. A request that leaves one of them out or null runs on graphql-js.
   */
  readonly variablesInsideLiterals: readonly string[];
}

type Jit = typeof import('graphql-jit');

let jit: Jit | undefined;
let loading: Promise<Jit | undefined> | undefined;
/** graphql-jit could not load (in a browser: fast-json-stringify reads `process.versions` on import). */
let unavailable = false;

/**
 * Loads graphql-jit. Importing it (it brings fast-json-stringify and ajv) is a large share of the
 * start-up budget (docs/benchmarks.md, "Start-up"), for a path the adaptive mode only takes from a document's second
 * use; so it loads in the background and operations run on graphql-js until it is there. Where it
 * cannot load (a browser page), every operation runs on graphql-js: results are the same either
 * way, and one warning says so.
 */
export function loadCompiler(): Promise<Jit | undefined> {
  loading ??= import('graphql-jit').then(
    (loaded) => (jit = loaded),
    (error: unknown) => {
      unavailable = true;
      console.warn(`Parley: graphql-jit could not load, so operations run on graphql-js (same results, slower): ${describeFailure(error)}`);
      return undefined;
    },
  );
  return loading;
}

/** Whether loading is over: graphql-jit is there, or it will not be. */
export function compilerLoaded(): boolean {
  return jit !== undefined || unavailable;
}

/**
 * Compiles one operation with graphql-jit, or returns null when graphql-jit cannot (the engine
 * then runs it with graphql-js), or could not load at all. Call only once {@link compilerLoaded}. Subscriptions never come
 * here: they are served over WebSocket.
 */
export function compileOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledOperation | null {
  if (!jit) {
    if (unavailable) return null;
    throw new Error('graphql-jit is not loaded yet');
  }
  const compiled = jit.compileQuery(schema, document, operationName, {
    // Stack traces of errors that reach clients are never shown; capturing them is wasted work.
    disablingCapturingStackErrors: true,
    // Not `customJSONSerializer`: its fast-json-stringify serializer checks every nullable field
    // against an ajv schema and is slower than JSON.stringify on a message page (docs/benchmarks.md, "Per-call costs").
  });
  if (!jit.isCompiledQuery(compiled)) return null;
  return {
    query: compiled.query,
    variableDefinitions: getOperationAST(document, operationName)?.variableDefinitions ?? [],
    variablesInsideLiterals: variablesInsideLiterals(document),
  };
}

/** Names of the variables that appear inside list or object literals of arguments, anywhere in `document`. */
function variablesInsideLiterals(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(argument) {
      if (argument.value.kind !== Kind.LIST && argument.value.kind !== Kind.OBJECT) return;
      visit(argument.value, {
        Variable(variable) {
          names.add(variable.name.value);
        },
      });
    },
  });
  return [...names];
}
