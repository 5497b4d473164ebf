import type { Check, CheckContext } from '../check.js';
import type { SubscriptionResults } from '../realtime/connection.js';
import { dataOf, fail, pageOf, shown, type Node } from './assert.js';
import { websocketCheck } from './events-websocket.js';
import { DELETE, SINCE } from './operations.js';
import {
  endOf,
  eventAfter,
  eventChannel,
  expectField,
  messageSubscription,
  payloadOf,
  sendAs,
  type EventNode,
  type Sent,
} from './realtime-support.js';

/**
 * SPEC.md section 6. What it states is MUST: events report changes as they happen and replay no
 * stored data, and a client that reconnects catches up with `messagesSince`. Two more follow from
 * what it states with other sections, so they are MUST too (`specRef` cites the derivation):
 * - a message sent, edited (content changed) or soft-deleted (section 3) is changed, and
 *   messageCreated, messageUpdated and messageDeleted are the only subscriptions for those
 *   changes, so each fires its event (`6 + 3`);
 * - section 5 rule 3 makes membership the condition for reading a conversation's messages, and
 *   section 6 delivers the same MessageViews live, so no subscription hands them to a non-member
 *   (`6 + 5 rule 3`).
 * What section 6 leaves open stays SHOULD: a reaction firing messageUpdated (a reaction is not a
 * change section 3 names), events in sequence order, and refusing a non-member's subscribe
 * outright rather than leaving it open and silent.
 */

const CREATED = messageSubscription('messageCreated');
const UPDATED = messageSubscription('messageUpdated');
const DELETED = messageSubscription('messageDeleted');
const EDIT = 'mutation Edit($id: ID!, $content: String!) { editMessage(id: $id, content: $content) { id } }';
const REACT = 'mutation React($id: ID!, $emoji: String!) { addReaction(messageId: $id, emoji: $emoji) { id } }';

const needs = ['realtime', 'B'] as const;

const MESSAGE_EVENTS = ['messageCreated', 'messageUpdated', 'messageDeleted'] as const;

/** The first results of `results` that arrive within `ms`, without acting. */
async function heardWithin(results: SubscriptionResults, ms: number) {
  const heard = [];
  const deadline = performance.now() + ms;
  for (;;) {
    const result = await results.next(deadline - performance.now());
    if (!result) return heard;
    heard.push(result);
  }
}

async function subscribedAs(ctx: CheckContext, who: 'A' | 'B', query: string, conversationId: string): Promise<SubscriptionResults> {
  const actor = who === 'A' ? ctx.world.a : ctx.world.b!;
  return (await ctx.realtime.connect(actor)).subscribe(query, { conversationId });
}

const sentIn = (sent: readonly Sent[]) => (event: EventNode) => sent.some((message) => message.id === event.id);

/** A sends `label n` to the channel until `events` carries one of those messages (see {@link eventAfter}). */
function createdAfterSending(ctx: CheckContext, events: SubscriptionResults, channel: string, label: string, expected: string) {
  return eventAfter(ctx, events, 'messageCreated', (n) => sendAs(ctx, ctx.world.a, channel, `${label} ${n}`), (e, sent) => sentIn(sent)(e), expected);
}

export const eventChecks: Check[] = [
  // First: every other realtime check waits for the connection it finds.
  websocketCheck,
  {
    id: 'events.created.delivered',
    section: '6',
    specRef: '6 + 3 (sent: messageCreated)',
    level: 'MUST',
    title: "a member receives messageCreated for another member's sendMessage, with the id, sequence and clientMessageId it returned",
    needs,
    async run(ctx) {
      const expected = "B's messageCreated subscription delivers A's message with the id, sequence and clientMessageId sendMessage returned";
      const channel = await eventChannel(ctx, [ctx.world.b!]);
      const events = await subscribedAs(ctx, 'B', CREATED, channel);
      const { event, acted } = await createdAfterSending(ctx, events, channel, 'event', expected);
      const sent = acted.find((message) => message.id === event.id)!;
      expectField(event, 'sequence', sent.sequence, expected);
      expectField(event, 'clientMessageId', sent.clientMessageId, expected);
      expectField(event, 'conversationId', channel, expected);
      expectField(event, 'senderId', ctx.world.a.id, expected);
      expectField(event, 'content', sent.content, expected);
    },
  },
  {
    id: 'events.created.in-order',
    section: '6',
    specRef: '6 messageCreated; 2.1 MessageView.sequence',
    level: 'SHOULD',
    title: 'messageCreated events of one conversation arrive in sequence order, none missing',
    needs,
    async run(ctx) {
      const expected = 'five messages sent one after another arrive as five messageCreated events in ascending sequence';
      const channel = await eventChannel(ctx, [ctx.world.b!]);
      const events = await subscribedAs(ctx, 'B', CREATED, channel);
      const live = await createdAfterSending(ctx, events, channel, 'warm-up', expected);
      const burst: Sent[] = [];
      for (let i = 1; i <= 5; i++) burst.push(await sendAs(ctx, ctx.world.a, channel, `burst ${i}`));
      const warmUps = new Set(live.acted.map((message) => message.id));
      const received: EventNode[] = [];
      const deadline = performance.now() + ctx.realtime.eventWaitMs;
      while (received.length < burst.length) {
        const result = await events.next(deadline - performance.now());
        if (!result) break;
        const event = payloadOf(result, 'messageCreated', expected);
        if (!warmUps.has(event.id)) received.push(event);
      }
      const got = received.map((event) => event.sequence);
      const wanted = burst.map((message) => message.sequence);
      if (JSON.stringify(got) !== JSON.stringify(wanted)) {
        fail(`the events carried sequences ${shown(got)}; the messages sent have ${shown(wanted)}`, expected);
      }
    },
  },
  {
    id: 'events.updated.edit',
    section: '6',
    specRef: '6 + 3 (edited: messageUpdated)',
    level: 'MUST',
    title: 'editMessage fires messageUpdated carrying the new content, with the id and sequence kept',
    needs,
    async run(ctx) {
      const expected = "B's messageUpdated subscription delivers the edited message: same id and sequence, the new content";
      const channel = await eventChannel(ctx, [ctx.world.b!]);
      const message = await sendAs(ctx, ctx.world.a, channel, 'before the edit');
      const events = await subscribedAs(ctx, 'B', UPDATED, channel);
      const { event, acted } = await eventAfter(
        ctx,
        events,
        'messageUpdated',
        async (n) => {
          const content = `after edit ${n}`;
          dataOf(await ctx.graphql(EDIT, { id: message.id, content }, ctx.world.a), 'editMessage', 'the sender can edit their message');
          return content;
        },
        (e, contents) => e.id === message.id && contents.includes(e.content ?? ''),
        expected,
      );
      expectField(event, 'sequence', message.sequence, expected);
      if (!acted.includes(event.content ?? '')) fail(`the event's content is ${shown(event.content)}`, expected);
    },
  },
  {
    id: 'events.updated.reaction',
    section: '6',
    specRef: '6 messageUpdated (open: reactions)',
    level: 'SHOULD',
    title: 'addReaction fires messageUpdated carrying the reaction',
    needs,
    async run(ctx) {
      const expected = "A's messageUpdated subscription delivers the message with B's reaction in reactions";
      const b = ctx.world.b!;
      const channel = await eventChannel(ctx, [b]);
      const message = await sendAs(ctx, ctx.world.a, channel, 'react to this');
      const events = await subscribedAs(ctx, 'A', UPDATED, channel);
      const emojis = ['👍', '🎉', '👀'];
      await eventAfter(
        ctx,
        events,
        'messageUpdated',
        async (n) => {
          const emoji = emojis[n - 1]!;
          dataOf(await ctx.graphql(REACT, { id: message.id, emoji }, b), 'addReaction', 'a member can react to a message');
          return emoji;
        },
        (e, reacted) => e.id === message.id && e.reactions.some((r) => reacted.includes(r.emoji) && r.userIds.includes(b.id)),
        expected,
      );
    },
  },
  {
    id: 'events.deleted.state',
    section: '6',
    specRef: '6 + 3 (soft-deleted: messageDeleted)',
    level: 'MUST',
    title: 'deleteMessage fires messageDeleted carrying the deleted state, as the message queries show it',
    needs,
    async run(ctx) {
      const expected = "B's messageDeleted subscription delivers the message as messagesSince shows it once deleted: same sequence, deletedAt set, the same content and attachments";
      const channel = await eventChannel(ctx, [ctx.world.b!]);
      const events = await subscribedAs(ctx, 'B', DELETED, channel);
      const { event, acted } = await eventAfter(
        ctx,
        events,
        'messageDeleted',
        async (n) => {
          // A fresh message each attempt: deleting one twice changes nothing, so it may announce nothing.
          const message = await sendAs(ctx, ctx.world.a, channel, `to be deleted ${n}`);
          dataOf(await ctx.graphql(DELETE, { id: message.id }, ctx.world.a), 'deleteMessage', 'the sender can delete their message');
          return message;
        },
        (e, deleted) => sentIn(deleted)(e),
        expected,
      );
      const message = acted.find((m) => m.id === event.id)!;
      const stored = pageOf(await ctx.graphql(SINCE, { conversationId: channel, afterSequence: message.sequence - 1, first: 1 }, ctx.world.b!), 'messagesSince', expected).nodes[0];
      if (!stored || stored.id !== message.id) fail('messagesSince does not return the deleted message', expected);
      expectField(event, 'sequence', message.sequence, expected);
      if (event.deletedAt === null) fail('the event has deletedAt null', expected);
      expectField(event, 'content', stored.content, expected);
      const storedAttachments = stored.attachments.map(({ id }) => id);
      const eventAttachments = event.attachments.map(({ id }) => id);
      if (JSON.stringify(eventAttachments) !== JSON.stringify(storedAttachments)) {
        fail(`the event's attachments are ${shown(eventAttachments)}; messagesSince shows ${shown(storedAttachments)}`, expected);
      }
    },
  },
  {
    id: 'events.non-member.no-messages',
    section: '6',
    specRef: '6 + 5 rule 3',
    level: 'MUST',
    title: 'a workspace member outside a private channel receives none of its messages by messageCreated, messageUpdated or messageDeleted',
    needs,
    async run(ctx) {
      const expected =
        "B's messageCreated, messageUpdated and messageDeleted subscriptions to A's private channel deliver none of its messages while A sends, edits and deletes one (a refusal or silence both pass)";
      const channel = await eventChannel(ctx, []);
      // One connection each: a server that refuses one subscription by closing the socket must not hide the others.
      const open = await Promise.all(MESSAGE_EVENTS.map(async (name) => ({ name, events: await subscribedAs(ctx, 'B', messageSubscription(name), channel) })));
      /** Listens on the subscriptions still open for `ms`; fails on a message, drops those refused or ended. */
      const listen = async (ms: number, after: string) => {
        const heard = await Promise.all(open.map(async ({ name, events }) => ({ name, events, results: await heardWithin(events, ms) })));
        for (const { name, results } of heard) {
          const leak = results.find((result) => (result.data as Record<string, unknown> | null | undefined)?.[name] != null);
          if (leak) fail(`B is not a member, yet its ${name} subscription delivered a message ${after}: ${shown(leak)}`, expected);
        }
        const refused = new Set(heard.filter(({ events, results }) => events.end || results.some((result) => result.errors?.length)).map(({ name }) => name));
        open.splice(0, open.length, ...open.filter(({ name }) => !refused.has(name)));
      };
      await listen(ctx.realtime.quietMs, 'before anything was sent');
      for (let attempt = 1; attempt <= 3 && open.length > 0; attempt++) {
        const message = await sendAs(ctx, ctx.world.a, channel, `private ${attempt}`);
        dataOf(await ctx.graphql(EDIT, { id: message.id, content: `private ${attempt}, edited` }, ctx.world.a), 'editMessage', 'the sender can edit their message');
        dataOf(await ctx.graphql(DELETE, { id: message.id }, ctx.world.a), 'deleteMessage', 'the sender can delete their message');
        await listen(ctx.realtime.eventWaitMs, `after A sent, edited and deleted ${message.id}`);
      }
    },
  },
  {
    id: 'events.non-member.refused',
    section: '6',
    specRef: '6 (open: refusing a non-member outright)',
    level: 'SHOULD',
    title: 'a workspace member outside a private channel cannot subscribe to its messages: the subscribe is refused, not left open and silent',
    needs,
    async run(ctx) {
      const expected = "B's messageCreated subscription to A's private channel is refused (an error result or message, or the socket closed) and delivers none of its messages";
      const channel = await eventChannel(ctx, []);
      const events = await subscribedAs(ctx, 'B', CREATED, channel);
      const early = await heardWithin(events, ctx.realtime.quietMs);
      const leaked = (results: readonly { data?: unknown }[]) => results.find((result) => result.data !== null && result.data !== undefined);
      if (leaked(early)) fail(`B received data: ${shown(leaked(early))}`, expected);
      if (early.some((result) => (result as { errors?: unknown[] }).errors?.length) || events.end) return;
      for (let attempt = 1; attempt <= 3 && !events.end; attempt++) {
        const sent = await sendAs(ctx, ctx.world.a, channel, `private ${attempt}`);
        const heard = await heardWithin(events, ctx.realtime.eventWaitMs);
        const leak = leaked(heard);
        if (leak) fail(`B is not a member, yet received A's message ${sent.id}: ${shown(leak)}`, expected);
        if (heard.length > 0) return;
      }
      if (events.end) return;
      fail('the subscription was neither refused nor ended: it stayed open, silently', expected);
    },
  },
  {
    id: 'events.no-replay',
    section: '6',
    specRef: '6 no replay',
    level: 'MUST',
    title: 'subscribing replays no stored message: the first event is the first message sent after it',
    needs,
    async run(ctx) {
      const expected = 'no messageCreated event for any of the 3 messages stored before subscribing; the first event is a new message';
      const channel = await eventChannel(ctx, [ctx.world.b!]);
      const stored: Sent[] = [];
      for (let i = 1; i <= 3; i++) stored.push(await sendAs(ctx, ctx.world.a, channel, `stored ${i}`));
      const events = await subscribedAs(ctx, 'B', CREATED, channel);
      const early = await heardWithin(events, ctx.realtime.quietMs);
      if (early.length > 0) fail(`before anything new was sent, B received ${early.length} event(s): ${shown(early)}`, expected);
      const { others } = await createdAfterSending(ctx, events, channel, 'new', expected);
      const replayed = others.filter(sentIn(stored));
      if (replayed.length > 0) fail(`stored messages were delivered as new: ${shown(replayed.map((e) => e.id))}`, expected);
    },
  },
  {
    id: 'events.reconnect.catch-up',
    section: '6',
    specRef: '6 reconnect',
    level: 'MUST',
    title: 'after a reconnect, messagesSince from the last sequence held returns exactly the messages missed',
    needs,
    async run(ctx) {
      const expected = 'messagesSince(afterSequence: the last sequence B received by event) returns, in order, exactly the messages sent while B was away';
      const b = ctx.world.b!;
      const channel = await eventChannel(ctx, [b]);
      const first = await ctx.realtime.connect(b);
      const before = await createdAfterSending(ctx, first.subscribe(CREATED, { conversationId: channel }), channel, 'before', expected);
      const held = before.event.sequence;
      await first.dispose();

      const whileAway: Sent[] = [];
      for (let i = 1; i <= 3; i++) whileAway.push(await sendAs(ctx, ctx.world.a, channel, `while away ${i}`));
      const second = await ctx.realtime.connect(b);
      const events = second.subscribe(CREATED, { conversationId: channel });

      // Missed: everything sent after the message B last received (in the order the suite sent them).
      const lastReceived = before.acted.findIndex((message) => message.id === before.event.id);
      const missed = [...before.acted.slice(lastReceived + 1), ...whileAway];
      const page = pageOf(await ctx.graphql(SINCE, { conversationId: channel, afterSequence: held, first: 100 }, b), 'messagesSince', expected);
      // Messages the server wrote itself (SPEC.md allows SYSTEM messages) were missed too; the suite's must all be there.
      const ours = page.nodes.filter((node: Node) => node.type !== 'SYSTEM').map((node) => node.id);
      const wanted = missed.map((message) => message.id);
      if (JSON.stringify(ours) !== JSON.stringify(wanted)) {
        fail(`B held sequence ${held}; messagesSince returned ${shown(ours)}, but the messages sent after it are ${shown(wanted)}`, expected);
      }
      const after = await createdAfterSending(ctx, events, channel, 'after reconnect', expected);
      const newest = Math.max(...whileAway.map((message) => message.sequence));
      if (after.event.sequence <= newest) fail(`the first event after reconnecting has sequence ${after.event.sequence}, not above ${newest}`, expected);
      if (events.end) fail(`the new subscription ended: ${endOf(events)}`, expected);
    },
  },
];
