/** A timer set on a {@link Clock}; cancelling one that has fired does nothing. */
export interface Timer {
  cancel(): void;
}

/**
 * Where the domain reads the time and sets its timers (typing that expires, a socket whose token
 * runs out). Injected so fixtures are reproducible and expiry is testable without sleeping.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Calls `fire` once the clock reaches `at` (epoch milliseconds), or soon if it already has.
   * Timers never keep the process alive on their own.
   */
  setTimer(at: number, fire: () => void): Timer;
}

/** setTimeout's delay is a signed 32-bit number of milliseconds; longer waits are chained. */
const MAX_DELAY = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(at, fire) {
    let handle: ReturnType<typeof setTimeout>;
    const arm = (): void => {
      const delay = at - Date.now();
      handle = setTimeout(delay > MAX_DELAY ? arm : fire, Math.min(Math.max(delay, 0), MAX_DELAY));
      // Node's timers have `unref` (so they never keep the process alive); a browser's are numbers.
      (handle as { unref?: () => void }).unref?.();
    };
    arm();
    return { cancel: () => clearTimeout(handle) };
  },
};

interface PendingTimer {
  readonly at: number;
  readonly order: number;
  readonly fire: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to; its timers fire, in time order, as it moves past them. */
export class ManualClock implements Clock {
  private pending: PendingTimer[] = [];
  private created = 0;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimer(at: number, fire: () => void): Timer {
    const timer: PendingTimer = { at, order: this.created++, fire, cancelled: false };
    this.pending.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Moves the clock forward by `ms` milliseconds, firing the timers it passes. */
  advance(ms: number): void {
    this.set(this.current + ms);
  }

  /** Sets the clock to `epochMs`; moving forward fires the timers it passes, each at its own time. */
  set(epochMs: number): void {
    for (;;) {
      const due = this.nextDue(epochMs);
      if (!due) break;
      this.current = Math.max(this.current, due.at);
      due.cancelled = true;
      due.fire();
    }
    this.current = epochMs;
    this.pending = this.pending.filter((timer) => !timer.cancelled);
  }

  /** Timers not yet fired or cancelled, for tests that check nothing is left behind. */
  get pendingTimers(): number {
    return this.pending.filter((timer) => !timer.cancelled).length;
  }

  private nextDue(until: number): PendingTimer | undefined {
    let next: PendingTimer | undefined;
    for (const timer of this.pending) {
      if (timer.cancelled || timer.at > until) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    }
    return next;
  }
}
