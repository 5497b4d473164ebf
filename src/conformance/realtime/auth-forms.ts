/**
 * How a WebSocket client can present its access token. SPEC.md leaves socket authentication open
 * (section 6, gaps), so the suite tries the forms that server frameworks document, in this order,
 * and keeps the first one with which the server delivers an event (see `events.websocket`).
 *
 * The order puts first what graphql-ws clients most often send (`connection_init` with the HTTP
 * header's name and value), then the other `connection_init` spellings (Apollo's docs read
 * `authentication`, mercurius's examples a lowercase `authorization`, others `token` or
 * `authToken`, with or without `Bearer `), then the upgrade request's header (servers that
 * authenticate the HTTP upgrade), then the URL query (servers behind proxies that drop headers).
 */
export interface SocketAuthForm {
  /** How the form is named in notes and reports; `<token>` stands for the token. */
  readonly name: string;
  /** The `connection_init` payload, or undefined to send none. */
  readonly connectionParams: (token: string) => Record<string, unknown> | undefined;
  /** Headers of the upgrade request (clients outside browsers can send them). */
  readonly headers: (token: string) => Record<string, string>;
  /** The URL to connect to, from the WebSocket URL given. */
  readonly url: (wsUrl: string, token: string) => string;
}

const noHeaders = () => ({});
const sameUrl = (wsUrl: string) => wsUrl;

/** The `connection_init` keys servers read the token from, in the order they are tried. */
const payloadKeys = ['Authorization', 'authorization', 'authentication', 'token', 'authToken'] as const;

function inPayload(key: string, bearer: boolean): SocketAuthForm {
  const value = (token: string) => (bearer ? `Bearer ${token}` : token);
  return {
    name: `connection_init {"${key}":"${bearer ? 'Bearer ' : ''}<token>"}`,
    connectionParams: (token) => ({ [key]: value(token) }),
    headers: noHeaders,
    url: sameUrl,
  };
}

function inQuery(parameter: string): SocketAuthForm {
  return {
    name: `the URL query ?${parameter}=<token>`,
    connectionParams: () => undefined,
    headers: noHeaders,
    url: (wsUrl, token) => {
      const url = new URL(wsUrl);
      url.searchParams.set(parameter, token);
      return url.toString();
    },
  };
}

export const socketAuthForms: readonly SocketAuthForm[] = [
  ...payloadKeys.flatMap((key) => [inPayload(key, true), inPayload(key, false)]),
  {
    name: 'connection_init {"headers":{"Authorization":"Bearer <token>"}}',
    connectionParams: (token) => ({ headers: { Authorization: `Bearer ${token}` } }),
    headers: noHeaders,
    url: sameUrl,
  },
  {
    name: 'the upgrade request header Authorization: Bearer <token>',
    connectionParams: () => undefined,
    headers: (token) => ({ authorization: `Bearer ${token}` }),
    url: sameUrl,
  },
  inQuery('token'),
  inQuery('access_token'),
];
