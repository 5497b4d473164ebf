import { ErrorCode } from '../../../schema/error-codes.js';
import { SeededRandomizer } from '../../kernel/seeded-random.js';
import { parseChaosSettings, type ChaosSettings, type LatencyRange } from './chaos-settings.js';

/** What chaos does to one request: wait `delayMs` on the state's clock, then fail with `failure` (or run). */
export interface ChaosPlan {
  readonly delayMs: number;
  readonly failure: ErrorCode | null;
}

/** The seed of the draws when the settings name none. */
export const DEFAULT_CHAOS_SEED = 1;

/**
 * Injected latency and failures, switchable at run time, shared by the doors that run
 * queries and mutations over HTTP (the Node HTTP door and the MSW door; see `chaos-answer.ts`).
 * Every draw comes from a generator seeded by the settings' `seed`, reseeded on every change, so
 * the same settings and the same requests fail and wait the same way on every run.
 */
export class Chaos {
  private current: ChaosSettings = {};
  private readonly random = new SeededRandomizer();
  /** Whether any request can be touched: false costs the hot path one property read. */
  active = false;

  /** @param initial settings to start with (checked as {@link set} checks them) */
  constructor(initial?: ChaosSettings) {
    this.set(initial ?? {});
  }

  /** The settings in force, with the seed spelt out. */
  get settings(): ChaosSettings {
    return { seed: this.current.seed ?? DEFAULT_CHAOS_SEED, ...this.current };
  }

  /** Replaces the settings (a `ChaosSettingsError` for a bad body, and nothing changes). */
  set(settings: unknown): ChaosSettings {
    this.current = parseChaosSettings(settings);
    this.random.seed(this.current.seed ?? DEFAULT_CHAOS_SEED);
    this.active = this.current.latency !== undefined || this.current.operations !== undefined;
    return this.settings;
  }

  /** No chaos any more. */
  clear(): ChaosSettings {
    return this.set({});
  }

  /** The plan for one operation (by its name in the document), or null when chaos leaves it alone. */
  plan(operationName: string | undefined): ChaosPlan | null {
    const operations = this.current.operations;
    // Own names only: an operation called `constructor` or `toString` names no inherited method.
    const named = operationName === undefined || operations === undefined || !Object.hasOwn(operations, operationName) ? undefined : operations[operationName];
    const latency = named?.latency ?? this.current.latency;
    const delayMs = latency ? this.draw(latency) : 0;
    let failure: ErrorCode | null = null;
    if (named && (named.failureRate !== undefined || named.errorCode !== undefined)) {
      const rate = named.failureRate ?? 1;
      // Rates of 0 and 1 draw nothing, so adding a sure failure does not shift the other draws.
      const fails = rate >= 1 || (rate > 0 && this.random.next() < rate);
      if (fails) failure = named.errorCode ?? ErrorCode.INTERNAL_SERVER_ERROR;
    }
    return latency === undefined && failure === null ? null : { delayMs, failure };
  }

  private draw({ minMs, maxMs }: LatencyRange): number {
    if (maxMs === minMs) return minMs;
    return minMs + Math.floor(this.random.next() * (maxMs - minMs + 1));
  }
}
