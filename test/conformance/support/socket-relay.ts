import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

/** A graphql-ws message as JSON. */
export type WsMessage = Readonly<Record<string, unknown>>;

/** What a frame hook knows about the connection: the subscriptions the client started, by id. */
export interface RelaySession {
  readonly subscriptions: Map<string, { readonly query: string; readonly variables: Readonly<Record<string, unknown>> }>;
  /** The client's upgrade request (its URL and headers), for hooks that authenticate like a server would. */
  readonly request: IncomingMessage;
}

/** What a `toServer` hook can do instead of passing the message on. */
export type ToServerChange = readonly WsMessage[] | { readonly close: number; readonly reason: string } | { readonly reply: readonly WsMessage[] };

/**
 * Where a variant or a fault changes WebSocket traffic. A hook returns the messages to pass on
 * instead (none drops it, several inject), `undefined` keeps the message, or a close to end the
 * client's socket with.
 */
export interface FrameHooks {
  /** Refuses an upgrade with this HTTP status (a server that authenticates the upgrade itself). */
  upgrade?(request: IncomingMessage): number | undefined;
  /** Messages to pass on instead (none drops it), a close for the client's socket, or a `reply` sent to the client instead. */
  toServer?(message: WsMessage, session: RelaySession): ToServerChange | undefined;
  toClient?(message: WsMessage, session: RelaySession): readonly WsMessage[] | undefined;
}

function parse(data: WebSocket.RawData): WsMessage | null {
  try {
    const value: unknown = JSON.parse(String(data));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as WsMessage) : null;
  } catch {
    return null;
  }
}

/** 1005 and 1006 describe a close; they cannot be sent. */
function sendable(code: number): number | undefined {
  return code === 1000 || (code >= 1001 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : undefined;
}

/**
 * Relays WebSocket upgrades on `path` (after `prefix`) to the upstream, message by message, so a
 * proxied server offers the upstream's realtime side, through `hooks`.
 */
export function relayWebSockets(server: Server, upstreamOrigin: string, prefix: string, hooks: FrameHooks, failures: string[]): () => void {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('graphql-transport-ws') ? 'graphql-transport-ws' : false) });
  const upstreamWs = upstreamOrigin.replace(/^http/, 'ws');

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '/').split('?', 1)[0]!;
    if (prefix && !pathname.startsWith(`${prefix}/`)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const path = pathname.slice(prefix.length);
    const refused = hooks.upgrade?.(request);
    if (refused !== undefined) {
      socket.end(`HTTP/1.1 ${refused} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      const protocols = request.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim()) ?? [];
      const headers = request.headers.authorization ? { authorization: request.headers.authorization } : {};
      const upstream = new WebSocket(`${upstreamWs}${path}`, protocols, { headers });
      const session: RelaySession = { subscriptions: new Map(), request };
      const pending: string[] = [];
      const toUpstream = (text: string) => (upstream.readyState === WebSocket.OPEN ? upstream.send(text) : pending.push(text));
      upstream.on('open', () => pending.splice(0).forEach((text) => upstream.send(text)));
      upstream.on('error', () => {});
      client.on('error', () => {});

      client.on('message', (data) => {
        const message = parse(data);
        if (!message) return toUpstream(String(data));
        if (message['type'] === 'subscribe' && typeof message['id'] === 'string') {
          const payload = (message['payload'] ?? {}) as { query?: string; variables?: Record<string, unknown> };
          session.subscriptions.set(message['id'], { query: String(payload.query ?? ''), variables: payload.variables ?? {} });
        }
        try {
          const changed = hooks.toServer?.(message, session);
          if (changed && 'close' in changed) return client.close(changed.close, changed.reason);
          if (changed && 'reply' in changed) return changed.reply.forEach((out) => client.send(JSON.stringify(out)));
          for (const out of changed ?? [message]) toUpstream(JSON.stringify(out));
        } catch (error) {
          failures.push(`toServer hook: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      upstream.on('message', (data) => {
        const message = parse(data);
        if (!message) return client.send(String(data));
        try {
          for (const out of hooks.toClient?.(message, session) ?? [message]) client.send(JSON.stringify(out));
        } catch (error) {
          failures.push(`toClient hook: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      upstream.on('close', (code, reason) => client.close(sendable(code), sendable(code) === undefined ? undefined : reason));
      client.on('close', (code, reason) => {
        if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
        else upstream.close(sendable(code), sendable(code) === undefined ? undefined : reason);
      });
    });
  });
  return () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
  };
}
