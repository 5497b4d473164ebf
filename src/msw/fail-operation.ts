import { graphql, HttpResponse, type GraphQLHandler } from 'msw';
import type { ErrorCode } from '../schema/error-codes.js';

export interface FailOperationOptions {
  /** Only requests to this endpoint. @default any endpoint */
  readonly endpoint?: string;
  /** The error's message. @default "<operationName> failed with <code> (failOperation)" */
  readonly message?: string;
}

/**
 * An MSW handler that makes one operation (by its operation name, as the client sends it) fail
 * with a GraphQL error carrying `code`, for `server.use(...)` in one test; every other operation
 * falls through to the next handler (Parley's, with its state). The answer is shaped as the
 * engine shapes a refusal: status 200, `data: null`, one error with `extensions.code`.
 *
 * @example server.use(failOperation('SendMessage', 'FORBIDDEN'))
 */
export function failOperation(operationName: string, code: ErrorCode | (string & {}), options: FailOperationOptions = {}): GraphQLHandler {
  const scope = options.endpoint ? graphql.link(options.endpoint) : graphql;
  const message = options.message ?? `${operationName} failed with ${code} (failOperation)`;
  return scope.operation(({ operationName: name }) => {
    // Returning nothing lets MSW go on to the next handler.
    if (name !== operationName) return undefined;
    return HttpResponse.json({ errors: [{ message, extensions: { code } }], data: null });
  });
}
