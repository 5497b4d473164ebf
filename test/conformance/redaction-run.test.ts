import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Secret } from '../../src/conformance/redaction/secrets.js';
import { curlFor } from '../../src/conformance/reporters/curl.js';
import { render } from '../../src/conformance/reporters/index.js';
import { reporterNames } from '../../src/conformance/reporters/names.js';
import { runConformance, type CredentialsFile } from '../../src/conformance/run.js';
import type { RunReport } from '../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { root } from '../support/cli-process.js';
import { RUN_TIMEOUT } from './support/runs.js';

/**
 * A whole run against the mock, read back for the secrets it knew (issue 25, item 4): none of the
 * actors' tokens, refresh tokens, passwords or the tokens a check obtained may show in any
 * reporter's output, in a report that passed and in the same report with every result failed
 * (so that pretty and JUnit print every check's evidence, frames and curl line). The one-liners
 * next to the curl lines are run with bash and curl against the mock.
 */

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(async () => {
  await mock.close();
});

/** Runs the suite, keeping the secrets it reports through `onSecret` (they never enter the report). */
async function run(options: { credentials?: CredentialsFile; credentialsFile?: string } = {}): Promise<{ report: RunReport; secrets: Secret[] }> {
  const secrets: Secret[] = [];
  const report = await runConformance({ baseUrl: mock.origin, ...options, onSecret: (secret) => secrets.push(secret) });
  return { report, secrets };
}

/** Every reporter's output, for the report as it is and with every result failed (all evidence shown). */
function outputs(report: RunReport): Record<string, string> {
  const allFailed: RunReport = { ...report, results: report.results.map((result) => ({ ...result, outcome: 'failed', reason: result.reason ?? 'failed', expected: 'x' })) };
  return Object.fromEntries(reporterNames.flatMap((name) => [
    [name, render(name, report, { color: false })],
    [`${name}, all failed`, render(name, allFailed, { color: false })],
  ]));
}

/** HTML's escaping of `& < > " '`, as the HTML report writes text. */
function htmlEscaped(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return text.replace(/[&<>"']/g, (char) => entities[char]!);
}

/** The forms a value can take in output: as is, escaped once in JSON, twice (a body inside the JSON report), and each of these HTML-escaped. */
function forms(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const plain = [value, once, JSON.stringify(once).slice(1, -1)];
  return [...new Set([...plain, ...plain.map(htmlEscaped)])];
}

function found(secrets: readonly Secret[], text: string): string[] {
  return secrets.filter(({ value }) => forms(value).some((form) => text.includes(form))).map(({ variable }) => variable);
}

/** Runs a bash script without blocking this process: the mock answering it runs here. */
function bash(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function post(query: string, variables: Record<string, unknown>, token?: string): Promise<{ data?: Record<string, unknown> | null; errors?: unknown[] }> {
  const response = await fetch(`${mock.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
}

describe('a run against the mock, with accounts it registers', () => {
  let report: RunReport;
  let secrets: Secret[];
  beforeAll(async () => {
    ({ report, secrets } = await run());
  }, RUN_TIMEOUT);

  it('knew the secrets it must hide: each actor\'s token, refresh token and password, and the pair auth.refresh-token obtained', () => {
    expect(report.summary.mustFailed).toBe(0);
    expect(secrets.map((secret) => secret.variable)).toEqual(expect.arrayContaining(['TOKEN_A', 'REFRESH_TOKEN_A', 'PASSWORD_A', 'TOKEN_B', 'TOKEN_C', 'PASSWORD_C', 'TOKEN_A_REFRESHED', 'REFRESH_TOKEN_A_REFRESHED']));
    const refresh = report.results.find((result) => result.id === 'auth.refresh-token')!;
    expect(JSON.parse(refresh.exchanges[0]!.response.body).data.refreshToken).toMatchObject({ accessToken: '$TOKEN_A_REFRESHED', refreshToken: '$REFRESH_TOKEN_A_REFRESHED' });
  });

  it('shows no token in any reporter\'s output, and the throwaway passwords only where it lists its actors', () => {
    const tokens = secrets.filter((secret) => !secret.variable.startsWith('PASSWORD_'));
    const passwords = secrets.filter((secret) => secret.variable.startsWith('PASSWORD_'));
    expect(passwords).toHaveLength(3);
    for (const [name, text] of Object.entries(outputs(report))) {
      expect(found(tokens, text), name).toEqual([]);
      // The registered accounts' passwords are printed on purpose: in the Actors block and the one-liners that log in.
      const elsewhere = name.startsWith('json')
        ? JSON.stringify({ ...JSON.parse(text), actors: [], results: (JSON.parse(text) as { results: object[] }).results.map((result) => ({ ...result, token: [] })) })
        : text.split('\n').filter((line) => !/registered by this run: |export (TOKEN|REFRESH_TOKEN|PASSWORD)_[ABC]=/.test(line)).join('\n');
      expect(found(passwords, elsewhere), name).toEqual([]);
    }
  });

  it('lists its actors with their throwaway logins, and gives one-liners that really obtain the tokens (bash, curl, sed)', async () => {
    expect(report.actors!.map((actor) => [actor.name, actor.account.kind])).toEqual([['A', 'registered'], ['B', 'registered'], ['C', 'registered']]);
    const a = report.actors![0]!;
    expect(a.account).toMatchObject({ email: expect.stringMatching(/^parley-.*@example\.com$/), password: secrets.find((secret) => secret.variable === 'PASSWORD_A')!.value });
    // auth.refresh-token's first exchange uses both of A's variables, one in the header, one in the body.
    const refresh = report.results.find((result) => result.id === 'auth.refresh-token')!.exchanges[0]!;
    const curl = curlFor(refresh).replace('curl -i', 'curl -s');
    const script = [a.obtain['TOKEN_A'], a.obtain['REFRESH_TOKEN_A'], 'test -n "$TOKEN_A" && test -n "$REFRESH_TOKEN_A" || exit 9', curl].join('\n');
    const result = await bash(script);
    expect(result.status, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { data: { refreshToken: { accessToken: string; user: { id: string } } } };
    expect(answer.data.refreshToken.user.id).toBe(a.id);
  });

  it('prints under each failure\'s curl line the token lines for the variables it uses', () => {
    const failedOnce: RunReport = { ...report, results: report.results.map((result) => (result.id === 'auth.refresh-token' ? { ...result, outcome: 'failed' as const, reason: 'x', expected: 'y' } : result)) };
    const pretty = render('pretty', failedOnce, { color: false });
    expect(pretty).toMatch(/\nActors\n {2}A {2}\S+ {2}registered by this run: parley-\S+@example\.com, password Pw-\S+\n/);
    expect(pretty).toMatch(/ {4}curl: {5}curl -i [^]*"authorization: Bearer \$TOKEN_A_REFRESHED"[^]*\n {4}token: {4}# TOKEN_A_REFRESHED: the access token refreshToken returned/);
    const json = JSON.parse(render('json', failedOnce, { color: false })) as { results: { id: string; token?: string[] }[] };
    expect(json.results.find((result) => result.id === 'auth.refresh-token')!.token).toEqual([expect.stringMatching(/^# TOKEN_A_REFRESHED: /)]);
  });
});

describe('a run with --credentials (email and password of real accounts)', () => {
  let report: RunReport;
  let secrets: Secret[];
  let file: string;
  beforeAll(async () => {
    const accounts = await Promise.all(['a', 'b', 'c'].map(async (name) => {
      const tag = `${name}${Math.random().toString(36).slice(2, 10)}`;
      const account = { email: `operator-${tag}@example.com`, password: `Secret-${tag}-password` };
      await post('mutation R($input: RegisterInput!) { register(input: $input) }', { input: { ...account, displayName: `Operator ${tag}`, username: `operator_${tag}` } });
      return account;
    }));
    file = join(mkdtempSync(join(tmpdir(), 'parley-')), 'creds.json');
    writeFileSync(file, JSON.stringify({ accounts }));
    ({ report, secrets } = await run({ credentials: { accounts }, credentialsFile: file }));
  }, RUN_TIMEOUT);

  it('shows none of its secrets, passwords included, in any reporter\'s output', () => {
    expect(secrets.filter((secret) => secret.variable.startsWith('PASSWORD_'))).toHaveLength(3);
    for (const [name, text] of Object.entries(outputs(report))) expect(found(secrets, text), name).toEqual([]);
  });

  it('names each actor by its entry, and its one-liner runs parley conformance token, which obtains a working token', async () => {
    expect(report.actors!.map((actor) => actor.account)).toEqual([0, 1, 2].map((index) => ({ kind: 'credentials', file, index })));
    const line = report.actors![1]!.obtain['TOKEN_B']!;
    expect(line).toBe(`export TOKEN_B="$(npx parley conformance token --base-url '${mock.origin}' --credentials '${file}' --actor B)"`);
    // The built CLI, as `npx parley` runs it in a project that installed Parley.
    const result = await bash(`${line.replace('npx parley', 'node dist/cli/main.js')}\nprintf %s "$TOKEN_B"`);
    expect(result.status, result.stderr).toBe(0);
    const me = await post('{ me { id } }', {}, result.stdout);
    expect(me.data).toEqual({ me: { id: report.actors![1]!.id } });
  });
});
