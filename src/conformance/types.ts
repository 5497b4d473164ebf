/**
 * The vocabulary of the conformance suite: checks, their evidence and their results. Reporters
 * are pure functions of {@link RunReport}; the runner produces it; checks only see a
 * {@link CheckContext}.
 */

import type { SkipKind } from './check.js';
import type { Frame } from './realtime/frames.js';

export type { SkipKind } from './check.js';

export type { Frame } from './realtime/frames.js';

/** `MUST`: SPEC.md states the rule; a failure fails the run. `SHOULD`: a sound expectation the spec leaves open; a failure warns. */
export type Level = 'MUST' | 'SHOULD';

/** The spec section a check belongs to; reporters group by it. */
export type Section = '2.1' | '2.2' | '2.3' | '2.4' | '4.1' | '4.2' | '4.3' | '4.4' | '5' | '6' | '7' | '8' | 'cross' | 'http';

export const sectionTitles: Record<Section, string> = {
  '2.1': '2.1 Message resources',
  '2.2': '2.2 Other types',
  '2.3': '2.3 Input types',
  '2.4': '2.4 Enumerations',
  '4.1': '4.1 Query messages',
  '4.2': '4.2 Query messagesSince',
  '4.3': '4.3 Queries (signatures)',
  '4.4': '4.4 Mutations (signatures)',
  '5': '5 Authentication',
  '6': '6 Events',
  '7': '7 Errors',
  '8': '8 Limits',
  cross: 'Cross-checks (both queries together)',
  http: 'GraphQL over HTTP (graphql-http audits)',
};

/** One HTTP exchange with the server under test: what was sent and what came back. */
export interface Exchange {
  readonly request: {
    readonly method: 'POST' | 'GET' | 'PUT';
    readonly url: string;
    /** Headers as sent, except that every secret shows as its marker: `Bearer $TOKEN_A` (the actor's variable). */
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
  };
  readonly response: {
    readonly status: number;
    readonly contentType: string | null;
    /** The body as text, as received, with secrets replaced by their markers (cut at 64 KiB in the JSON report). */
    readonly body: string;
    /** Whether the body was JSON with a `data` member that is not null. */
    readonly dataPresent: boolean;
    /** The error codes read at the configured code path (default `extensions.code`), one per error. */
    readonly errorCodes: readonly (string | null)[];
    /** The `path` of each error, when it had one. */
    readonly errorPaths: readonly (readonly (string | number)[] | null)[];
  };
  readonly durationMs: number;
}

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  readonly id: string;
  readonly section: Section;
  readonly specRef: string;
  readonly level: Level;
  readonly title: string;
  readonly outcome: Outcome;
  /** Why it failed or was skipped; absent when it passed. */
  readonly reason?: string;
  /** For a skipped check: whose doing the skip was (see {@link SkipKind}). */
  readonly skip?: SkipKind;
  /** What the rule expected, in one sentence (failures only). */
  readonly expected?: string;
  /** Which of the check's cases failed, in words (`the deleted anchor`); absent when the check has no cases or did not say. */
  readonly case?: string;
  /** Every exchange the check made, in the order they were sent (a request left unanswered when the check ended is not in it). */
  readonly exchanges: readonly Exchange[];
  /**
   * The index in `exchanges` of the exchange the failure was read from. Absent when the failure
   * names none (a verdict over a whole walk, a WebSocket event): reporters then show the last
   * exchange, and say it is only the last.
   */
  readonly failedExchange?: number;
  /** What a check that compares schemas compared (a signature check): `the introspection of URL`, or a file. */
  readonly comparedWith?: string;
  /** WebSocket frames of a realtime check, in order (absent for checks that open no socket). */
  readonly frames?: readonly Frame[];
  /**
   * A model check's history (the `model.*` checks): for a failure, the shortest history that still
   * fails, step by step, with the seed and a command that replays it; for a pass, how many
   * histories were played. `exchanges` and `frames` above are then the last play's only.
   */
  readonly history?: HistoryEvidence;
  readonly durationMs: number;
}

/** What a model check played (see `src/conformance/model/`). */
export interface HistoryEvidence {
  /** The check whose histories these are (`model.messages`). */
  readonly check: string;
  /** fast-check's seed: the same seed draws the same histories (`--seed`). */
  readonly seed: number;
  /** Histories played before the verdict (a pass: all of them). */
  readonly runs: number;
  /** For a failure: how many steps the first failing history had before shrinking. */
  readonly shrunkFrom?: number;
  /** Shell lines that replay it: the seed's, and the saved history's (`--replay FILE`). */
  readonly replay: readonly string[];
  /** The history as data, as `--replay FILE` reads it (a failure only). */
  readonly commands?: readonly unknown[];
  /** The steps of the failing history in order, numbered from 1 (a failure only). */
  readonly steps: readonly HistoryStep[];
}

/** One step of a played history. */
export interface HistoryStep {
  /** From 1. */
  readonly n: number;
  /** What the step did, in words: `B sends "é" to X`, `A reads messages(X, first: 2, before: the cursor of step 4)`. */
  readonly action: string;
  /** Indexes into the result's `exchanges` of the requests this step sent, in order. */
  readonly exchanges: readonly number[];
  /** Indexes into the result's `frames` of the WebSocket frames this step saw. */
  readonly frames?: readonly number[];
  /** In the JSON report: the curl line of each of the step's exchanges, in order. */
  readonly curl?: readonly string[];
  /** Set on the step whose answer broke a rule: which rule, and how. */
  readonly broke?: { readonly rule: string; readonly specRef: string; readonly reason: string; readonly expected: string };
}

/**
 * An actor of the run as the report names it: who it is on the server, where its account came
 * from, and how to set the shell variables its curl lines use.
 */
export interface ReportActor {
  readonly name: 'A' | 'B' | 'C';
  /** The user id the server gave it. */
  readonly id: string;
  /**
   * `registered`: an account this run registered, a throwaway: its email and password are
   * printed (the one exception to password redaction). `credentials`: entry `index` of the
   * credentials file `file` (absent when the run was not told its name), never printed.
   */
  readonly account: { readonly kind: 'registered'; readonly email: string; readonly password: string } | { readonly kind: 'credentials'; readonly file?: string; readonly index: number };
  /**
   * For each of its variables (`TOKEN_A`, and `REFRESH_TOKEN_A` when it has a refresh token), a
   * shell line that sets it: a login with curl for a registered actor, `parley conformance token`
   * for a credentials entry.
   */
  readonly obtain: Readonly<Record<string, string>>;
}

export interface RunReport {
  readonly baseUrl: string;
  readonly graphqlUrl: string;
  /** Where the realtime checks connected (or tried to). */
  readonly wsUrl: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Notes about the run as a whole (skipped groups, provisioning choices), one sentence each. */
  readonly notes: readonly string[];
  /** The accounts the suite acted as (absent from `parley schema check` reports, which talk to no server). */
  readonly actors?: readonly ReportActor[];
  /**
   * Every marker that stands for a secret in this report (`$TOKEN_A`, `$ACCESS_TOKEN_1`) and what
   * it is. Tokens, refresh tokens and passwords never appear in a report: see
   * `src/conformance/redaction/`.
   */
  readonly redactions?: readonly { readonly marker: string; readonly meaning: string }[];
  readonly results: readonly CheckResult[];
  /** The skipped checks grouped by cause, one sentence each, in the order first met. */
  readonly skips: readonly SkipCause[];
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly mustFailed: number;
    readonly shouldFailed: number;
    /** MUST checks skipped for a reason the user did not choose (`could-not-run`): the run exits 2. */
    readonly mustNotRun: number;
  };
}

/** Checks skipped for one reason. */
export interface SkipCause {
  readonly kind: SkipKind;
  /** One sentence: the reason the checks were skipped. */
  readonly cause: string;
  /** The ids of the checks skipped for it, in report order. */
  readonly checks: readonly string[];
  /** How many of them are MUST checks. */
  readonly must: number;
}
