import { median, quantile } from '../stats.js';
import { ownCpuSeconds, processCpuSeconds } from './cpu.js';
import type { Deliveries, Delivery } from './deliveries.js';
import type { SubscriberPool } from './subscribers.js';
import { settlesWithin, within } from './time.js';

/** What the phases drive: the listening pool, its deliveries, and a way to send one message. */
export interface Rig {
  readonly pool: SubscriberPool;
  readonly deliveries: Deliveries;
  /** Posts `sendMessage` with this `clientMessageId`; resolves when the whole response is in. */
  send(clientMessageId: string): Promise<void>;
  /** The server's process id, for its CPU time. */
  readonly serverPid: number | undefined;
}

export interface Spread {
  readonly median: number;
  readonly p99: number;
}

const spread = (samples: readonly number[]): Spread => ({ median: median(samples), p99: quantile(samples, 0.99) });

export interface WarmUp {
  /** From the first warm-up message to the first one every subscriber received. */
  readonly liveAfterMs: number;
  readonly messages: number;
}

/**
 * graphql-ws does not acknowledge a subscription, so the only proof that all of them are live is
 * an event: warm-up messages are sent, one at a time, until one reaches every subscriber. Then
 * `extra` more, one at a time and unmeasured, so both processes' hot paths are compiled before
 * anything is timed.
 */
export async function warmUp(rig: Rig, extra: number, timeoutMs: number): Promise<WarmUp> {
  const { pool, deliveries } = rig;
  const count = pool.subscribers.length;
  const started = performance.now();
  let messages = 0;
  for (;;) {
    const clientMessageId = `warm-${messages++}`;
    const delivery = deliveries.expect(clientMessageId);
    await rig.send(clientMessageId);
    if (await settlesWithin(delivery.done, 250)) break;
    if (performance.now() - started > timeoutMs) {
      throw new Error(
        `subscriptions never became live: after ${(timeoutMs / 1000).toFixed(0)} s and ${messages} warm-up messages, ` +
          `${pool.live()} of ${count} subscribers had received an event` +
          (pool.problemCount > 0 ? `; socket problems: ${pool.problems.join('; ')}` : ''),
      );
    }
  }
  const liveAfterMs = performance.now() - started;
  for (let i = 0; i < extra; i++) {
    const clientMessageId = `warm-${messages++}`;
    const delivery = deliveries.expect(clientMessageId);
    await rig.send(clientMessageId);
    await within(delivery.done, 10_000, () => `warm-up message ${clientMessageId} did not reach every subscriber within 10 s (${delivery.received} of ${count})`);
  }
  deliveries.forget();
  return { liveAfterMs, messages };
}

export interface Latency {
  readonly messages: number;
  /** Last subscriber's event minus the moment the sendMessage response was complete (may be negative). */
  readonly fromResponse: Spread;
  /** Last subscriber's event minus the moment the sendMessage request started. */
  readonly fromRequest: Spread;
  /** The sendMessage round trip alone. */
  readonly response: Spread;
  /** First subscriber's event minus the moment the request started: when the fan-out begins to show. */
  readonly firstFromRequest: Spread;
  /** Last subscriber's event minus the first one's: the fan-out itself. */
  readonly firstToLast: Spread;
  /** Messages whose last event came before their response did. */
  readonly eventsBeforeResponse: number;
}

/** `messages` messages, one at a time: each is sent once the previous one reached everyone. */
export async function measureLatency(rig: Rig, messages: number): Promise<Latency> {
  const { pool, deliveries } = rig;
  const fromResponse: number[] = [];
  const fromRequest: number[] = [];
  const response: number[] = [];
  const firstToLast: number[] = [];
  const firstFromRequest: number[] = [];
  for (let i = 0; i < messages; i++) {
    const delivery = deliveries.expect(`latency-${i}`);
    const started = performance.now();
    await rig.send(`latency-${i}`);
    const answered = performance.now();
    await within(delivery.done, 10_000, () => `latency message ${i} did not reach every subscriber within 10 s (${delivery.received} of ${pool.subscribers.length})`);
    fromResponse.push(delivery.lastAt - answered);
    fromRequest.push(delivery.lastAt - started);
    response.push(answered - started);
    firstToLast.push(delivery.lastAt - delivery.firstAt);
    firstFromRequest.push(delivery.firstAt - started);
  }
  return {
    messages,
    fromResponse: spread(fromResponse),
    fromRequest: spread(fromRequest),
    response: spread(response),
    firstToLast: spread(firstToLast),
    firstFromRequest: spread(firstFromRequest),
    eventsBeforeResponse: fromResponse.filter((ms) => ms < 0).length,
  };
}

export interface Throughput {
  readonly seconds: number;
  readonly inFlight: number;
  /** Messages whose sendMessage response arrived within the window. */
  readonly sent: number;
  /** `sent` over the window (first request to last response). */
  readonly messagesPerSecond: number;
  /** Events received for those messages. */
  readonly events: number;
  /** `events` over first request to last event. */
  readonly eventsPerSecond: number;
  /** From the last response to the last event. */
  readonly drainMs: number;
  /** (subscriber, message) pairs never received within the drain timeout. */
  readonly lost: number;
  /** Events not above their subscriber's previous sequence (out of order or repeated), in this phase. */
  readonly outOfOrder: number;
  /** CPU seconds per wall second, first request to last event (1 = one core busy throughout). */
  readonly serverCpu: number | undefined;
  readonly loadCpu: number;
}

/**
 * For `seconds`, `inFlight` senders each post one message after another as fast as answers come,
 * while every subscriber listens; then waits (up to `drainTimeoutMs`) for the last events.
 */
export async function measureThroughput(rig: Rig, seconds: number, inFlight: number, drainTimeoutMs: number): Promise<Throughput> {
  const { pool, deliveries } = rig;
  const count = pool.subscribers.length;
  const sent: Delivery[] = [];
  const outOfOrderBefore = pool.outOfOrder();
  const serverCpuBefore = processCpuSeconds(rig.serverPid);
  const loadCpuBefore = ownCpuSeconds();
  const started = performance.now();
  const end = started + seconds * 1000;
  let lastResponse = started;
  let next = 0;
  const sender = async () => {
    while (performance.now() < end) {
      const clientMessageId = `throughput-${next++}`;
      const delivery = deliveries.expect(clientMessageId);
      await rig.send(clientMessageId);
      sent.push(delivery);
      lastResponse = performance.now();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  const drained = await settlesWithin(Promise.all(sent.map((delivery) => delivery.done)), drainTimeoutMs);
  const lastEvent = drained ? Math.max(...sent.map((delivery) => delivery.lastAt)) : performance.now();
  const wall = (performance.now() - started) / 1000;
  const serverCpuAfter = processCpuSeconds(rig.serverPid);
  const loadCpu = (ownCpuSeconds() - loadCpuBefore) / wall;
  deliveries.forget();
  const events = sent.reduce((sum, delivery) => sum + delivery.received, 0);
  return {
    seconds,
    inFlight,
    sent: sent.length,
    messagesPerSecond: sent.length / ((lastResponse - started) / 1000),
    events,
    eventsPerSecond: events / ((lastEvent - started) / 1000),
    drainMs: lastEvent - lastResponse,
    lost: sent.length * count - events,
    outOfOrder: pool.outOfOrder() - outOfOrderBefore,
    serverCpu: serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : (serverCpuAfter - serverCpuBefore) / wall,
    loadCpu,
  };
}
