import type { RealtimeConnection } from './realtime/connection.js';
import type { Delivery, RealtimeProbe } from './realtime/probe.js';
import type { SignatureSource } from './signatures/comparison.js';
import type { Exploration } from './model/explore.js';
import type { Exchange, HistoryEvidence, Level, Section } from './types.js';
import type { Actor, World } from './world.js';
import type { Credential, Target } from './target.js';

/**
 * One conformance check, as data. `id` is permanent:
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
  /**
   * This check finds the realtime connection (`events.websocket`): it runs whenever a check that
   * needs `realtime` runs, and those checks wait for it.
   */
  readonly provides?: 'realtime';
  run(ctx: CheckContext): Promise<void>;
}

/**
 * `B`/`C`: the second and third actors; `attachment`: an uploaded file; `refresh`: a refresh token
 * of A; `realtime`: the token form with which `events.websocket` got a graphql-ws connection.
 */
export type Need = 'B' | 'C' | 'attachment' | 'refresh' | 'realtime';

/** What realtime checks get (only when the check `needs` `realtime`). */
export interface RealtimeContext {
  /** Opens an acknowledged graphql-ws connection as `actor`; it is closed when the check ends. */
  connect(actor: Actor): Promise<RealtimeConnection>;
  /**
   * Opens a graphql-ws connection with `credential` where the token form found puts an access
   * token, whatever it holds (a refresh token, a forged one): null when the server refuses the
   * connection, which for anything but an access token is right. Closed when the check ends.
   */
  tryConnect(who: string, credential: Credential): Promise<RealtimeConnection | null>;
  /**
   * Tries every token form with A's token (the check that `provides` realtime only), asking each
   * acknowledged connection to `verify` that it delivers; the form found is the one
   * {@link connect} uses for every other check. Each attempt's frames are this check's evidence.
   */
  probe(verify: (connection: RealtimeConnection) => Promise<Delivery>): Promise<RealtimeProbe>;
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
  /** PUTs bytes to a URL the server handed out (an upload URL); resolves with the status. */
  put(url: string, bytes: Uint8Array, contentType: string): Promise<number>;
  /** How many requests the check has sent so far: the index in its evidence the next one gets. */
  sent(): number;
  /**
   * Drops the exchanges and frames recorded so far. A model check plays many histories and
   * keeps only the last one's evidence, which its steps index.
   */
  forgetEvidence(): void;
  /** What the run was told about the model checks' histories (`--seed`, `--runs`, `--replay`). */
  readonly exploration: Exploration;
  /** Attaches a model check's history to its result (see {@link HistoryEvidence}). */
  history(evidence: HistoryEvidence): void;
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

/**
 * Why a check did not run:
 * - `chosen`: the user's choice (`--only`, `--skip`, `--no-realtime`, a credentials file that
 *   leaves an actor or a refresh token out);
 * - `not-applicable`: the server differs where the spec is open, so the case does not exist on
 *   it (another check covers the rule);
 * - `blocked`: a check it depends on failed (that failure is the finding);
 * - `could-not-run`: anything else (an upload that does not work, introspection disabled): a MUST
 *   check skipped so ends the run with exit 2, since the suite never passes what it did not test.
 */
export type SkipKind = 'chosen' | 'not-applicable' | 'blocked' | 'could-not-run';

/** The check did not run; says why, in one sentence, and which kind of reason it is. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
  constructor(
    reason: string,
    readonly kind: SkipKind = 'could-not-run',
  ) {
    super(reason);
  }
}
