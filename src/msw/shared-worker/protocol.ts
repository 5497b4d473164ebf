/**
 * The messages between a page's MSW handlers and the SharedWorker that holds Parley's state
 * (`createSharedParleyHandlers` on the page, `hostParley` in the worker), over one MessagePort per
 * page. Plain data only (structured clone): requests and answers with their bodies as bytes (an
 * upload, a download), sockets as text frames.
 */

/** `[name, value]` pairs, as `Headers` iterates them. */
export type HeaderList = [string, string][];

/** Page -> worker. */
export type PageMessage =
  /** One request, to be answered with the same `id`: to the GraphQL endpoint, or to any other route by its path. */
  | { readonly type: 'http'; readonly id: number; readonly to: 'graphql' | 'route'; readonly method: string; readonly url: string; readonly headers: HeaderList; readonly body: ArrayBuffer | null }
  /** An intercepted WebSocket opened: start graphql-ws's protocol on it. */
  | { readonly type: 'ws-open'; readonly socket: number; readonly protocol: string; readonly publicOrigin: string }
  /** A text frame from the client. */
  | { readonly type: 'ws-frame'; readonly socket: number; readonly text: string }
  /** The socket closed (either side). */
  | { readonly type: 'ws-closed'; readonly socket: number; readonly code: number; readonly reason: string }
  /** `parley.reset()`: back to the starting state, answered with the same `id`. */
  | { readonly type: 'reset'; readonly id: number }
  /** The page is going away: its sockets are gone. */
  | { readonly type: 'bye' };

/** Worker -> page. */
export type WorkerMessage =
  | { readonly type: 'http'; readonly id: number; readonly status: number; readonly statusText: string; readonly headers: HeaderList; readonly body: ArrayBuffer | null }
  /** A text frame for the client. */
  | { readonly type: 'ws-frame'; readonly socket: number; readonly text: string }
  /** The server closes the socket. */
  | { readonly type: 'ws-close'; readonly socket: number; readonly code: number; readonly reason: string }
  | { readonly type: 'reset'; readonly id: number }
  /** A request or reset that could not be answered (a bug, or a worker that failed to start). */
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/**
 * What both ends need of a MessagePort (declared here: Parley's own build has no DOM types, and
 * a SharedWorker's port, a MessageChannel's or Node's worker_threads' all fit it).
 */
export interface Port {
  /** `transfer`: buffers handed over rather than copied (a body); `[]` for none. */
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  start(): void;
}
