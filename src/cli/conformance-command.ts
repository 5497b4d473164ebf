import { Command, InvalidArgumentError, Option } from 'commander';
// The checks, the runner and the reporters (graphql-request, junit-report-builder, ...) are
// imported by the actions themselves, so `parley mock serve` does not pay for them at start-up.
import type { ConformanceOptions } from '../conformance/run.js';
import type { FailOn } from '../conformance/reporters/index.js';
import { reporterNames, type ReporterName } from '../conformance/reporters/names.js';
import { readCredentials, UsageError } from './credentials-file.js';
import { colorAllowed, couldNotRunLines, exitCodeOf, readSchemaFile, write, writeReport } from './report-output.js';

interface RunFlags {
  baseUrl: string;
  wsUrl?: string;
  reporter: ReporterName;
  output?: string;
  credentials?: string;
  schema?: string;
  only?: string[];
  skip?: string[];
  timeout?: number;
  concurrency?: number;
  errorCodePath?: string;
  failOn: FailOn;
  httpAudit: boolean;
  realtime: boolean;
  color: boolean;
  seed?: number;
  runs?: number;
  replay?: string;
}

function integer(flag: string, min: number, max: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new InvalidArgumentError(`${flag} must be a whole number from ${min} to ${max}.`);
    return parsed;
  };
}

function url(flag: string, protocols: readonly string[], kind: string, example: string) {
  return (value: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new InvalidArgumentError(`${flag} must be an absolute URL, such as ${example}.`);
    }
    if (!protocols.includes(parsed.protocol)) throw new InvalidArgumentError(`${flag} must be ${kind} URL, such as ${example}.`);
    if (parsed.search !== '' || parsed.hash !== '') throw new InvalidArgumentError(`${flag} must not have a query string or fragment.`);
    // `${baseUrl}/graphql` must not become `//graphql`.
    return value.replace(/\/+$/, '');
  };
}

/** `--only a.* --only b.*,c.x`: repeatable and comma-separated, collected into one list. */
function patterns(flag: string) {
  return (value: string, previous: string[] | undefined): string[] => {
    const added = value.split(',').map((pattern) => pattern.trim()).filter((pattern) => pattern !== '');
    for (const pattern of added) {
      if (!/^[A-Za-z0-9_.*-]+$/.test(pattern)) throw new InvalidArgumentError(`${flag} takes check ids with * as a wildcard, such as messages.*; ${JSON.stringify(pattern)} is not one.`);
    }
    return [...(previous ?? []), ...added];
  };
}

function errorCodePath(value: string): string {
  if (!/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(value)) throw new InvalidArgumentError('--error-code-path must be a dotted path into each error, such as extensions.code.');
  return value;
}

/** A pattern that selects nothing is almost always a typo, and would silently run (or keep) everything else. */
async function assertPatternsMatch(flags: RunFlags): Promise<void> {
  const { selectChecks } = await import('../conformance/select.js');
  for (const [flag, list] of [['--only', flags.only], ['--skip', flags.skip]] as const) {
    for (const pattern of list ?? []) {
      if (selectChecks([pattern], undefined).length === 0) throw new UsageError(`${flag} ${pattern} matches no check; \`parley conformance list\` shows the ids.`);
    }
  }
}

interface TokenFlags {
  baseUrl: string;
  credentials: string;
  actor: 'A' | 'B' | 'C';
  refresh: boolean;
  timeout?: number;
}

/** Prints only the token and a newline, so `export TOKEN_A="$(parley conformance token ...)"` takes it whole. */
async function tokenAction(flags: TokenFlags): Promise<void> {
  const { actorToken } = await import('../conformance/actor-token.js');
  const credentials = await readCredentials(flags.credentials);
  const token = await actorToken({ baseUrl: flags.baseUrl, credentials, file: flags.credentials, actor: flags.actor, refresh: flags.refresh, ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}) });
  await write(process.stdout, token);
}

async function runAction(flags: RunFlags): Promise<number> {
  await assertPatternsMatch(flags);
  const [{ runConformance }, { renderProgress }] = await Promise.all([import('../conformance/run.js'), import('../conformance/reporters/index.js')]);
  const schema = flags.schema === undefined ? undefined : await readSchemaFile(flags.schema);
  const credentials = flags.credentials === undefined ? undefined : await readCredentials(flags.credentials);
  const replay = flags.replay === undefined ? undefined : await (await import('./replay-file.js')).readReplay(flags.replay);
  // A replay plays the saved histories: their checks alone, unless --only says otherwise.
  const only = flags.only ?? (replay ? [...replay.keys()] : undefined);
  if (/\/graphql$/.test(flags.baseUrl)) {
    process.stderr.write(`parley conformance: note: --base-url is the server's root; the suite sends to ${flags.baseUrl}/graphql.\n`);
  }
  const progressColor = colorAllowed(flags, process.stderr);
  const options: ConformanceOptions = {
    baseUrl: flags.baseUrl,
    ...(flags.wsUrl !== undefined ? { wsUrl: flags.wsUrl } : {}),
    ...(credentials !== undefined ? { credentials, credentialsFile: flags.credentials } : {}),
    ...(only !== undefined ? { only } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    ...(flags.runs !== undefined ? { runs: flags.runs } : {}),
    ...(replay !== undefined ? { replay } : {}),
    ...(flags.skip !== undefined ? { skip: flags.skip } : {}),
    ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}),
    ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
    ...(flags.errorCodePath !== undefined ? { errorCodePath: flags.errorCodePath } : {}),
    httpAudit: flags.httpAudit,
    realtime: flags.realtime,
    ...(schema !== undefined ? { schema } : {}),
    ...(process.stderr.isTTY ? { onResult: (result, done, total) => process.stderr.write(`${renderProgress(result, done, total, progressColor)}\n`) } : {}),
  };
  const report = await runConformance(options);
  await writeReport(report, flags);
  const exitCode = exitCodeOf(report, flags.failOn);
  if (exitCode === 2) {
    // Exit 2 always comes with its sentences on stderr, as a usage error or an unreachable server does.
    for (const line of couldNotRunLines(report)) process.stderr.write(`parley conformance: ${line}\n`);
  }
  return exitCode;
}

async function listAction(flags: { json: boolean; rules: boolean }): Promise<void> {
  const [{ catalogue }, { rules }, { bySection }] = await Promise.all([
    import('../conformance/catalogue.js'),
    import('../conformance/rules.js'),
    import('../conformance/reporters/sections.js'),
  ]);
  const rows = catalogue.map(({ id, section, specRef, level, title }) => ({ id, section, specRef, level, title }));
  if (flags.rules) {
    if (flags.json) return write(process.stdout, JSON.stringify(rules, null, 2));
    const width = Math.max(...rules.map((rule) => rule.ref.length));
    return write(process.stdout, rules.map((rule) => `${rule.ref.padEnd(width)}  ${rule.checks.length ? rule.checks.join(', ') : `(not checked: ${rule.outOfReach})`}`).join('\n'));
  }
  if (flags.json) return write(process.stdout, JSON.stringify(rows, null, 2));
  const idWidth = Math.max(0, ...rows.map((row) => row.id.length));
  const refWidth = Math.max(0, ...rows.map((row) => row.specRef.length));
  const lines: string[] = [];
  for (const { title, items } of bySection(rows)) {
    if (lines.length > 0) lines.push('');
    lines.push(title, ...items.map((row) => `  ${row.id.padEnd(idWidth)}  ${row.level.padEnd(6)}  ${row.specRef.padEnd(refWidth)}  ${row.title}`));
  }
  const must = rows.filter((row) => row.level === 'MUST').length;
  lines.push('', `${rows.length} checks: ${must} MUST, ${rows.length - must} SHOULD`);
  return write(process.stdout, lines.join('\n'));
}

/**
 * `parley conformance run`, `token` and `list`. Exit codes
 * of `run`: 0 when no MUST check failed (nor a SHOULD one, with `--fail-on should`); 1 when one
 * did; 2 when the suite could not run (bad usage, unreadable credentials, unreachable server,
 * provisioning failed), or when a MUST check could not run for a reason the user did not choose
 * (no failure, but not everything tested), with one sentence per cause on stderr.
 */
export function conformanceCommand(): Command {
  const conformance = new Command('conformance').description("the conformance suite: check a server against the API's interface specification");
  conformance
    .command('run')
    .description('run the suite against a server; exit 0: every MUST check passed, 1: a MUST check failed, 2: could not run (or a MUST check could not run for a reason you did not choose)')
    .requiredOption('--base-url <url>', 'the server\'s root; GraphQL is at <url>/graphql (a path prefix is kept)', url('--base-url', ['http:', 'https:'], 'an http or https', 'http://127.0.0.1:4000'))
    .option('--ws-url <url>', 'WebSocket URL for events (default: the GraphQL URL with ws/wss)', url('--ws-url', ['ws:', 'wss:'], 'a ws or wss', 'ws://127.0.0.1:4000/graphql'))
    .addOption(new Option('--reporter <name>', 'report format').choices(reporterNames).default('pretty'))
    .option('--output <file>', 'write the report to a file (the summary still goes to stdout)')
    .option('--credentials <file>', 'JSON accounts for servers that cannot self-register: {"accounts":[{"email","password"} | {"accessToken","refreshToken"?}]}')
    .option('--schema <file>', 'the server\'s schema (SDL or an introspection result as JSON) for the signature checks, when introspection is disabled on it')
    .option('--only <patterns>', 'run only checks whose id matches (* is a wildcard; repeatable or comma-separated)', patterns('--only'))
    .option('--skip <patterns>', 'leave out checks whose id matches (* is a wildcard; repeatable or comma-separated)', patterns('--skip'))
    .option('--timeout <ms>', 'per-request timeout in milliseconds (default 10000)', integer('--timeout', 1, 600_000))
    .option('--concurrency <n>', 'checks in flight at once (default 8)', integer('--concurrency', 1, 256))
    .option('--error-code-path <path>', 'where each error carries its code (default extensions.code)', errorCodePath)
    .addOption(new Option('--fail-on <level>', 'which failures fail the run (exit 1)').choices(['must', 'should']).default('must'))
    .option('--http-audit', 'also run graphql-http\'s GraphQL-over-HTTP audits (reported at SHOULD level)', false)
    .option('--no-realtime', 'leave out the checks that need a WebSocket (section 6\'s events), reported as skipped by your choice')
    .option('--seed <n>', 'seed of the model checks\' generated histories: the same seed draws the same histories (default: a random one, printed in the report)', integer('--seed', 0, 2_147_483_647))
    .option('--runs <n>', 'histories each model check plays (default 30)', integer('--runs', 1, 100_000))
    .option('--replay <file>', 'play saved histories instead of drawing new ones: a JSON report (its failed model checks), or {"check","commands"} as a report\'s history holds it')
    .option('--no-color', 'no ANSI colour (also off when stdout is not a terminal or NO_COLOR is set)')
    .action(async (flags: RunFlags, command: Command) => {
      try {
        process.exitCode = await runAction(flags);
      } catch (error) {
        const { ConformanceAbort } = await import('../conformance/run.js');
        if (error instanceof ConformanceAbort || error instanceof UsageError) {
          command.error(`parley conformance: ${error.message}`, { exitCode: 2, code: 'parley.conformance.abort' });
        }
        throw error;
      }
    });
  conformance
    .command('token')
    .description('print the access token of an actor of --credentials FILE (A is accounts[0]): the entry\'s accessToken, or a login with its email and password; what a report\'s token: lines run')
    .requiredOption('--base-url <url>', 'the server\'s root, as given to conformance run', url('--base-url', ['http:', 'https:'], 'an http or https', 'http://127.0.0.1:4000'))
    .requiredOption('--credentials <file>', 'the credentials file, as given to conformance run')
    .addOption(new Option('--actor <name>', 'which actor: A (accounts[0]), B (accounts[1]) or C (accounts[2])').choices(['A', 'B', 'C']).makeOptionMandatory())
    .option('--refresh', 'print the refresh token instead', false)
    .option('--timeout <ms>', 'timeout of the login in milliseconds (default 10000)', integer('--timeout', 1, 600_000))
    .action(async (flags: TokenFlags, command: Command) => {
      try {
        await tokenAction(flags);
      } catch (error) {
        const { TokenUnavailable } = await import('../conformance/actor-token.js');
        if (error instanceof TokenUnavailable || error instanceof UsageError) {
          command.error(`parley conformance token: ${error.message}`, { exitCode: 2, code: 'parley.conformance.abort' });
        }
        throw error;
      }
    });
  conformance
    .command('list')
    .description('print every check: id, level, spec reference and title, grouped by section')
    .option('--json', 'a JSON array of {id, section, specRef, level, title} (with --rules: of {ref, text, checks})', false)
    .option('--rules', "print the map instead: every rule of the spec's sections 4.1, 4.2, 5, 6, 7 and 8, and the signatures of 2, 4 and 6, with the checks that prove it", false)
    .action(listAction);
  return conformance;
}
