import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** Where a graphql-ws client puts its token: the connection_init payload, the upgrade request's headers, or both. */
export interface SocketForm {
  /** As test titles name it. */
  readonly name: string;
  readonly connectionParams?: (token: string) => Record<string, unknown>;
  readonly headers?: (token: string) => Record<string, string>;
}

/** How a graphql-ws handshake ended: acknowledged, or closed first (with every text frame the server sent). */
export type Handshake =
  | { readonly acknowledged: true }
  | { readonly acknowledged: false; readonly code: number; readonly reason: string; readonly received: readonly string[] };

/**
 * Connects to `origin`'s /graphql with graphql-ws's own client over `ws`, presenting `token` in
 * `form`, and reports whether the server acknowledged the connection or closed it first. The raw
 * frames are kept because some servers refuse with a message the protocol does not have
 * (mercurius's `connection_error`), which the client does not pass on.
 */
export async function handshake(origin: string, form: SocketForm, token: string): Promise<Handshake> {
  const received: string[] = [];
  const headers = form.headers?.(token) ?? {};
  const client = createClient({
    url: `${origin.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
        this.on('message', (data) => received.push(String(data)));
      }
    },
    connectionParams: form.connectionParams?.(token),
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => {},
  });
  try {
    return await new Promise<Handshake>((resolve) => {
      client.on('connected', () => resolve({ acknowledged: true }));
      client.on('closed', (event) => {
        const { code, reason } = (event ?? {}) as { code?: number; reason?: unknown };
        resolve({ acknowledged: false, code: code ?? 1006, reason: String(reason ?? ''), received });
      });
    });
  } finally {
    await client.dispose();
  }
}
