import type { FormattedExecutionResult as ExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

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
 * server's refusal as a close code instead of a silent retry.
 */
export function connectSocket(wsUrl: string, connectionParams: Record<string, unknown> | undefined, headers: Record<string, string> = {}): SocketClient {
  let closed!: (value: Closed) => void;
  const closedPromise = new Promise<Closed>((resolve) => (closed = resolve));
  const client = createClient({
    url: wsUrl,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
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
 * missed between two awaits (the pattern of graphql-ws's own tests).
 */
export class Results<T = Record<string, unknown>> {
  private readonly items: ExecutionResult<T, unknown>[] = [];
  private waiting: (() => void) | undefined;
  completed = false;
  error: unknown;

  constructor(socket: SocketClient, query: string, variables: Record<string, unknown> = {}) {
    socket.client.subscribe<T>(
      { query, variables },
      {
        next: (value) => this.push(value),
        error: (error) => {
          this.error = error;
          this.wake();
        },
        complete: () => {
          this.completed = true;
          this.wake();
        },
      },
    );
  }

  /** The next result; fails after `timeoutMs` without one. */
  async next(timeoutMs = 2_000): Promise<ExecutionResult<T, unknown>> {
    const deadline = Date.now() + timeoutMs;
    while (this.items.length === 0) {
      if (this.completed) throw new Error('the operation completed without another result');
      if (this.error !== undefined) throw new Error(`the operation failed: ${JSON.stringify(this.error)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no result within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.items.shift()!;
  }

  /** The data of the next result, which must have no errors. */
  async data(timeoutMs?: number): Promise<T> {
    const result = await this.next(timeoutMs);
    if (result.errors) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
    return result.data as T;
  }

  /** Results received and not yet taken. */
  get pending(): number {
    return this.items.length;
  }

  /** Resolves once the operation completed (or failed); fails after `timeoutMs`. */
  async ended(timeoutMs = 2_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.completed && this.error === undefined) {
      if (Date.now() > deadline) throw new Error(`the operation did not end within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private push(value: ExecutionResult<T, unknown>): void {
    this.items.push(value);
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
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
