import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { SocketAuthForm } from './auth-forms.js';
import type { FrameLog } from './frames.js';
import { SubscriptionResults } from './subscription-results.js';

export { SubscriptionResults, type SubscriptionEnd } from './subscription-results.js';

/** How a socket ended. */
export interface SocketClosed {
  readonly code: number;
  readonly reason: string;
}

function codesOf(errors: unknown): (string | null)[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((error: unknown) => {
    const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    return typeof code === 'string' ? code : null;
  });
}

/**
 * One actor's graphql-ws connection to the server under test: connected eagerly, never retried
 * (a check must see what the server did, not what a retry hid), every frame logged as evidence.
 */
export class RealtimeConnection {
  private nextId = 1;
  private readonly client: Client;
  /** The last transport error (refused, 404 on upgrade, handshake timeout), for messages. */
  lastError: string | undefined;
  readonly closed: Promise<SocketClosed>;
  /** Resolves when acknowledged, rejects with the close if the server refuses the connection. */
  readonly acknowledged: Promise<void>;

  constructor(
    readonly url: string,
    readonly actor: string,
    token: string,
    form: SocketAuthForm,
    private readonly log: FrameLog,
    timeoutMs: number,
  ) {
    let closed!: (value: SocketClosed) => void;
    this.closed = new Promise((resolve) => (closed = resolve));
    const headers = form.headers(token);
    this.client = createClient({
      url,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers, handshakeTimeout: timeoutMs });
        }
      },
      connectionParams: form.connectionParams(token),
      lazy: false,
      retryAttempts: 0,
      connectionAckWaitTimeout: timeoutMs,
      generateID: () => `${actor.toLowerCase()}-${this.nextId++}`,
      onNonLazyError: () => {},
      on: {
        message: (message) => log.record(actor, 'received', JSON.stringify(message)),
        closed: (event) => {
          const { code, reason } = (event ?? {}) as { code?: number; reason?: unknown };
          const value = { code: code ?? 1006, reason: String(reason ?? '') };
          log.record(actor, 'closed', `${value.code} ${value.reason}`.trim());
          closed(value);
        },
        error: (error) => {
          this.lastError = error instanceof Error ? error.message : String((error as { message?: unknown } | null)?.message ?? error);
          log.record(actor, 'closed', `error: ${this.lastError}`);
        },
      },
    });
    this.acknowledged = new Promise<void>((resolve, reject) => {
      const off = this.client.on('connected', () => {
        off();
        resolve();
      });
      void this.closed.then((event) => reject(new Error(`the server closed the socket before acknowledging it: ${event.code} ${event.reason}`.trim())));
    });
    // A refused connection is reported through `acknowledged` or the checks; never as an unhandled rejection.
    this.acknowledged.catch(() => {});
  }

  /** Starts one subscription; its results queue up until taken. */
  subscribe(query: string, variables: Record<string, unknown>): SubscriptionResults {
    const results = new SubscriptionResults();
    this.log.record(this.actor, 'sent', JSON.stringify({ type: 'subscribe', payload: { query: query.replace(/\s+/g, ' ').trim(), variables } }));
    this.client.subscribe(
      { query, variables },
      {
        next: (value) => results.push(value as FormattedExecutionResult),
        complete: () => results.finish({ kind: 'complete' }),
        error: (error: unknown) => {
          if (Array.isArray(error)) {
            results.finish({ kind: 'error', detail: JSON.stringify(error).slice(0, 300), codes: codesOf(error) });
          } else {
            const { code, reason } = (error ?? {}) as { code?: unknown; reason?: unknown };
            const detail = typeof code === 'number' ? `the socket closed: ${code} ${String(reason ?? '')}`.trim() : String(error);
            results.finish({ kind: 'error', detail, codes: [] });
          }
        },
      },
    );
    return results;
  }

  dispose(): Promise<void> {
    return Promise.resolve(this.client.dispose());
  }
}
