import { createParleyBackend, type ParleyBackend, type ParleyBackendOptions } from '../backend.js';
import type { SessionClosed } from '../../mock-server/realtime/graphql-ws-session.js';
import type { HeaderList, PageMessage, Port, WorkerMessage } from './protocol.js';

/** What `hostParley` needs of the SharedWorker's global scope. */
export interface SharedWorkerScope {
  addEventListener(type: 'connect', listener: (event: { readonly ports: readonly Port[] }) => void): void;
}

/** One relayed socket: the handler graphql-ws gave for client frames, and what to call when it closes. */
interface RelayedSocket {
  handle?: (text: string) => Promise<void>;
  closed?: SessionClosed;
}

const CLOSED_BY_PAGE = { code: 1001, reason: 'the page went away' };

/** Serves one page (one port): its requests, its sockets, its resets. */
function servePort(port: Port, ready: Promise<ParleyBackend & { reset(): Promise<void> }>): void {
  const post = (message: WorkerMessage): void => port.postMessage(message, []);
  const sockets = new Map<number, RelayedSocket>();

  const closeSocket = (id: number, code: number, reason: string): void => {
    const socket = sockets.get(id);
    sockets.delete(id);
    void socket?.closed?.(code, reason);
  };

  const receive = async (message: PageMessage): Promise<void> => {
    const backend = await ready;
    switch (message.type) {
      case 'http': {
        const request = new Request(message.url, { method: message.method, headers: message.headers, body: message.body });
        const response = await (message.to === 'graphql' ? backend.answer(request) : backend.route(request));
        const headers: HeaderList = [];
        response.headers.forEach((value, name) => headers.push([name, value]));
        const body = response.body === null ? null : await response.arrayBuffer();
        const answer: WorkerMessage = { type: 'http', id: message.id, status: response.status, statusText: response.statusText, headers, body };
        return port.postMessage(answer, body === null ? [] : [body]);
      }
      case 'ws-open': {
        const relayed: RelayedSocket = {};
        sockets.set(message.socket, relayed);
        relayed.closed = backend.sessions.opened(
          {
            protocol: message.protocol,
            send: (text) => post({ type: 'ws-frame', socket: message.socket, text }),
            close: (code, reason) => post({ type: 'ws-close', socket: message.socket, code, reason }),
            onMessage: (handle) => (relayed.handle = handle),
          },
          { publicOrigin: message.publicOrigin },
        );
        return;
      }
      case 'ws-frame':
        // Not awaited: graphql-ws's handler for a subscribe frame resolves when the subscription ends.
        return void sockets.get(message.socket)?.handle?.(message.text);
      case 'ws-closed':
        return closeSocket(message.socket, message.code, message.reason);
      case 'reset':
        await backend.reset();
        return post({ type: 'reset', id: message.id });
      case 'bye':
        for (const id of [...sockets.keys()]) closeSocket(id, CLOSED_BY_PAGE.code, CLOSED_BY_PAGE.reason);
        return;
    }
  };

  // Each message is handled as it comes, as the Node doors handle requests and frames; all wait for
  // the same `ready`, so they start in the order they came (a socket's frames reach graphql-ws in order).
  port.addEventListener('message', (event) => {
    const message = event.data as PageMessage;
    receive(message).catch((error: unknown) => {
      if ('id' in message) post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
      else console.error('[parley] shared worker:', error);
    });
  });
  port.start();
}

/**
 * Runs Parley's state in a SharedWorker, for every tab of the app: call it in the worker's script
 * and point each page's `createSharedParleyHandlers({ worker })` at that script. The state is
 * built once (demo data, `empty`, or `fixtures`, as `createParleyHandlers`); pages that connect
 * before it is ready are served as soon as it is.
 */
export function hostParley(options: ParleyBackendOptions = {}, scope: SharedWorkerScope = globalThis as unknown as SharedWorkerScope): void {
  const ready = createParleyBackend(options);
  // Said once in the worker's console; every request then gets the reason as a coded 500.
  ready.catch((error: unknown) => console.error('[parley] the shared worker could not build its state:', error instanceof Error ? error.message : error));
  // Listen at once: a page's `connect` can arrive before the state is built.
  scope.addEventListener('connect', (event) => {
    for (const port of event.ports) servePort(port, ready);
  });
}
