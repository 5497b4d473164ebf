import { socketAuthForms, type SocketAuthForm } from './auth-forms.js';
import { RealtimeConnection } from './connection.js';
import type { FrameLog } from './frames.js';
import type { ProbeAttempt } from './attempts.js';

export { describeAttempts, type ProbeAttempt } from './attempts.js';

/** What an acknowledged connection did when asked to deliver an event (see `events.websocket`). */
export type Delivery =
  /** The subscription delivered the event: this form authenticates. */
  | { readonly kind: 'delivered' }
  /** The subscription was refused (an error result, `complete`, the socket closed): not this form. */
  | { readonly kind: 'refused'; readonly detail: string }
  /** Accepted, but nothing came: the form may be right and the server's events broken. */
  | { readonly kind: 'silent'; readonly detail: string };

export type RealtimeProbe =
  | {
      readonly available: true;
      readonly form: SocketAuthForm;
      /** True when an event arrived with this form; false when it was only acknowledged (no form delivered). */
      readonly verified: boolean;
      readonly attempts: readonly ProbeAttempt[];
    }
  | { readonly available: false; readonly reason: string; readonly attempts: readonly ProbeAttempt[] };

export interface ProbeOptions {
  readonly url: string;
  /** The actor whose token is presented (`A`), and the token. */
  readonly actor: string;
  readonly token: string;
  /** Where every attempt's frames go (the evidence of `events.websocket`). */
  readonly log: FrameLog;
  /** How long one attempt may wait for the upgrade and `connection_ack`. */
  readonly timeoutMs: number;
  /** Asks an acknowledged connection to deliver an event; says what it did. */
  verify(connection: RealtimeConnection): Promise<Delivery>;
  /** The forms to try, in order. @default {@link socketAuthForms} */
  readonly forms?: readonly SocketAuthForm[];
}

/**
 * Acknowledged forms left silent before the probe gives up. A server that acknowledges every
 * connection and then delivers nothing, whatever the token, would otherwise cost every form its
 * full wait; after two such forms, more of the same says nothing new.
 */
const SILENT_FORMS_TRIED = 2;

/** Transport errors that mean nothing listens there at all: no other token form can change that. */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

type Handshake = { readonly acknowledged: true } | { readonly acknowledged: false; readonly detail: string };

async function handshake(connection: RealtimeConnection, timeoutMs: number): Promise<Handshake> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Handshake>((resolve) => {
    timer = setTimeout(() => resolve({ acknowledged: false, detail: `no connection_ack came within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([
      connection.acknowledged.then((): Handshake => ({ acknowledged: true })),
      connection.closed.then((event): Handshake => ({ acknowledged: false, detail: connection.describeClose(event) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Finds how the server at `url` takes an access token over graphql-ws (SPEC.md leaves the
 * handshake open). Tries each form in order: any refusal before `connection_ack` (a close code,
 * an HTTP answer to the upgrade, a `connection_error` or `error` message, silence) moves on to the
 * next form, and so does a subscription refused after the ack (a server that acknowledges
 * everyone and checks the token per subscription). The first form with which an event arrives is
 * the one; failing that, the first form that was acknowledged and left silent (the checks then
 * show what the server does with it). Stops early when nothing listens at `url`, and after
 * {@link SILENT_FORMS_TRIED} acknowledged forms that delivered nothing.
 */
export async function probeRealtime(options: ProbeOptions): Promise<RealtimeProbe> {
  const attempts: ProbeAttempt[] = [];
  let silent: SocketAuthForm | undefined;
  let silentCount = 0;
  const forms = options.forms ?? socketAuthForms;
  for (const [index, form] of forms.entries()) {
    if (silentCount === SILENT_FORMS_TRIED) {
      const rest = forms.length - index;
      attempts.push({ form: `(${rest} more form${rest === 1 ? '' : 's'})`, outcome: 'silent', detail: `not tried: ${SILENT_FORMS_TRIED} forms were acknowledged and delivered nothing, so the server's events, not the token form, are what fails` });
      break;
    }
    const connection = new RealtimeConnection({ url: options.url, actor: options.actor, token: options.token, form, log: options.log, timeoutMs: options.timeoutMs });
    try {
      const shake = await handshake(connection, options.timeoutMs);
      if (!shake.acknowledged) {
        if (connection.lastErrorCode !== undefined && NOTHING_THERE.has(connection.lastErrorCode)) {
          return { available: false, reason: `nothing answered at ${options.url} (${connection.lastError ?? connection.lastErrorCode})`, attempts };
        }
        attempts.push({ form: form.name, outcome: 'refused', detail: shake.detail });
        continue;
      }
      const delivery = await options.verify(connection);
      if (delivery.kind === 'delivered') {
        attempts.push({ form: form.name, outcome: 'delivered', detail: 'acknowledged, and the subscription delivered the event' });
        return { available: true, form, verified: true, attempts };
      }
      attempts.push({ form: form.name, outcome: delivery.kind, detail: `acknowledged, but ${delivery.detail}` });
      if (delivery.kind === 'silent') {
        silent ??= form;
        silentCount += 1;
      }
    } finally {
      await connection.dispose();
    }
  }
  if (silent) return { available: true, form: silent, verified: false, attempts };
  return { available: false, reason: `${options.url} refused every token form the suite knows`, attempts };
}
