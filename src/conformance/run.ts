import { CheckFailure, CheckSkipped, type Check, type CheckContext } from './check.js';
import { failedWith } from './failure.js';
import { runHttpAudits } from './http-audits.js';
import { selectRun } from './select.js';
import { provision, ProvisioningFailed, type CredentialsFile } from './provision.js';
import { sendRespectingRateLimits } from './rate-limit.js';
import { unmetNeed } from './needs.js';
import type { RealtimeConnection } from './realtime/connection.js';
import { FrameLog } from './realtime/frames.js';
import { realtimeFinding, realtimeFor, type RealtimeFinding } from './realtime/realtime-context.js';
import { catalogue } from './catalogue.js';
import { isSignatureCheck } from './signatures/checks.js';
// The signature modules load graphql and graphql-inspector: imported when a run uses them.
import type { Comparison, SignatureSource } from './signatures/comparison.js';
import { skipCauses, summarize } from './summary.js';
import { Target, TargetUnreachable } from './target.js';
import type { CheckResult, Exchange, HistoryEvidence, RunReport } from './types.js';
import type { Command } from './model/commands.js';
import type { Exploration } from './model/explore.js';
import type { World } from './world.js';
import { isMarkerName } from './redaction/markers.js';
import { redactReport } from './redaction/redact-report.js';
import { runSecrets } from './redaction/run-secrets.js';
import type { Secret } from './redaction/secrets.js';
import { reportActors } from './report-actors.js';

export type { CredentialsFile } from './provision.js';
export { selectChecks } from './select.js';

/** Runs `items` with at most `limit` in flight, keeping their order in the results. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** A seed for fast-check: a 31-bit integer, as its own seeds are. */
function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** The run could not happen (bad usage, unreachable server, provisioning failed): exit 2. One sentence. */
export class ConformanceAbort extends Error {
  override readonly name = 'ConformanceAbort';
}

export interface ConformanceOptions {
  /** The server's base URL; GraphQL is at `${baseUrl}/graphql` (a path prefix is kept). */
  readonly baseUrl: string;
  /** WebSocket URL for realtime checks. @default the GraphQL URL with ws/wss */
  readonly wsUrl?: string;
  /** Accounts for servers that cannot self-register. @default three fresh registrations */
  readonly credentials?: CredentialsFile;
  /** Run only checks whose id matches one of these patterns (`*` matches anything). */
  readonly only?: readonly string[];
  /** Leave out checks whose id matches one of these patterns. */
  readonly skip?: readonly string[];
  /**
   * False leaves out the checks that need a WebSocket (`--no-realtime`): section 6's events.
   * They are reported as skipped by the user's choice. @default true
   */
  readonly realtime?: boolean;
  /** Per-request timeout in ms. @default 10000 */
  readonly timeoutMs?: number;
  /** Checks in flight at once. @default 8 */
  readonly concurrency?: number;
  /** Where each error's code is read. @default 'extensions.code' */
  readonly errorCodePath?: string;
  /** Also run graphql-http's GraphQL-over-HTTP audits, reported at SHOULD level. @default false */
  readonly httpAudit?: boolean;
  /**
   * The server's schema, when introspection is disabled on it: SDL or an introspection result
   * (JSON), and where it came from (a file name). @default the target is introspected
   */
  readonly schema?: { readonly text: string; readonly source: string };
  /**
   * Called as each check finishes, for progress output. The result is as the check ended, before
   * redaction: it may hold tokens. The report holds the redacted one.
   */
  readonly onResult?: (result: CheckResult, done: number, total: number) => void;
  /**
   * The name of the credentials file, as one-liners should write it (`--credentials creds.json`
   * in `parley conformance token`). Never read. @default `"$CREDENTIALS_FILE"` in one-liners
   */
  readonly credentialsFile?: string;
  /**
   * Called at the end of the run with each secret the report hides (actors' tokens and passwords,
   * tokens the checks obtained, secret fields' values), before the report is returned: to mask
   * them in CI logs (GitHub Actions: `::add-mask::`), or to prove none is left.
   */
  readonly onSecret?: (secret: Secret) => void;
  /**
   * The seed of the model checks' generated histories: the same seed draws the same histories.
   * @default a random one, printed in the report
   */
  readonly seed?: number;
  /** Histories each model check plays. @default 30 */
  readonly runs?: number;
  /**
   * Saved histories to play instead of drawing new ones (`--replay FILE`), by model check id:
   * what a failure's `history.commands` holds in the JSON report.
   */
  readonly replay?: ReadonlyMap<string, readonly Command[]>;
  /**
   * How long a model check may spend shrinking a failing history (replaying shorter ones); then
   * it reports the shortest found so far. @default 60000
   */
  readonly shrinkMs?: number;
}

/** What every check of a run shares. */
interface RunScope {
  readonly target: Target;
  readonly world: World;
  readonly wsUrl: string;
  readonly realtime: RealtimeFinding;
  /** The credentials file, when the accounts came from one (a missing actor is then the user's choice). */
  readonly credentials: CredentialsFile | undefined;
  readonly timeoutMs: number;
  /** The target's signatures compared with the contract; introspects on the first call. */
  readonly signatures: () => Promise<SignatureSource>;
  /** Whether `signatures` was called. */
  readonly signaturesAsked: () => boolean;
  /** Secrets the checks obtained (`ctx.secret`), redacted at the end of the run. */
  readonly learned: Secret[];
  readonly exploration: Exploration;
}

/** Once per run: the `--schema` comparison, or the target's introspection on first use. */
function signatureSource(target: Target, world: World, given: Comparison | null): Pick<RunScope, 'signatures' | 'signaturesAsked'> {
  let source: Promise<SignatureSource> | undefined;
  return {
    signatures: () => (source ??= given ? Promise.resolve({ available: true, comparison: given }) : import('./signatures/introspect.js').then(({ introspectTarget }) => introspectTarget(target, world.a))),
    signaturesAsked: () => source !== undefined,
  };
}

/** One note when the signature checks were skipped, else the additions the spec leaves open. */
async function signatureNotes(scope: RunScope, checks: readonly Check[]): Promise<string[]> {
  if (!scope.signaturesAsked() || !checks.some(isSignatureCheck)) return [];
  const source = await scope.signatures();
  if (!source.available) return [`signature checks skipped: ${source.reason}`];
  const { additionNotes } = await import('./signatures/comparison.js');
  return additionNotes(source.comparison);
}

async function runCheck(check: Check, scope: RunScope): Promise<CheckResult> {
  const { target, world } = scope;
  // In the order sent, so that `exchange 2 of 3` is the check's second request even when its
  // third came back first; a request still unanswered when the check ends has no slot filled.
  const sent: (Exchange | undefined)[] = [];
  const exchanges = (): Exchange[] => sent.filter((exchange) => exchange !== undefined);
  const log = new FrameLog();
  const sockets: RealtimeConnection[] = [];
  let history: HistoryEvidence | undefined;
  const started = performance.now();
  const base = { id: check.id, section: check.section, specRef: check.specRef, level: check.level, title: check.title };
  const unmet = await unmetNeed(check, scope);
  if (unmet) return { ...base, outcome: 'skipped', reason: unmet.reason, skip: unmet.kind, exchanges: [], durationMs: 0 };
  const ctx: CheckContext = {
    target,
    world,
    graphql: async (query, variables, as = world.a) => {
      const slot = sent.push(undefined) - 1;
      // Rate limits are open in the spec (section 8, gaps): a limited request waits and goes again.
      const exchange = await sendRespectingRateLimits(target, query, variables, as);
      sent[slot] = exchange;
      return exchange;
    },
    realtime: realtimeFor(scope, log, sockets),
    signatures: scope.signatures,
    secret: (value, variable, meaning = `a secret ${check.id} obtained`) => {
      if (!isMarkerName(variable)) throw new Error(`${check.id}: ${variable} is not a marker name (see src/conformance/redaction/markers.ts)`);
      if (typeof value === 'string' && value !== '') scope.learned.push({ value, variable, meaning });
    },
    put: (url, bytes, contentType) => target.put(url, bytes, contentType),
    sent: () => sent.length,
    forgetEvidence: () => {
      sent.length = 0;
      log.frames.length = 0;
    },
    exploration: scope.exploration,
    history: (evidence) => {
      history = evidence;
    },
  };
  const evidence = () => ({ exchanges: exchanges(), ...(log.frames.length > 0 ? { frames: log.frames } : {}), ...(history ? { history } : {}) });
  try {
    await check.run(ctx);
    return { ...base, outcome: 'passed', ...evidence(), durationMs: performance.now() - started };
  } catch (error) {
    const durationMs = performance.now() - started;
    if (error instanceof CheckFailure) {
      const shown = evidence();
      return { ...base, ...failedWith(error, shown.exchanges), ...shown, durationMs };
    }
    if (error instanceof CheckSkipped) return { ...base, outcome: 'skipped', reason: error.message, skip: error.kind, ...evidence(), durationMs };
    if (error instanceof TargetUnreachable) throw new ConformanceAbort(error.message);
    throw new ConformanceAbort(`check ${check.id} could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    // The realtime checks wait for the probe; if its check ended without probing, they learn why.
    if (check.provides === 'realtime' && !scope.realtime.settled()) {
      scope.realtime.settle({ available: false, reason: 'events.websocket ended before it could connect', attempts: [] });
    }
  }
}

/** The WebSocket URL: as given, or the GraphQL URL with ws/wss. */
function webSocketUrl(given: string | undefined, graphqlUrl: string): string {
  if (given === undefined) return graphqlUrl.replace(/^http/, 'ws');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConformanceAbort(`--ws-url ${JSON.stringify(given)} is not a URL`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new ConformanceAbort(`--ws-url must be ws or wss, not ${url.protocol}`);
  return given;
}

/**
 * Makes sure a GraphQL server answers at all before provisioning starts: any GraphQL response
 * (data or errors) will do, since the spec names neither the root type nor whether this query
 * needs a token. HTML, invalid JSON or silence end the run with one sentence.
 */
async function preflight(target: Target): Promise<void> {
  const exchange = await target.graphql('query ParleyPreflight { __typename }', undefined, null);
  let body: unknown;
  try {
    body = JSON.parse(exchange.response.body);
  } catch {
    body = undefined;
  }
  const graphqlResponse = body !== null && typeof body === 'object' && ('data' in body || Array.isArray((body as { errors?: unknown }).errors));
  if (!graphqlResponse) {
    const { status, contentType, body: text } = exchange.response;
    throw new ConformanceAbort(`${target.graphqlUrl} did not answer a GraphQL request: HTTP ${status}, ${contentType ?? 'no content type'}, ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/**
 * Runs the conformance suite against a server over the network and returns the report.
 * Throws {@link ConformanceAbort} when the run cannot happen at all.
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:4000' });
 * expect(report.summary.mustFailed).toBe(0);
 */
export async function runConformance(options: ConformanceOptions): Promise<RunReport> {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new ConformanceAbort(`--base-url ${JSON.stringify(options.baseUrl)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConformanceAbort(`--base-url must be http or https, not ${url.protocol}`);
  const startedAt = new Date();
  const started = performance.now();
  const target = new Target({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, errorCodePath: options.errorCodePath });
  const wsUrl = webSocketUrl(options.wsUrl, target.graphqlUrl);
  const notes: string[] = [];
  let given: Comparison | null = null;
  if (options.schema) {
    const [{ compareSchemaText }, { SchemaUnreadable }] = await Promise.all([import('./signatures/comparison.js'), import('./signatures/schema-source.js')]);
    try {
      given = await compareSchemaText(options.schema.text, options.schema.source);
    } catch (error) {
      if (error instanceof SchemaUnreadable) throw new ConformanceAbort(error.message);
      throw error;
    }
  }
  let world: World;
  try {
    await preflight(target);
    world = await provision(target, options.credentials, notes);
  } catch (error) {
    if (error instanceof ProvisioningFailed || error instanceof TargetUnreachable) throw new ConformanceAbort(error.message);
    throw error;
  }

  const selection = selectRun({ only: options.only, skip: options.skip, realtime: options.realtime !== false });
  const checks = selection.run;
  notes.push(...selection.added.map(({ reason }) => `${reason}.`));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const realtime = realtimeFinding();
  const exploration: Exploration = { seed: options.seed ?? randomSeed(), ...(options.runs !== undefined ? { runs: options.runs } : {}), ...(options.replay ? { replay: options.replay } : {}), ...(options.shrinkMs !== undefined ? { shrinkMs: options.shrinkMs } : {}) };
  const scope: RunScope = { target, world, wsUrl, realtime, credentials: options.credentials, timeoutMs, learned: [], exploration, ...signatureSource(target, world, given) };
  // Introspecting and comparing costs CPU, not waiting: started now, it overlaps the other checks' round trips.
  if (checks.some(isSignatureCheck)) scope.signatures().catch(() => undefined);
  const total = checks.length;
  let done = 0;
  const report = (result: CheckResult) => {
    options.onResult?.(result, ++done, total);
    return result;
  };
  const concurrent = checks.filter((check) => !check.exclusive);
  const exclusive = checks.filter((check) => check.exclusive);
  const left: CheckResult[] = selection.left.map(({ check, reason }) => ({
    id: check.id, section: check.section, specRef: check.specRef, level: check.level, title: check.title,
    outcome: 'skipped', reason, skip: 'chosen', exchanges: [], durationMs: 0,
  }));
  const results = [
    ...(await pool(concurrent, options.concurrency ?? 8, async (check) => report(await runCheck(check, scope)))),
    ...(await pool(exclusive, 1, async (check) => report(await runCheck(check, scope)))),
    ...left,
  ];
  const probe = realtime.settled();
  if (probe?.available) notes.push(`realtime: connected to ${wsUrl} with ${probe.form.name}${probe.verified ? '' : ' (acknowledged, but no event arrived with any form)'}`);
  if (options.httpAudit) results.push(...(await runHttpAudits(target)));
  const order = new Map(catalogue.map((check, index) => [check.id, index]));
  results.sort((x, y) => (order.get(x.id) ?? Infinity) - (order.get(y.id) ?? Infinity));

  notes.push(...(await signatureNotes(scope, checks)));
  const finished: RunReport = {
    baseUrl: target.baseUrl,
    graphqlUrl: target.graphqlUrl,
    wsUrl,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    notes,
    results,
    skips: skipCauses(results),
    summary: summarize(results),
  };
  // Reports are CI artifacts: redacted here, once, so no reporter or library user sees a secret.
  const secrets = runSecrets(world, scope.learned, options.credentialsFile, options.onSecret);
  const redacted = redactReport(finished, secrets);
  return { ...redacted, actors: reportActors(world, target, options.credentialsFile), redactions: secrets.redactions };
}
