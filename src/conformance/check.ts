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
}

/** What a failure is said of, besides its reason: where the verdict came from. */
export interface FailureEvidence {
  /** What a schema comparison compared (signature checks), shown instead of an exchange. */
  readonly comparedWith?: string;
  /** The exchange the verdict was read from; the report shows it, not merely the check's last one. */
  readonly exchange?: Exchange;
  /** Which of the check's cases failed, in words: `the deleted anchor`, `C reads messagesSince`. */
  readonly case?: string;
}

/**
 * The server broke a rule. Carries what the rule expected and, where the check knows it, the
 * exchange the verdict came from and the case that failed; the runner attaches every exchange of
 * the check as evidence. Anything else a check throws means the check could not run (exit 2).
 */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  readonly comparedWith?: string;
  readonly exchange?: Exchange;
  readonly case?: string;
  constructor(
    readonly reason: string,
    readonly expected: string,
    evidence: FailureEvidence = {},
  ) {
    super(reason);
    if (evidence.comparedWith !== undefined) this.comparedWith = evidence.comparedWith;
    if (evidence.exchange !== undefined) this.exchange = evidence.exchange;
    if (evidence.case !== undefined) this.case = evidence.case;
  }

  /**
   * The same failure, said of case `label`. A case inside a case reads outer first
   * (`the forward walk (messagesSince), page 3`), since the outer loop is what the reader meets first.
   */
  inCase(label: string): CheckFailure {
    return new CheckFailure(this.reason, this.expected, { ...this.evidence(), case: this.case === undefined ? label : `${label}, ${this.case}` });
  }

  private evidence(): FailureEvidence {
    return { comparedWith: this.comparedWith, exchange: this.exchange, case: this.case };
  }
}

/** The check cannot apply to this server (a needed actor or capability is missing); says why. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}
