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

/**
 * A clock a developer can move forward (`parley mock serve --clock controllable`, `POST
 * /dev/clock`): real time plus an offset that only grows. {@link advance} and {@link set} fire the
 * timers they pass, each at its own time, as {@link ManualClock} does; the others fire when real
 * time reaches them, as the system clock's do.
 */
export class ControllableClock implements Clock {
  private pending = new Set<PendingRealTimer>();
  private created = 0;
  private offset = 0;

  /** @param realNow where real time comes from (a test may pass its own). @default Date.now */
  constructor(private readonly realNow: () => number = () => Date.now()) {}

  now(): number {
    return this.realNow() + this.offset;
  }

  /** How far ahead of real time the clock is, in milliseconds; never below 0. */
  get offsetMs(): number {
    return this.offset;
  }

  setTimer(at: number, fire: () => void): Timer {
    const timer: PendingRealTimer = { at, order: this.created++, fire, handle: null };
    this.pending.add(timer);
    this.arm(timer);
    return {
      cancel: () => {
        this.disarm(timer);
      },
    };
  }

  /**
   * Moves the clock forward by `ms` milliseconds (0 or more), firing the timers it passes: the
   * offset grows by exactly `ms`, however long the timers take to fire.
   */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError(`a controllable clock moves forward only: advance takes 0 or more milliseconds, but got ${ms}`);
    this.moveOffsetTo(this.offset + ms);
  }

  /** Moves the clock forward to `epochMs` (not before now), firing the timers it passes in time order. */
  set(epochMs: number): void {
    if (!Number.isFinite(epochMs) || epochMs < this.now()) throw new RangeError(`a controllable clock moves forward only: ${epochMs} is before now (${this.now()})`);
    this.moveOffsetTo(epochMs - this.realNow());
  }

  private moveOffsetTo(target: number): void {
    for (;;) {
      const due = this.nextDue(this.realNow() + target);
      if (!due) break;
      // The clock reads the timer's time while it fires (never past where it is going).
      this.offset = Math.min(target, Math.max(this.offset, due.at - this.realNow()));
      this.disarm(due);
      due.fire();
    }
    this.offset = Math.max(this.offset, target);
    // The rest are due sooner in real time now.
    for (const timer of this.pending) this.arm(timer);
  }

  /** Timers not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.pending.size;
  }

  private arm(timer: PendingRealTimer): void {
    if (timer.handle !== null) clearTimeout(timer.handle);
    const delay = Math.min(Math.max(timer.at - this.now(), 0), MAX_DELAY);
    timer.handle = setTimeout(() => {
      timer.handle = null;
      // A long wait is chained; one the clock has reached fires.
      if (timer.at > this.now()) return this.arm(timer);
      this.disarm(timer);
      timer.fire();
    }, delay);
    (timer.handle as { unref?: () => void }).unref?.();
  }

  private disarm(timer: PendingRealTimer): void {
    if (timer.handle !== null) clearTimeout(timer.handle);
    timer.handle = null;
    this.pending.delete(timer);
  }

  private nextDue(until: number): PendingRealTimer | undefined {
    let next: PendingRealTimer | undefined;
    for (const timer of this.pending) {
      if (timer.at > until) continue;
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    }
    return next;
  }
}

interface PendingRealTimer {
  readonly at: number;
  readonly order: number;
  readonly fire: () => void;
  handle: ReturnType<typeof setTimeout> | null;
}

/** What `/dev/clock` shows of a clock: the time, whether it can be moved, and how far it is from real time. */
export interface ClockReading {
  readonly now: number;
  readonly controllable: boolean;
  readonly offsetMs: number;
}

/** A clock `/dev/clock` can move: a {@link ControllableClock} or a test's {@link ManualClock}. */
export function isControllable(clock: Clock): clock is ControllableClock | ManualClock {
  return clock instanceof ControllableClock || clock instanceof ManualClock;
}

/** `clock` as `/dev/clock` shows it. */
export function readClock(clock: Clock): ClockReading {
  const now = clock.now();
  if (clock instanceof ControllableClock) return { now, controllable: true, offsetMs: clock.offsetMs };
  if (clock instanceof ManualClock) return { now, controllable: true, offsetMs: now - Date.now() };
  return { now, controllable: false, offsetMs: 0 };
}
