import { unauthenticated } from '../state/errors.js';
import type { MockState } from '../state/mock-state.js';

/**
 * What every resolver receives. Built per operation by the engine. (A type alias, not an
 * interface, so it satisfies graphql-http's `Record<PropertyKey, unknown>` context constraint.)
 */
export type GraphQLContext = {
  readonly state: MockState;
  /** The raw `Authorization` value of the request, if any. */
  readonly authorization: string | null;
  /** Origin under which this server is reached (`http://127.0.0.1:4000`), for URLs it hands out. */
  readonly publicOrigin: string;
  /** The caller's user id, resolved from the token on first use; UNAUTHENTICATED without one. */
  userId(): string;
};

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** Resolves the caller lazily: operations that need no token (login, health) never look. */
export function createContext(state: MockState, authorization: string | null, publicOrigin: string): GraphQLContext {
  let userId: string | undefined;
  return {
    state,
    authorization,
    publicOrigin,
    userId() {
      if (userId !== undefined) return userId;
      if (authorization === null || authorization.trim() === '') {
        throw unauthenticated('this operation needs an access token: send the header Authorization: Bearer <accessToken>');
      }
      const match = BEARER.exec(authorization);
      if (!match) throw unauthenticated('the Authorization header must have the form Bearer <accessToken>');
      userId = state.sessions.authenticate(match[1]!);
      return userId;
    },
  };
}
