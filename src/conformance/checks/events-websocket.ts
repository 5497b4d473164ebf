import type { Check, CheckContext } from '../check.js';
import type { RealtimeConnection } from '../realtime/connection.js';
import { describeAttempts } from '../realtime/attempts.js';
import type { Delivery } from '../realtime/probe.js';
import { fail, shown } from './assert.js';
import { endOf, eventChannel, messageSubscription, sendAs, type Sent } from './realtime-support.js';

const CREATED = messageSubscription('messageCreated');

/** Messages sent per attempt when nothing comes: a server may start delivering a moment after the subscribe. */
const SENDS = 2;

/**
 * Whether `connection` delivers: subscribes to messageCreated on A's own channel, has A send, and
 * waits for the message. An error result or an ended subscription is a refusal (a server that
 * acknowledges every connection and checks the token per subscription); nothing at all is silence.
 */
async function deliveryOn(ctx: CheckContext, connection: RealtimeConnection, channel: string): Promise<Delivery> {
  const events = connection.subscribe(CREATED, { conversationId: channel });
  const sent: Sent[] = [];
  for (let attempt = 1; attempt <= SENDS; attempt++) {
    sent.push(await sendAs(ctx, ctx.world.a, channel, `websocket probe ${attempt}`));
    const deadline = performance.now() + ctx.realtime.eventWaitMs;
    for (;;) {
      const result = await events.next(deadline - performance.now());
      if (!result) break;
      if (result.errors?.length) return { kind: 'refused', detail: `the messageCreated subscription answered errors: ${shown(result.errors)}` };
      const id = (result.data as { messageCreated?: { id?: unknown } } | null | undefined)?.messageCreated?.id;
      if (sent.some((message) => message.id === id)) return { kind: 'delivered' };
    }
    if (events.end) return { kind: 'refused', detail: `the messageCreated subscription ended: ${endOf(events)}` };
  }
  return { kind: 'silent', detail: `messageCreated delivered none of the ${SENDS} messages A sent, ${ctx.realtime.eventWaitMs} ms apart` };
}

/**
 * SPEC.md section 6: "events are GraphQL subscriptions over a WebSocket". The handshake and how
 * the token travels are open, so this check tries every token form the suite knows (see
 * `realtime/auth-forms.ts`); what it proves is that one of them gives a connection that delivers
 * A's new message. A WebSocket that refuses every form, or nothing answering at all, is a
 * finding, with every attempt's frames as evidence; `--no-realtime` is how a run leaves section 6
 * out on purpose. The other realtime checks use the form found here.
 */
export const websocketCheck: Check = {
  id: 'events.websocket',
  section: '6',
  specRef: '6 subscriptions',
  level: 'MUST',
  title: "events are delivered as GraphQL subscriptions over WebSocket: with one of the token forms, A's graphql-transport-ws connection is acknowledged and messageCreated delivers A's new message",
  provides: 'realtime',
  async run(ctx) {
    const expected = "a graphql-transport-ws connection that presents A's access token in one of the forms the suite tries is acknowledged, and its messageCreated subscription delivers A's new message";
    const channel = await eventChannel(ctx, []);
    const probe = await ctx.realtime.probe((connection) => deliveryOn(ctx, connection, channel));
    if (!probe.available) {
      const tried = probe.attempts.length > 0 ? `; each form tried:\n${describeAttempts(probe.attempts)}` : '';
      fail(`${probe.reason}${tried}`, expected);
    }
    if (!probe.verified) {
      fail(`no token form gave a connection that delivers: ${probe.form.name} was acknowledged, and the checks use it; each form tried:\n${describeAttempts(probe.attempts)}`, expected);
    }
  },
};
