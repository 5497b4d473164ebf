import { handleProtocols } from 'graphql-ws';
import { ws, type WebSocketHandler } from 'msw';
import type { GraphQLWsSessions } from '../mock-server/realtime/graphql-ws-session.js';

/** One intercepted socket, as MSW's `ws.link` hands it over (msw's `client`). */

/**
 * `endpoint` as the WebSocket URL a client opens: `http:` becomes `ws:`, `https:` `wss:`. A path
 * stays a path (MSW resolves it against the page, as a browser's `new WebSocket('/graphql')` does).
 */
export function webSocketEndpoint(endpoint: string): string {
  return endpoint.replace(/^http(s?):/i, 'ws$1:');
}

/**
 * Sockets a Parley link serves. MSW hands a connection to every `ws` handler whose URL matches;
 * the first Parley link in the handler list (the latest `server.use(...)`) takes it, as the first
 * matching HTTP handler takes a request, and the others leave it alone rather than answer twice.
 */
const claimed = new WeakSet<object>();

/** The HTTP origin of a WebSocket URL, for the URLs the engine hands out (as the HTTP door's). */
function httpOrigin(url: URL): string {
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`;
}

/**
 * The MSW door's subscriptions: graphql-ws's protocol over MSW's WebSocket interception. A thin
 * adapter from MSW's `client` to the transport-free sessions (`realtime/graphql-ws-session.ts`)
 * the Node WebSocket door uses too, so tokens, 4401, expiry, revocation, presence, limits and the
 * 1012 close when the engine swaps its state (a reset) are the same.
 *
 * MSW's own `clients` (shared across tabs through a BroadcastChannel) is not used: the link keeps
 * the sockets it serves itself.
 */
export function graphqlWsLink(endpoint: string, sessions: GraphQLWsSessions): WebSocketHandler {
  return ws.link(webSocketEndpoint(endpoint)).addEventListener('connection', ({ client, info }) => {
    if (claimed.has(client)) return;
    claimed.add(client);
    const closed = sessions.opened(
      {
        protocol: handleProtocols(info.protocols ?? []) || '',
        // MSW drops a frame sent after the socket closed.
        send: (text) => client.send(text),
        close: (code, reason) => client.close(code, reason),
        onMessage: (handle) => client.addEventListener('message', (event) => void frameText(event.data).then(handle)),
      },
      // A page cannot set headers on a WebSocket: the token comes with connection_init only.
      { publicOrigin: httpOrigin(client.url) },
    );
    client.addEventListener('close', (event) => void closed(event.code, event.reason));
  });
}

/**
 * A frame as text: graphql-ws sends strings; a binary frame (a Blob, ArrayBuffer or view, as MSW
 * passes them on) is read as UTF-8, as the Node door reads one, and graphql-ws judges the text.
 */
async function frameText(data: unknown): Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof Blob) return data.text();
  const view = data as ArrayBuffer | ArrayBufferView;
  return new TextDecoder().decode(ArrayBuffer.isView(view) ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(view));
}
