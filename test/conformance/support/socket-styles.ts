import type { FrameHooks, WsMessage } from './socket-relay.js';

/**
 * Socket-authentication styles that server frameworks document, played by the proxy in front of
 * the mock: each accepts the token in one place only and refuses a connection without it the
 * way that framework does. An accepted token is handed on to the mock in the form it reads, so
 * behind the style the server is the correct mock.
 */
export interface SocketStyle {
  readonly name: string;
  /** The suite's name of the token form the style accepts (see src/conformance/realtime/auth-forms.ts). */
  readonly form: string;
  readonly hooks: FrameHooks;
}

const bare = (value: unknown) => (typeof value === 'string' && value !== '' ? value.replace(/^Bearer\s+/i, '') : undefined);

/** A token given without a scheme, as some servers insist. */
const unprefixed = (value: unknown) => (typeof value === 'string' && value !== '' && !/^Bearer /i.test(value) ? value : undefined);

const payloadOf = (message: WsMessage) => (message['payload'] ?? {}) as Record<string, unknown>;

/** The connection_init the mock reads, carrying `token`. */
const initWith = (token: string): WsMessage[] => [{ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } }];

/** A style that finds the token in connection_init's payload with `read`, and refuses with `refuse` otherwise. */
function fromPayload(read: (payload: Record<string, unknown>) => string | undefined, refuse: ReturnType<NonNullable<FrameHooks['toServer']>>): FrameHooks['toServer'] {
  return (message) => {
    if (message['type'] !== 'connection_init') return undefined;
    const token = read(payloadOf(message));
    return token === undefined ? refuse : initWith(token);
  };
}

export const socketStyles: readonly SocketStyle[] = [
  {
    // Apollo Server's docs: onConnect throws when connectionParams.authentication is missing; graphql-ws closes with 4500.
    name: 'connectionParams.authentication, onConnect throws otherwise (close 4500)',
    form: 'connection_init {"authentication":"Bearer <token>"}',
    hooks: { toServer: fromPayload((payload) => bare(payload['authentication']), { close: 4500, reason: 'Auth token missing!' }) },
  },
  {
    // mercurius reading the token from the upgrade request in its subscription context: close 1011 without one.
    name: 'the upgrade request header only (close 1011 otherwise)',
    form: 'the upgrade request header Authorization: Bearer <token>',
    hooks: {
      toServer: (message, session) => {
        if (message['type'] !== 'connection_init') return undefined;
        const token = bare(session.request.headers.authorization);
        return token === undefined ? { close: 1011, reason: 'Internal Error' } : initWith(token);
      },
    },
  },
  {
    // mercurius's onConnect reading a lowercase `authorization` field: answers with a connection_error message.
    name: 'a lowercase authorization in connection_init only (connection_error otherwise)',
    form: 'connection_init {"authorization":"Bearer <token>"}',
    hooks: {
      toServer: fromPayload((payload) => bare(payload['authorization']), { reply: [{ type: 'connection_error', payload: { message: 'Forbidden' } }] }),
    },
  },
  {
    name: 'a bare token under authToken (an error message before the ack otherwise)',
    form: 'connection_init {"authToken":"<token>"}',
    hooks: {
      toServer: fromPayload(
        (payload) => unprefixed(payload['authToken']),
        { reply: [{ type: 'error', id: 'init', payload: [{ message: 'Unauthorized' }] }] },
      ),
    },
  },
  {
    // Behind proxies that drop headers, some servers read the token from the URL; the upgrade is refused with 400 without it.
    name: 'the URL query ?access_token= only (the upgrade answered 400 otherwise)',
    form: 'the URL query ?access_token=<token>',
    hooks: {
      upgrade: (request) => (new URL(request.url ?? '/', 'http://relay').searchParams.has('access_token') ? undefined : 400),
      toServer: (message, session) => {
        if (message['type'] !== 'connection_init') return undefined;
        return initWith(new URL(session.request.url ?? '/', 'http://relay').searchParams.get('access_token')!);
      },
    },
  },
  {
    // Acknowledges every connection and checks the token per subscription: without `token`, subscribing closes the socket (4401).
    name: 'acknowledges everyone, refuses subscriptions without connection_init {"token"} (close 4401 at subscribe)',
    form: 'connection_init {"token":"<token>"}',
    hooks: {
      toServer: fromPayload((payload) => unprefixed(payload['token']), { reply: [{ type: 'connection_ack' }] }),
    },
  },
];
