import type { FormattedExecutionResult, FormattedExecutionResult as ExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SubscriptionResults } from '../../src/conformance/realtime/subscription-results.js';

/** How a socket ended, as the client saw it. */
export interface Closed {
  readonly code: number;
  readonly reason: string;
}

export interface SocketClient {
  readonly client: Client;
  /** Resolves when the server (or the test) closes the socket. */
  readonly closed: Promise<Closed>;
  dispose(): Promise<void>;
}

/**
 * A graphql-ws client that connects at once (no lazy connection, no retries), so a test sees the
 * server's refusal as a close code instead of a silent retry. It uses `ws` (which can send upgrade
 * headers) unless given another WebSocket class, e.g. the global one that MSW intercepts.
 */
export function connectSocket(
  wsUrl: string,
  connectionParams: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
  webSocketImpl: unknown = class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  },
): SocketClient {
  let closed!: (value: Closed) => void;
  const closedPromise = new Promise<Closed>((resolve) => (closed = resolve));
  const client = createClient({
    url: wsUrl,
    webSocketImpl,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => {},
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string | Buffer };
        closed({ code, reason: String(reason) });
      },
    },
  });
  return { client, closed: closedPromise, dispose: () => client.dispose() as Promise<void> };
}

/** Resolves once the socket is acknowledged; rejects with the close code if it is refused. */
export function acknowledged(socket: SocketClient): Promise<void> {
  return new Promise((resolve, reject) => {
    const off = socket.client.on('connected', () => {
      off();
      resolve();
    });
    void socket.closed.then((event) => reject(new Error(`closed before acknowledgement: ${event.code} ${event.reason}`)));
  });
}

/**
 * One operation's results, queued as they arrive so a test can take them in order and none is
 * missed between two awaits (the conformance suite's queue, with failing waits for tests).
 */
export class Results<T = Record<string, unknown>> {
  private readonly queue = new SubscriptionResults();

  constructor(socket: SocketClient, query: string, variables: Record<string, unknown> = {}) {
    socket.client.subscribe<T>(
      { query, variables },
      {
        next: (value) => this.queue.push(value as FormattedExecutionResult),
        error: (error) => this.queue.finish({ kind: 'error', detail: JSON.stringify(error), codes: [] }),
        complete: () => this.queue.finish({ kind: 'complete' }),
      },
    );
  }

  /** True once the server completed the operation. */
  get completed(): boolean {
    return this.queue.end?.kind === 'complete';
  }

  /** The next result; fails when the operation ended first, or after `timeoutMs` without one. */
  async next(timeoutMs = 2_000): Promise<ExecutionResult<T, unknown>> {
    const result = await this.queue.next(timeoutMs);
    if (result) return result as ExecutionResult<T, unknown>;
    const end = this.queue.end;
    if (!end) throw new Error(`no result within ${timeoutMs} ms`);
    throw new Error(end.kind === 'complete' ? 'the operation completed without another result' : `the operation failed: ${end.detail}`);
  }

  /** The data of the next result, which must have no errors. */
  async data(timeoutMs?: number): Promise<T> {
    const result = await this.next(timeoutMs);
    if (result.errors) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
    return result.data as T;
  }

  /** Results received and not yet taken. */
  get pending(): number {
    return this.queue.pending.length;
  }

  /** Resolves once the operation completed (or failed); fails after `timeoutMs`. */
  async ended(timeoutMs = 2_000): Promise<void> {
    if (!(await this.queue.ended(timeoutMs))) throw new Error(`the operation did not end within ${timeoutMs} ms`);
  }
}

/** Polls `predicate` until it holds; fails after `timeoutMs`. */
export async function until(predicate: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
