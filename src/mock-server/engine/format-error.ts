import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';

/** Receives the bugs the engine hides from clients. @default logs to stderr with the stack */
export type BugLogger = (error: Error) => void;

export const logBugToStderr: BugLogger = (error) => {
  console.error('[parley] internal error:', error.stack ?? error);
};

function codeOf(error: GraphQLError): ErrorCode | 'BUG' {
  const own = error.extensions['code'];
  if (typeof own === 'string') return own as ErrorCode;
  const original = error.originalError;
  if (original instanceof DomainError) return original.code;
  // No original error, or one graphql-js raised itself: the request's variables or arguments
  // did not coerce to their types. Everything else thrown inside execution is a bug.
  if (original === undefined || original instanceof GraphQLError) return ErrorCode.BAD_USER_INPUT;
  return 'BUG';
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
  if (code !== 'BUG') {
    if (error.extensions['code'] === code) return error;
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { ...error.extensions, code },
    });
  }
  logBug(error.originalError ?? error);
  return new GraphQLError('Internal server error', {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
  });
}
