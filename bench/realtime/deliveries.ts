import type { CreatedEvent } from './protocol.js';

/** One sent message on its way to every subscriber. */
export interface Delivery {
  /** Subscribers that have received it (a repeat counts again; the pool counts repeats apart). */
  received: number;
  /** `performance.now()` of the first and of the last subscriber's event (NaN until then). */
  firstAt: number;
  lastAt: number;
  /** Resolves when every subscriber has received it. */
  readonly done: Promise<void>;
}

/**
 * Sent messages by `clientMessageId`, counted down as their events arrive. A message is expected
 * before its request leaves, since its events may arrive before its response does.
 */
export class Deliveries {
  private readonly pending = new Map<string, Delivery & { resolve(): void }>();

  constructor(private readonly subscribers: number) {}

  expect(clientMessageId: string): Delivery {
    let resolve = () => {};
    const done = new Promise<void>((settle) => (resolve = settle));
    const delivery = { received: 0, firstAt: Number.NaN, lastAt: Number.NaN, done, resolve };
    this.pending.set(clientMessageId, delivery);
    return delivery;
  }

  /** The pool's event handler. Events of messages not (or no longer) expected are ignored. */
  readonly receive = (event: CreatedEvent, at: number): void => {
    const delivery = this.pending.get(event.clientMessageId);
    if (!delivery) return;
    if (++delivery.received === 1) delivery.firstAt = at;
    if (delivery.received === this.subscribers) {
      delivery.lastAt = at;
      this.pending.delete(event.clientMessageId);
      delivery.resolve();
    }
  };

  /** Stops waiting for every message still under way (warm-up messages some sockets joined too late for). */
  forget(): void {
    this.pending.clear();
  }
}
