import { Repeater, SlidingBuffer } from '@repeaterjs/repeater';
import type { Clock, Timer } from '../state/clock.js';

/** One tick of a random-mode subscription; its `index` seeds the payload. */
export interface RandomEvent {
  readonly randomEvent: number;
}

export function isRandomEvent(value: unknown): value is RandomEvent {
  return typeof value === 'object' && value !== null && typeof (value as Partial<RandomEvent>).randomEvent === 'number';
}

/**
 * A subscription's source in random mode: an event every `intervalMs` on `clock`, numbered from 0,
 * until the subscriber stops. Events are not shared between subscribers, which differ only if
 * their operation or variables differ (the payload is seeded from those and the event's number).
 */
export function randomEvents(clock: Clock, intervalMs: number): AsyncIterableIterator<RandomEvent> {
  return new Repeater<RandomEvent>(async (push, stop) => {
    let next = 0;
    let timer: Timer | undefined;
    const arm = (): void => {
      timer = clock.setTimer(clock.now() + intervalMs, () => {
        void push({ randomEvent: next++ });
        arm();
      });
    };
    arm();
    await stop;
    timer?.cancel();
  }, new SlidingBuffer(16)); // a subscriber that stops reading misses old events, never the newest

}
