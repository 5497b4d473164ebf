import type { SoakClient } from './client.js';
import type { MockProcess } from './mock-process.js';

/**
 * One attack of the soak ("Bounded and durable"): what it needs set up (not measured), what one
 * client then does (measured), and its bounds, with the reason: what the mock may still hold once
 * it is over (`keeps`), and what may be in flight at once while it runs (`inFlight`). The peak
 * RSS may grow by both plus {@link COLLECTION_HEADROOM}; what is held after a full gc, by `keeps`
 * plus {@link HELD_SLACK}.
 */

export interface AttackContext {
  readonly mock: MockProcess;
  readonly client: SoakClient;
}

export interface Outcome {
  /** What the attack did and what it was answered, in a few words (the report's last column). */
  readonly summary: string;
  /** Answers of 500 or more that the attacker saw, beyond those of `client` (raw sockets); null when it cannot see statuses. */
  readonly serverErrors?: number | null;
  /** Bytes the mock was right to keep (uploads it accepted and that were used): the bound grows with them. */
  readonly keptBytes?: number;
}

export interface Attack {
  readonly name: string;
  /** Arguments of `parley mock serve` after `--port 0`; `dir` is a fresh temporary directory. */
  args(dir: string): string[];
  /** Sets up (not measured) and returns the attack itself. */
  prepare(context: AttackContext): Promise<() => Promise<Outcome>>;
  /** Bytes the mock may keep once the attack is over, given its outcome. */
  keeps(outcome: Outcome): number;
  /** Bytes that may be in flight at once on top of that while the attack runs (bodies being read, answers being written). */
  readonly inFlight: number;
  /** Why those bounds, for the report and docs/mock-behaviour.md. */
  readonly why: string;
}

export const MB = 1e6;
export const MiB = 1024 * 1024;
/** Garbage V8 lets accumulate before a full collection; RSS counts it until then (docs/mock-behaviour.md, "Soak"). */
export const COLLECTION_HEADROOM = 192 * MB;
/** What a running server adds to its heap for new work besides what it keeps (compiled code, small caches). */
export const HELD_SLACK = 16 * MB;

/** The most the peak RSS may grow during `attack`. */
export const peakBound = (attack: Attack, outcome: Outcome): number => attack.keeps(outcome) + attack.inFlight + COLLECTION_HEADROOM;
/** The most heap + external memory after a full gc may grow over `attack`. */
export const heldBound = (attack: Attack, outcome: Outcome): number => attack.keeps(outcome) + HELD_SLACK;
