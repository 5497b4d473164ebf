import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';

/** Receives the bugs the engine hides from clients. @default logs to stderr with the stack */
export type BugLogger = (error: Error) => void;

export const logBugToStderr: BugLogger = (error) => {
  console.error('[parley] internal error:', error.stack ?? error);
};

function codeOf(error: GraphQLError): ErrorCode | 'BUG' {
  // graphql-jit's errors may have no `extensions` at all.
  const own = error.extensions?.['code'];
  if (typeof own === 'string') return own as ErrorCode;
  const original = error.originalError;
  if (original instanceof DomainError) return original.code;
  // No original error, or one graphql-js raised itself: the request's variables or arguments
  // did not coerce to their types. Everything else thrown inside execution is a bug.
  if (original == null || original instanceof GraphQLError) return ErrorCode.BAD_USER_INPUT;
  return 'BUG';
}

/** The code a client will see for `error` (for the request journal), without logging anything. */
export function clientCodeOf(error: Readonly<GraphQLError | Error>): ErrorCode {
  if (!(error instanceof GraphQLError)) return ErrorCode.BAD_REQUEST;
  const code = codeOf(error);
  return code === 'BUG' ? ErrorCode.INTERNAL_SERVER_ERROR : code;
}

/**
 * A graphql-js error with `message` and `extensions`, at the place `error` points to. graphql-jit's
 * errors carry `locations` but not the AST nodes graphql-js derives them from, so those are copied.
 */
function reshape(error: GraphQLError, message: string, extensions: Record<string, unknown>): GraphQLError {
  const shaped = new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions,
  });
  if (shaped.locations === undefined && error.locations !== undefined) {
    Object.defineProperty(shaped, 'locations', { value: error.locations, enumerable: true });
  }
  return shaped;
}

/**
 * Shapes every error a client sees, once, for every door: a code in `extensions.code`, a clear
 * message, locations and path kept, and never a stack trace. A bug becomes
 * `INTERNAL_SERVER_ERROR` with a fixed message, and its stack goes to the server log.
 */
export function formatError(error: Readonly<GraphQLError | Error>, logBug: BugLogger = logBugToStderr): GraphQLError {
  if (!(error instanceof GraphQLError)) {
    // graphql-http raises plain errors for requests that are not GraphQL requests at all.
    return new GraphQLError(error.message, { extensions: { code: ErrorCode.BAD_REQUEST } });
  }
  const code = codeOf(error);
  if (code === 'BUG') {
    logBug(error.originalError ?? error);
    return reshape(error, 'Internal server error', { code: ErrorCode.INTERNAL_SERVER_ERROR });
  }
  const field = error.originalError instanceof DomainError ? error.originalError.field : undefined;
  if (error.extensions?.['code'] === code && field === undefined) return error;
  return reshape(error, error.message, field === undefined ? { ...error.extensions, code } : { ...error.extensions, code, field });
}
