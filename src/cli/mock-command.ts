import { Command, InvalidArgumentError, Option } from 'commander';
import { MAX_LATENCY_MS, type LatencyRange } from '../mock-server/runtime/chaos/chaos-settings.js';
import type { ExecutionMode } from '../mock-server/engine/engine.js';
import { defaultLimits, limitFlags, type QueryLimits } from '../mock-server/engine/limits.js';
import { startMockServer } from '../mock-server/mock-server.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../mock-server/demo/logins.js';
import { FixturesError } from '../mock-server/user-fixtures/problems.js';
import { fixtureLogins, readFixturesFile, type FixturesFile } from './fixtures-file.js';
import type { MockState } from '../mock-server/state/mock-state.js';
import { normaliseOrigin } from '../mock-server/http/dev-origin.js';
import { isLoopbackHost } from '../mock-server/http/loopback.js';
import { allowedHostProblem, isAllowableHostName } from '../mock-server/http/host-allow-list.js';
import { messageRules } from '../mock-server/state/messages/messages.js';
import { defaultMaxUnusedUploadBytes, unusedUploadBytesFlag } from '../mock-server/state/files/unused-uploads.js';
import { DEFAULT_MAX_SANDBOXES, DEFAULT_SANDBOX_IDLE_TIMEOUT_MS } from '../mock-server/sandboxes/sandbox-registry.js';
import { MAX_RATE_PER_MINUTE } from '../mock-server/simulator/rules.js';
import { simulatorOf } from '../mock-server/simulator/index.js';
import { readSimulateArgument } from './scenario-file.js';
import { ControllableClock } from '../mock-server/state/clock.js';

function integer(name: string, min: number, max: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return parsed;
  };
}

/** `--latency 200-800` (a range) or `--latency 300` (always the same), in milliseconds. */
function latencyRange(value: string): LatencyRange {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  const minMs = Number(match?.[1]);
  const maxMs = match?.[2] === undefined ? minMs : Number(match[2]);
  if (!match || maxMs < minMs || maxMs > MAX_LATENCY_MS) {
    throw new InvalidArgumentError(`--latency must be MIN-MAX or MS in whole milliseconds from 0 to ${MAX_LATENCY_MS}, MIN not above MAX (e.g. 200-800).`);
  }
  return { minMs, maxMs };
}

/**
 * What `parley mock serve` prints on stderr when `--host` reaches beyond this machine (0.0.0.0,
 * a LAN address, a name): the routes the network can now reach, and whether `/dev` is among them.
 * Null on a loopback host, where nothing is exposed.
 */
function exposureWarning(host: string, devRoutes: boolean): string | null {
  if (isLoopbackHost(host)) return null;
  const open = 'anyone who can reach this machine can call /graphql (and log in with any account it knows, the demo logins included), /uploads and /files';
  const dev = devRoutes
    ? '/dev is on too (--dev-routes): it reads the whole state, live tokens and password hashes included, and replaces it'
    : '/dev (the whole state, its tokens and password hashes) stays off here unless you pass --dev-routes';
  return `parley mock: warning: listening on ${host}, not only on this machine: ${open}; ${dev}.`;
}

/** A repeatable option: every value given, in order. */
const collect = (value: string, previous: readonly string[]): string[] => [...previous, value];

/** `--allowed-host`: a name a request's Host header can carry, refused at start otherwise. */
function allowedHost(value: string, previous: readonly string[]): string[] {
  if (!isAllowableHostName(value)) throw new InvalidArgumentError(allowedHostProblem(value));
  return [...previous, value];
}

/** `--cors-origin`: an http(s) origin, normalised as browsers send it. */
function corsOrigin(value: string, previous: readonly string[]): string[] {
  try {
    return [...previous, normaliseOrigin(value)];
  } catch {
    throw new InvalidArgumentError(`--cors-origin must be an http(s) origin such as http://localhost:5173, not ${value}.`);
  }
}

const limitHelp: Record<keyof QueryLimits, string> = {
  maxBodyBytes: 'largest request body in bytes (413 above it)',
  maxTokens: 'most tokens in a GraphQL document',
  maxNesting: 'deepest bracket nesting of a document or of the variables (checked before parsing)',
  maxDepth: 'deepest field nesting of an operation (introspection exempt)',
  maxAliases: 'most aliases in an operation',
  maxDirectives: 'most directives in an operation',
  maxCost: 'highest cost of an operation (objects 2, scalars 1, x1.5 per level)',
  maxResponseBytes: 'largest answer of an operation or subscription event, in bytes of JSON (RESPONSE_TOO_LARGE above it)',
};

interface ServeOptions extends Partial<QueryLimits> {
  port?: number;
  host: string;
  seed: number;
  empty: boolean;
  cors: boolean;
  corsOrigin: string[];
  allowedHost: string[];
  /** Undefined unless --dev-routes or --no-dev-routes is given: then the host decides. */
  devRoutes?: boolean;
  requireVerification: boolean;
  execution: ExecutionMode;
  random: boolean;
  latency?: LatencyRange;
  fixtures?: string;
  persist?: string;
  maxUnusedUploadBytes?: number;
  maxMessageLength?: number;
  sandboxIdleTimeout?: number;
  maxSandboxes?: number;
  /** `--simulate` alone is true (the default scenario); with a value, a built-in's name or a file. */
  simulate?: string | true;
  simulateSeed?: number;
  simulateRate?: number;
  clock: 'system' | 'controllable';
}

/** The lines after the first: where GraphiQL is and, with demo data, who can log in. */
function startupNotes(url: string, empty: boolean, fixtures: FixturesFile | null): string {
  const lines = [`GraphiQL: open ${url} in a browser (queries, mutations, subscriptions; offline)`];
  if (fixtures) {
    lines.push(fixtureLogins(fixtures));
  } else if (!empty) {
    const logins = DEMO_USERS.map((user) => `${user.username}@acme.test (${user.role.toLowerCase()})`).join(', ');
    lines.push(`demo logins: ${logins}; password ${DEMO_PASSWORD}`);
  }
  return lines.join('\n');
}

/** `parley mock serve`: the reference mock on one port. */
export function mockCommand(): Command {
  const mock = new Command('mock').description('the reference mock server');
  const serve = mock
    .command('serve')
    .description('serve the mock: GraphQL at /graphql, readiness at /ready')
    .option('--port <port>', 'port to listen on (0 picks a free one); default $PORT or 4000', integer('--port', 0, 65535))
    .option('--host <host>', 'interface to bind; one that is not loopback (0.0.0.0) puts the mock on the network: a warning, and /dev off unless --dev-routes', '127.0.0.1')
    .option('--seed <seed>', 'seed of the demo data (or of the random values with --random): the same seed gives the same data', integer('--seed', 0, 2 ** 31 - 1), 1)
    .option('--empty', 'start with no data instead of the demo workspace', false)
    .option('--allowed-host <name>', 'also answer requests whose Host is this name (repeatable; .example.test allows its subdomains too); localhost, *.localhost, IP addresses and --host always are, any other Host gets 403 (DNS rebinding)', allowedHost, [])
    .option('--no-cors', 'refuse cross-origin browser requests to /graphql, /uploads and /files (open to every origin by default)')
    .option('--cors-origin <origin>', 'let this web origin (e.g. http://localhost:5173) call /dev from a page (repeatable); /dev answers no other origin than its own by default', corsOrigin, [])
    // Both forms, so that neither sets a default: the host decides when none is given.
    .option('--dev-routes', 'serve /dev even when --host is not a loopback address (it is served on 127.0.0.1 and localhost by default)')
    .option('--no-dev-routes', 'do not serve /dev (dev controls: reset, snapshots, fixtures, request journal, chaos, outbox)')
    .option('--require-verification', 'login refuses accounts whose email is not verified', false)
    .option('--latency <ms>', 'wait MIN-MAX milliseconds (e.g. 200-800) before answering every query and mutation over HTTP (chaos; change it at /dev/chaos)', latencyRange)
    .addOption(
      new Option('--fixtures <file>', 'serve the users, workspaces, channels and messages of a fixtures file (docs/fixtures-format.md) instead of the demo data')
        .conflicts(['empty', 'random']),
    )
    .option('--random', 'schema-only random mode: every operation answers schema-valid random data (no state), the same for the same --seed and request', false)
    .addOption(
      new Option('--persist <file>', 'keep the state in this JSON file: loaded at start when it exists, written (atomically, mode 0600: it holds tokens and password hashes) after changes; FILE.lock keeps a second mock off it')
        .conflicts('random'),
    )
    .addOption(
      new Option('--clock <kind>', 'system: real time; controllable: real time plus an offset that POST /dev/clock moves forward (firing the timers it passes)')
        .choices(['system', 'controllable'])
        .default('system'),
    )
    .addOption(
      new Option('--execution <mode>', 'adaptive: graphql-jit from a document\'s second use; compiled; interpreted (graphql-js)')
        .choices(['adaptive', 'compiled', 'interpreted'])
        .default('adaptive'),
    );
  for (const [limit, flag] of Object.entries(limitFlags) as [keyof QueryLimits, string][]) {
    serve.option(`${flag} <n>`, `${limitHelp[limit]} (default ${defaultLimits[limit]})`, integer(flag, 1, 2 ** 31 - 1));
  }
  serve.option(
    `${unusedUploadBytesFlag} <n>`,
    `most bytes one user may hold in uploads not used yet, PUTs under way included (default ${defaultMaxUnusedUploadBytes}); an upload not used by its expiry is dropped`,
    integer(unusedUploadBytesFlag, 1, Number.MAX_SAFE_INTEGER),
  );
  serve.option(
    '--max-message-length <n>',
    `most characters of a message's content, on sendMessage and editMessage (default ${messageRules.contentMax}); BAD_USER_INPUT above it`,
    integer('--max-message-length', 1, 2 ** 31 - 1),
  );
  serve.option(
    '--sandbox-idle-timeout <seconds>',
    `drop a sandbox (POST /sandboxes) after this many seconds with no request and no open socket (default ${DEFAULT_SANDBOX_IDLE_TIMEOUT_MS / 1000})`,
    integer('--sandbox-idle-timeout', 1, 2_000_000),
  );
  serve.option(
    '--max-sandboxes <n>',
    `most sandboxes at once (default ${DEFAULT_MAX_SANDBOXES}); POST /sandboxes past it answers 429 QUOTA_EXCEEDED`,
    integer('--max-sandboxes', 1, 10_000),
  );
  serve.option('--simulate [scenario]', 'start the simulator once listening (docs/simulator.md): a built-in scenario (quiet-team, the default; busy-channel, burst, long-typing, member-removed, reconnect-storm) or a scenario file (./my-team.json); stop or change it at /dev/simulator');
  serve.option('--simulate-seed <n>', "seed of the simulator's choices (default the scenario's): the same seed gives the same activity", integer('--simulate-seed', 0, 2 ** 31 - 1));
  serve.option('--simulate-rate <perMinute>', `the simulator's random actions a minute, 0 to ${MAX_RATE_PER_MINUTE} (default the scenario's)`, integer('--simulate-rate', 0, MAX_RATE_PER_MINUTE));
  serve.action(async (options: ServeOptions) => {
    const port = options.port ?? (process.env['PORT'] ? integer('$PORT', 0, 65535)(process.env['PORT']) : 4000);
    const limits = Object.fromEntries(
      (Object.keys(limitFlags) as (keyof QueryLimits)[]).filter((limit) => options[limit] !== undefined).map((limit) => [limit, options[limit]]),
    ) as Partial<QueryLimits>;
    const fixtures = options.fixtures === undefined ? null : await readFixturesFile(options.fixtures);
    const simulate = options.simulate === undefined ? null : await readSimulateArgument(options.simulate === true ? 'quiet-team' : options.simulate);
    // On the network, /dev (the whole state, tokens and hashes included) is off unless asked for.
    const devRoutes = options.devRoutes ?? isLoopbackHost(options.host);
    const server = await startMockServer({
      port,
      host: options.host,
      seed: options.seed,
      empty: options.empty,
      cors: options.cors,
      corsOrigins: options.corsOrigin,
      allowedHosts: options.allowedHost,
      devRoutes,
      requireVerification: options.requireVerification,
      execution: options.execution,
      limits,
      maxUnusedUploadBytes: options.maxUnusedUploadBytes,
      maxMessageLength: options.maxMessageLength,
      ...(options.sandboxIdleTimeout === undefined ? {} : { sandboxIdleTimeoutMs: options.sandboxIdleTimeout * 1000 }),
      maxSandboxes: options.maxSandboxes,
      ...(options.clock === 'controllable' ? { clock: new ControllableClock() } : {}),
      random: options.random,
      persist: options.persist,
      ...(simulate ? { simulate: { scenario: simulate.scenario, seed: options.simulateSeed, ratePerMinute: options.simulateRate } } : {}),
      ...(options.latency ? { chaos: { latency: options.latency } } : {}),
      // Any JSON value: the loader says what is wrong with one that is no fixtures object.
      ...(fixtures ? { fixtures: fixtures.doc as Record<string, unknown> } : {}),
    }).catch((error: unknown) => {
      // Every problem of the file, each with its path, in one message; main.ts prints it and exits 2.
      if (fixtures && error instanceof FixturesError) throw new Error(`${fixtures.path}: ${error.message}`);
      throw error;
    });
    const stop = () => {
      void server.close().then(() => process.exit(0));
    };
    // A mail the mock would have sent, one line each (also at /dev/outbox).
    const printMail = (state: MockState) =>
      state.outbox.onMail((mail) => console.log(`parley mail to ${mail.to}: ${mail.subject}${mail.token === null ? '' : ` (token ${mail.token})`}`));
    let stopPrinting = printMail(server.state);
    // A reset or restore (/dev) brings another state: its mails are printed too.
    server.runtime.onStateReplaced((state) => {
      stopPrinting();
      stopPrinting = printMail(state);
    });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const warning = exposureWarning(options.host, devRoutes);
    if (warning) console.error(warning);
    // Printed last: whoever waits for this line may signal us at once.
    console.log(`parley mock listening on ${server.url}`);
    if (options.persist) console.log(`parley mock: state kept in ${options.persist} (written after every change)`);
    if (options.random) console.log(`parley mock: random mode, seed ${options.seed}: schema-valid random answers, no state (same request, same answer)`);
    console.log(startupNotes(server.url, options.empty || options.random, fixtures));
    if (devRoutes) console.log(`dev console: open ${server.origin}/dev in a browser (state, act as anyone, live requests, chaos, clock, snapshots, simulator); the same routes as JSON for scripts`);
    if (simulate) {
      const status = simulatorOf(server.runtime).status();
      console.log(`parley mock: simulating ${status.scenario} (seed ${status.seed}, ${status.ratePerMinute} actions a minute) as ${status.actors.join(', ')}; ${devRoutes ? `stop or change it at ${server.origin}/dev/simulator` : 'it runs until the mock stops'}`);
    }
    if (options.latency) console.log(`parley mock: chaos latency ${options.latency.minMs}-${options.latency.maxMs} ms on every query and mutation over HTTP`);
  });
  return mock;
}
