import type { Runtime } from '../runtime/runtime.js';
import type { MockState } from '../state/mock-state.js';
import { domainEventView } from './domain-view.js';
import { DevEventStream, type DevEventType } from './event-stream.js';

/** The bounds of the dev event stream (`GET /dev/events`). */
export interface DevEventLimits {
  /** Streams open at once; one more is refused with 429. @default 8 */
  readonly maxStreams: number;
  /** Bytes a stream may hold unread before its client is dropped. @default 1 MiB */
  readonly maxQueuedBytes: number;
  /** How often a `: keep-alive` comment goes to every stream, in milliseconds. @default 15000 */
  readonly keepAliveMs: number;
  /**
   * Runs `tick` every `ms` milliseconds until the returned function is called: a test passes its
   * own to tick without waiting. @default a real interval that never keeps the process alive
   */
  readonly every: (ms: number, tick: () => void) => () => void;
}

export const DEFAULT_DEV_EVENT_STREAMS = 8;
export const DEFAULT_DEV_EVENT_QUEUE_BYTES = 1024 * 1024;
export const DEV_EVENT_KEEP_ALIVE_MS = 15_000;

const realInterval = (ms: number, tick: () => void): (() => void) => {
  const handle = setInterval(tick, ms);
  (handle as { unref?: () => void }).unref?.();
  return () => clearInterval(handle);
};

/**
 * The live feed of a running mock for the dev console and scripts (`GET /dev/events`): every
 * request the journal records (redacted as `/dev/journal` shows it), every domain event as it is
 * published, the simulator's status ({@link announce}), and `reset` when the state is swapped (the
 * stream then goes on with the new state's events). It listens to the journal and the state only
 * while a stream is open, so an unwatched mock pays nothing. Bounded: {@link DevEventLimits}.
 */
export class DevEvents {
  readonly limits: DevEventLimits;
  private readonly open = new Set<DevEventStream>();
  private detach: (() => void) | null = null;

  constructor(
    private readonly runtime: Runtime,
    limits: Partial<DevEventLimits> = {},
  ) {
    this.limits = {
      maxStreams: limits.maxStreams ?? DEFAULT_DEV_EVENT_STREAMS,
      maxQueuedBytes: limits.maxQueuedBytes ?? DEFAULT_DEV_EVENT_QUEUE_BYTES,
      keepAliveMs: limits.keepAliveMs ?? DEV_EVENT_KEEP_ALIVE_MS,
      every: limits.every ?? realInterval,
    };
    const { maxStreams, maxQueuedBytes, keepAliveMs } = this.limits;
    if (!Number.isInteger(maxStreams) || maxStreams < 1) throw new RangeError(`devControls.events.maxStreams must be a whole number above 0, but got ${maxStreams}`);
    if (!Number.isInteger(maxQueuedBytes) || maxQueuedBytes < 1024) throw new RangeError(`devControls.events.maxQueuedBytes must be a whole number of 1024 or more, but got ${maxQueuedBytes}`);
    if (!(keepAliveMs >= 1)) throw new RangeError(`devControls.events.keepAliveMs must be 1 or more, but got ${keepAliveMs}`);
  }

  /** Streams open now. */
  get streams(): number {
    return this.open.size;
  }

  /** A new stream of `types` (and `reset`), or null when {@link DevEventLimits.maxStreams} are open. */
  openStream(types: ReadonlySet<DevEventType>): DevEventStream | null {
    if (this.open.size >= this.limits.maxStreams) return null;
    const stream = new DevEventStream(types, this.limits.maxQueuedBytes, (ended) => this.closed(ended));
    this.open.add(stream);
    if (this.detach === null) this.detach = this.attach();
    return stream;
  }

  /**
   * Sends `data` as an event of `type` to every stream that asked for it: the simulator announces
   * its status here (`controls.events.announce('simulator', status)`) when it starts or stops.
   */
  announce(type: 'simulator', data: unknown): void {
    this.broadcast(type, () => JSON.stringify(data));
  }

  /** Ends every stream (the mock closes). */
  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }

  /** Sends an event to every stream that wants it; its JSON is made once, and only when one does. */
  private broadcast(type: DevEventType, json: () => string): void {
    let text: string | undefined;
    for (const stream of [...this.open]) {
      if (!stream.wants(type)) continue;
      text ??= json();
      stream.send(type, text);
    }
  }

  private closed(stream: DevEventStream): void {
    this.open.delete(stream);
    if (this.open.size === 0 && this.detach !== null) {
      this.detach();
      this.detach = null;
    }
  }

  /** Listens to the journal, the current state's events and state swaps; returns what stops it all. */
  private attach(): () => void {
    const stopJournal = this.runtime.journal.onRecord((entry) => this.broadcast('journal', () => JSON.stringify(entry)));
    let stopDomain = this.observe(this.runtime.state);
    const stopSwaps = this.runtime.onStateReplaced((state) => {
      stopDomain();
      stopDomain = this.observe(state);
      this.broadcast('reset', () => JSON.stringify({ at: new Date(state.clock.now()).toISOString() }));
    });
    const stopKeepAlive = this.limits.every(this.limits.keepAliveMs, () => {
      for (const stream of [...this.open]) stream.comment('keep-alive');
    });
    return () => {
      stopJournal();
      stopDomain();
      stopSwaps();
      stopKeepAlive();
    };
  }

  private observe(state: MockState): () => void {
    return state.events.observe((kind, scope, event) => this.broadcast('domain', () => JSON.stringify(domainEventView(state, kind, scope, event))));
  }
}
