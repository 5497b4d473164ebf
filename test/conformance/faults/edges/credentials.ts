import type { Fault } from '../../support/fault.js';
import type { GraphQLRequest, GraphQLResponse } from '../../support/proxy.js';
import type { RelaySession, WsMessage } from '../../support/socket-relay.js';

/**
 * Servers that accept a credential SPEC.md section 5 does not: only `Authorization: Bearer
 * <ACCESS_TOKEN>` authenticates, and "a missing or invalid access token yields UNAUTHENTICATED".
 * The scripted checks send A's, B's and C's access tokens, none, and a few that no server
 * issued; never a refresh token where an access token goes, nor an access token with something
 * after it.
 */

/** The token pairs a server issued (login, refreshToken, ...), refresh token to access token. */
function issuedPairs() {
  const accessOf = new Map<string, string>();
  return {
    accessOf,
    /** Notes every AuthPayload among the root fields of a response. */
    note(response: GraphQLResponse): void {
      for (const value of Object.values(response.body.data ?? {})) {
        const payload = value as { accessToken?: unknown; refreshToken?: unknown } | null;
        if (payload && typeof payload === 'object' && typeof payload.accessToken === 'string' && typeof payload.refreshToken === 'string') {
          accessOf.set(payload.refreshToken, payload.accessToken);
        }
      }
    },
  };
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of a `Bearer` header, or undefined. */
function bearerToken(authorization: string | undefined): string | undefined {
  return authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
}

/** One token table for both kinds: a refresh token authenticates as the session's user. */
export function makeRefreshTokenAsAccessToken(): Fault {
  const pairs = issuedPairs();
  return {
    name: 'refresh-token-accepted-as-access-token',
    rule: '5 rules 1 and 2: the queries take Authorization: Bearer <ACCESS_TOKEN>, and an invalid access token yields UNAUTHENTICATED (here: a refresh token is accepted as one)',
    breaks: ['model.credentials'],
    hooks: {
      request(request): GraphQLRequest | undefined {
        const token = bearerToken(request.authorization);
        const access = token === undefined ? undefined : pairs.accessOf.get(token);
        return access === undefined ? undefined : { ...request, authorization: `Bearer ${access}` };
      },
      response(response) {
        pairs.note(response);
        return undefined;
      },
    },
  };
}

/** Where clients put the token in connection_init (see src/conformance/realtime/auth-forms.ts). */
const PAYLOAD_KEYS = ['Authorization', 'authorization', 'authentication', 'token', 'authToken'] as const;

/** The token a connection_init (or, without one there, the upgrade request) presents. */
function presentedToken(message: WsMessage, session: RelaySession): string | undefined {
  const payload = (message['payload'] ?? {}) as Record<string, unknown>;
  const headers = (payload['headers'] ?? {}) as Record<string, unknown>;
  for (const value of [...PAYLOAD_KEYS.map((key) => payload[key]), headers['Authorization'], headers['authorization']]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/^Bearer[ \t]+/i, '');
  }
  return bearerToken(session.request.headers.authorization);
}

/** The socket looks tokens up in the same table as refreshToken does. */
export function makeRefreshTokenOnSocket(): Fault {
  const pairs = issuedPairs();
  return {
    name: 'refresh-token-accepted-on-socket',
    rule: '5 rules 1 and 2 with 6: events are for the holder of an access token, and an invalid access token yields UNAUTHENTICATED (here: a refresh token in connection_init opens a socket that delivers the user\'s events)',
    // The credentials on the WebSocket: model.credentials by the brief, model.events where the checks try them.
    breaks: ['model.credentials', 'model.events'],
    hooks: {
      response(response) {
        pairs.note(response);
        return undefined;
      },
      frames: {
        toServer(message, session) {
          if (message['type'] !== 'connection_init') return undefined;
          const token = presentedToken(message, session);
          const access = token === undefined ? undefined : pairs.accessOf.get(token);
          return access === undefined ? undefined : [{ ...message, payload: { Authorization: `Bearer ${access}` } }];
        },
      },
    },
  };
}

/** This server's access tokens: `pa_` and 32 base64url characters (the mock's). */
const ACCESS_TOKEN_PREFIX = /^Bearer[ \t]+(pa_[A-Za-z0-9_-]{32})/i;

/** The header is matched by a regular expression without its end anchor: anything after a valid token is ignored. */
export function makeUnanchoredTokenMatch(): Fault {
  return {
    name: 'token-matched-without-end-anchor',
    rule: '5 rule 2: an invalid access token yields UNAUTHENTICATED (here: a valid access token with characters appended, a forged or corrupted token, is accepted as the valid one)',
    breaks: ['model.credentials'],
    hooks: {
      request(request): GraphQLRequest | undefined {
        const authorization = request.authorization;
        const match = authorization === undefined ? null : ACCESS_TOKEN_PREFIX.exec(authorization);
        if (!match || bearerToken(authorization) === match[1]) return undefined;
        return { ...request, authorization: `Bearer ${match[1]}` };
      },
    },
  };
}

export function makeCredentialFaults(): Fault[] {
  return [makeRefreshTokenAsAccessToken(), makeRefreshTokenOnSocket(), makeUnanchoredTokenMatch()];
}
