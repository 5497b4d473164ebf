import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SUBSCRIPTION, type CreatedEvent } from './protocol.js';
import { settlesWithin, within } from './time.js';

/** One socket with one `messageCreated` subscription, and what it has seen. */
export interface Subscriber {
  readonly index: number;
  /** Highest `sequence` received so far (0: none yet). */
  last: number;
  received: number;
  /** Events whose `sequence` was not above the last one received: out of order, or repeated. */
  outOfOrder: number;
}

export type EventHandler = (event: CreatedEvent, at: number) => void;

export interface PoolOptions {
  /** `ws://HOST:PORT/graphql` */
  readonly url: string;
  readonly count: number;
  readonly conversationId: string;
  /** Socket i sends `authorizations[i % length]` in connection_init (nothing when undefined). */
  readonly authorizations: readonly (string | undefined)[];
  /** Sockets opened at once; the rest wait, so the server's accept backlog never overflows. */
  readonly batch: number;
  /** How long all sockets together may take to be acknowledged. */
  readonly connectTimeoutMs: number;
}

/** A close or error event from graphql-ws, in words. */
function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (Array.isArray(reason)) return reason.map((error) => describe(error)).join('; ');
  if (typeof reason === 'object' && reason !== null) {
    const { code, reason: text, message } = reason as { code?: unknown; reason?: unknown; message?: unknown };
    if (typeof code === 'number') return `closed with ${code}${typeof text === 'string' && text ? ` (${text})` : ''}`;
    if (typeof message === 'string') return message;
  }
  return String(reason);
}

/**
 * The listening side of the benchmark: `count` graphql-ws clients (the library's own client over
 * `ws`, connected eagerly, never retrying), each running {@link SUBSCRIPTION} once. Every event
 * is stamped with `performance.now()` when the client hands it over and checked for order here;
 * `onEvent` then sees it. Anything that goes wrong on a socket after it opened is kept in
 * `problems`, for the report, rather than thrown from a callback.
 */
export class SubscriberPool {
  readonly subscribers: Subscriber[] = [];
  onEvent: EventHandler = () => {};
  problemCount = 0;
  /** The first few problems, verbatim. */
  readonly problems: string[] = [];
  /** By subscriber index, from the moment each client is created (so `close` reaches every one). */
  private readonly clients: { client: Client; closed: Promise<void> }[] = [];
  private connected = 0;
  private closing = false;

  private constructor(private readonly options: PoolOptions) {}

  static async open(options: PoolOptions): Promise<SubscriberPool> {
    const pool = new SubscriberPool(options);
    const connecting = (async () => {
      for (let start = 0; start < options.count; start += options.batch) {
        const indexes = Array.from({ length: Math.min(options.batch, options.count - start) }, (_, i) => start + i);
        await Promise.all(indexes.map((index) => pool.connect(index)));
      }
    })();
    try {
      await within(connecting, options.connectTimeoutMs, () => `only ${pool.connected} of ${options.count} sockets to ${options.url} were acknowledged within ${options.connectTimeoutMs / 1000} s`);
    } catch (error) {
      await pool.close();
      throw error;
    }
    for (const subscriber of pool.subscribers) pool.subscribe(subscriber);
    return pool;
  }

  private problem(text: string): void {
    this.problemCount++;
    if (this.problems.length < 5) this.problems.push(text);
  }

  private connect(index: number): Promise<void> {
    const { url, authorizations } = this.options;
    const authorization = authorizations[index % authorizations.length];
    return new Promise((resolve, reject) => {
      let open = false;
      let markClosed = () => {};
      const closed = new Promise<void>((done) => (markClosed = done));
      const client = createClient({
        url,
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        connectionParams: authorization ? { Authorization: authorization } : {},
        onNonLazyError: (error) => {
          if (!open) reject(new Error(`socket ${index} to ${url} failed before it was acknowledged: ${describe(error)}`));
        },
        on: {
          connected: () => {
            open = true;
            this.connected++;
            this.subscribers[index] = { index, last: 0, received: 0, outOfOrder: 0 };
            resolve();
          },
          closed: (event) => {
            markClosed();
            if (!open) reject(new Error(`socket ${index} to ${url} ${describe(event)} before it was acknowledged`));
            else if (!this.closing) this.problem(`socket ${index} ${describe(event)}`);
          },
        },
      });
      this.clients[index] = { client, closed };
    });
  }

  private subscribe(subscriber: Subscriber): void {
    const { client } = this.clients[subscriber.index]!;
    client.subscribe<{ messageCreated: CreatedEvent }>(
      { query: SUBSCRIPTION, variables: { c: this.options.conversationId }, operationName: 'Created' },
      {
        next: (result) => {
          const at = performance.now();
          const event = result.data?.messageCreated;
          if (!event || result.errors) return this.problem(`subscription ${subscriber.index} sent ${JSON.stringify(result).slice(0, 200)}`);
          if (event.sequence > subscriber.last) subscriber.last = event.sequence;
          else subscriber.outOfOrder++;
          subscriber.received++;
          this.onEvent(event, at);
        },
        error: (error) => this.problem(`subscription ${subscriber.index} failed: ${describe(error)}`),
        complete: () => {
          if (!this.closing) this.problem(`subscription ${subscriber.index} completed while listening`);
        },
      },
    );
  }

  /** How many subscribers have received at least one event. */
  live(): number {
    return this.subscribers.reduce((sum, subscriber) => sum + (subscriber.received > 0 ? 1 : 0), 0);
  }

  outOfOrder(): number {
    return this.subscribers.reduce((sum, subscriber) => sum + subscriber.outOfOrder, 0);
  }

  /** Closes every socket (1000, normal closure) and waits for them, terminating stragglers after 5 s. */
  async close(): Promise<void> {
    this.closing = true;
    const open = this.clients.filter((entry) => entry !== undefined);
    // dispose() rejects, with the close event, for a socket the server refused: nothing to close there.
    await Promise.allSettled(open.map(({ client }) => client.dispose()));
    if (!(await settlesWithin(Promise.all(open.map(({ closed }) => closed)), 5_000))) {
      for (const { client } of open) client.terminate();
    }
  }
}
