import type { RealtimeConnection } from './realtime/connection.js';
import type { SignatureSource } from './signatures/comparison.js';
import type { Exchange, Level, Section } from './types.js';
import type { Actor, World } from './world.js';
import type { Credential, Target } from './target.js';

/**
 * One conformance check, as data (DESIGN.md, "Conformance checks are data"). `id` is permanent:
 * a test pins the catalogue, so an id never silently changes meaning.
 */
export interface Check {
  readonly id: string;
  readonly section: Section;
  /** Where SPEC.md states the rule: `4.1 rule 4`, `7 row 3`, `2.1 MessageView.sequence`. */
  readonly specRef: string;
  readonly level: Level;
  readonly title: string;
  /** What the check needs from provisioning; a check whose needs are missing is skipped, with the reason. */
  readonly needs?: readonly Need[];
  /** Runs alone, after every other check: it changes what others rely on (it rotates A's refresh token). */
  readonly exclusive?: boolean;
  run(ctx: CheckContext): Promise<void>;
}

/**
 * `B`/`C`: the second and third actors; `attachment`: an uploaded file; `refresh`: a refresh token
 * of A; `realtime`: a graphql-ws server at the WebSocket URL that accepts A's token.
 */
export type Need = 'B' | 'C' | 'attachment' | 'refresh' | 'realtime';

/** What realtime checks get (only when the check `needs` `realtime`). */
export interface RealtimeContext {
  /** Opens an acknowledged graphql-ws connection as `actor`; it is closed when the check ends. */
  connect(actor: Actor): Promise<RealtimeConnection>;
  /** How long to wait for an event before acting again, or giving up. */
  readonly eventWaitMs: number;
  /** How long to listen for something that must not come (a replay, a leak). */
  readonly quietMs: number;
}

export interface CheckContext {
  readonly target: Target;
  readonly world: World;
  /** Sends one operation as `actor` (or with no token) and records the exchange as evidence. */
  graphql(query: string, variables?: Record<string, unknown>, as?: Credential | null): Promise<Exchange>;
  /** The realtime side of the server; present when the check needs `realtime`. */
  readonly realtime: RealtimeContext;
  /** The target's signatures compared with the contract, once per run (introspection, or `--schema`). */
  signatures(): Promise<SignatureSource>;
  /**
   * Registers a secret the check obtained (a token a mutation returned) under a marker name, so
   * every report shows `$TOKEN_A_REFRESHED` wherever it appears. A name is a stem of
   * `redaction/markers.ts` and a suffix (`TOKEN_A_REFRESHED`); `meaning` says what it is.
   */
  secret(value: string | null | undefined, variable: string, meaning?: string): void;
}

/**
 * The server broke a rule. Carries what the rule expected; the runner attaches every exchange of
 * the check as evidence. Anything else a check throws means the check could not run (exit 2).
 */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  constructor(
    readonly reason: string,
    readonly expected: string,
    /** What a schema comparison compared (signature checks), shown instead of an exchange. */
    readonly comparedWith?: string,
  ) {
    super(reason);
  }
}

/** The check cannot apply to this server (a needed actor or capability is missing); says why. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}
