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

export interface ConnectionOptions {
  /** The WebSocket URL the run was given (a query form adds the token to it). */
  readonly url: string;
  /** `A`, `B` or `C`: names the socket in the frames, and the token's variable (`$TOKEN_A`). */
  readonly actor: string;
  readonly token: string;
  /** The shell variable the token shows as in frames. @default `TOKEN_${actor}` */
  readonly variable?: string;
  readonly form: SocketAuthForm;
  readonly log: FrameLog;
  /** How long the upgrade and the `connection_ack` may take. */
  readonly timeoutMs: number;
}

function codesOf(errors: unknown): (string | null)[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((error: unknown) => {
    const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    return typeof code === 'string' ? code : null;
  });
}

/** `data` of a ws message or send, as text. */
function textOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return String(data);
}

/**
 * One actor's graphql-ws connection to the server under test: connected eagerly, never retried
 * (a check must see what the server did, not what a retry hid). Every frame is logged as it went
 * over the wire, with the actor's token written as its shell variable (`$TOKEN_A`), so evidence
 * never carries the secret.
 */
export class RealtimeConnection {
  private nextId = 1;
  private readonly client: Client;
  /** The last transport error (refused, an HTTP answer to the upgrade, handshake timeout), for messages. */
  lastError: string | undefined;
  /** The errno-style code of the last transport error (`ECONNREFUSED`), when there was one. */
  lastErrorCode: string | undefined;
  readonly closed: Promise<SocketClosed>;
  /** Resolves when acknowledged, rejects with the close if the server refuses the connection. */
  readonly acknowledged: Promise<void>;
  readonly actor: string;

  constructor(options: ConnectionOptions) {
    const { actor, token, form, log, timeoutMs } = options;
    this.actor = actor;
    const marker = `$${options.variable ?? `TOKEN_${actor}`}`;
    const hide = (text: string) => (token === '' ? text : text.replaceAll(token, marker).replaceAll(encodeURIComponent(token), marker));
    let closed!: (value: SocketClosed) => void;
    this.closed = new Promise((resolve) => (closed = resolve));
    const url = form.url(options.url, token);
    const headers = form.headers(token);
    const shownHeaders = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    log.record(actor, 'opened', hide([`GET ${url}`, ...shownHeaders].join(' ')));
    const self = this;
    this.client = createClient({
      url,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers, handshakeTimeout: timeoutMs });
          // Registered before graphql-ws sets `onmessage`, so a frame is logged before it is acted on.
          this.on('message', (data) => log.record(actor, 'received', hide(textOf(data))));
          this.on('error', (error: NodeJS.ErrnoException) => {
            self.lastError = error.message;
            self.lastErrorCode = error.code;
          });
        }

        // ws's send takes (data, options?, callback?); the rest is passed on as it came.
        override send(data: Parameters<WebSocket['send']>[0], ...rest: unknown[]): void {
          log.record(actor, 'sent', hide(textOf(data)));
          (super.send as (...args: unknown[]) => void)(data, ...rest);
        }
      },
      connectionParams: form.connectionParams(token),
      lazy: false,
      retryAttempts: 0,
      connectionAckWaitTimeout: timeoutMs,
      generateID: () => `${actor.toLowerCase()}-${this.nextId++}`,
      onNonLazyError: () => {},
      on: {
        closed: (event) => {
          const { code, reason } = (event ?? {}) as { code?: number; reason?: unknown };
          const value = { code: code ?? 1006, reason: String(reason ?? '') };
          log.record(actor, 'closed', hide(`${value.code} ${value.reason}`.trim() + (this.lastError ? ` (${this.lastError})` : '')));
          closed(value);
        },
        error: (error) => {
          this.lastError ??= error instanceof Error ? error.message : String((error as { message?: unknown } | null)?.message ?? error);
        },
      },
    });
    this.acknowledged = new Promise<void>((resolve, reject) => {
      const off = this.client.on('connected', () => {
        off();
        resolve();
      });
      void this.closed.then((event) => reject(new Error(this.describeClose(event))));
    });
    // A refused connection is reported through `acknowledged` or the checks; never as an unhandled rejection.
    this.acknowledged.catch(() => {});
  }

  /** One sentence on how the socket ended before it was acknowledged. */
  describeClose(event: SocketClosed): string {
    const upgrade = /Unexpected server response: (\d{3})/.exec(this.lastError ?? '');
    if (upgrade) return `the upgrade request was answered HTTP ${upgrade[1]}`;
    if (this.lastError && event.code === 1006) return `the connection failed: ${this.lastError}`;
    // graphql-ws closes with 4004 itself when the first message is not connection_ack (a connection_error, an error).
    if (event.code === 4004) return `the server answered connection_init with something other than connection_ack (the client closed with 4004${event.reason ? `: ${event.reason}` : ''})`;
    return `the socket closed with ${event.code}${event.reason ? ` ${event.reason}` : ''} before connection_ack`;
  }

  /** Starts one subscription; its results queue up until taken. */
  subscribe(query: string, variables: Record<string, unknown>): SubscriptionResults {
    const results = new SubscriptionResults();
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
