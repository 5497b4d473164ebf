import type { GraphQLWsSessions, SessionSocket } from '../../mock-server/realtime/graphql-ws-session.js';
import { ErrorCode } from '../../schema/error-codes.js';
import type { ParleyBackend } from '../backend.js';
import { parleyHandlerSet, type ParleyHandlerSet } from '../handlers.js';
import type { HeaderList, PageMessage, Port, WorkerMessage } from './protocol.js';

export interface SharedParleyHandlersOptions {
  /**
   * The SharedWorker whose script calls `hostParley()` (from `parley/msw/shared-worker`), e.g.
   * `new SharedWorker(new URL('./parley.worker.ts', import.meta.url), { type: 'module' })`.
   */
  readonly worker: { readonly port: Port };
  /** The GraphQL endpoint your client calls. @default '/graphql' (the page's origin) */
  readonly endpoint?: string;
}

export interface SharedParleyHandlers extends ParleyHandlerSet {
  /** Back to the starting state, for every tab (open subscription sockets close with 1012). */
  reset(): Promise<void>;
}

/** The backend in the worker, as the page's handlers see it: every request and socket goes over the port. */
function remoteBackend(port: Port): ParleyBackend & { reset(): Promise<void> } {
  const post = (message: PageMessage): void => port.postMessage(message, []);
  const pending = new Map<number, { resolve: (message: WorkerMessage) => void; reject: (error: Error) => void }>();
  const sockets = new Map<number, SessionSocket>();
  let next = 1;

  const ask = (build: (id: number) => PageMessage, transfer: ArrayBuffer[] = []): Promise<WorkerMessage> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      port.postMessage(build(id), transfer);
    });

  port.addEventListener('message', (event) => {
    const message = event.data as WorkerMessage;
    switch (message.type) {
      case 'ws-frame':
        return void sockets.get(message.socket)?.send(message.text);
      case 'ws-close':
        return sockets.get(message.socket)?.close(message.code, message.reason);
      default: {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === 'failed') waiting?.reject(new Error(message.message));
        else waiting?.resolve(message);
      }
    }
  });
  port.start();
  // A tab that closes or navigates away takes its sockets with it; the worker hears it here.
  (globalThis as { addEventListener?: (type: string, listener: () => void) => void }).addEventListener?.('pagehide', () => post({ type: 'bye' }));

  const sessions: GraphQLWsSessions = {
    opened(socket, request) {
      const id = next++;
      sockets.set(id, socket);
      socket.onMessage(async (text) => post({ type: 'ws-frame', socket: id, text }));
      post({ type: 'ws-open', socket: id, protocol: socket.protocol, publicOrigin: request.publicOrigin });
      return async (code, reason) => {
        sockets.delete(id);
        post({ type: 'ws-closed', socket: id, code, reason });
      };
    },
    dispose: () => {},
  };

  /** Relays one request to the worker (`to` says which of its answers), bodies as bytes. */
  const relay = async (to: 'graphql' | 'route', request: Request): Promise<Response> => {
    const headers: HeaderList = [];
    request.headers.forEach((value, name) => headers.push([name, value]));
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    try {
      const answer = await ask((id) => ({ type: 'http', id, to, method: request.method, url: request.url, headers, body }), body === null ? [] : [body]);
      if (answer.type !== 'http') throw new Error(`unexpected answer ${answer.type}`);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    } catch (error) {
      const message = `the Parley worker could not answer: ${error instanceof Error ? error.message : String(error)}`;
      return Response.json({ errors: [{ message, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } }] }, { status: 500 });
    }
  };

  return {
    sessions,
    answer: (request) => relay('graphql', request),
    route: (request) => relay('route', request),
    async reset() {
      await ask((id) => ({ type: 'reset', id }));
    },
  };
}

/**
 * MSW handlers for a page whose Parley state lives in a SharedWorker (`hostParley` in the worker's
 * script): every tab of the app talks to the same state, as it would to one server, so a message
 * sent in one tab reaches a subscription in another. The handlers are those of
 * `createParleyHandlers` (same HTTP answers, same graphql-ws over `ws.link`); only where the
 * engine runs differs. For `setupWorker(...)` from `msw/browser`.
 */
export function createSharedParleyHandlers(options: SharedParleyHandlersOptions): SharedParleyHandlers {
  const backend = remoteBackend(options.worker.port);
  return { ...parleyHandlerSet(options.endpoint ?? '/graphql', backend), reset: () => backend.reset() };
}
