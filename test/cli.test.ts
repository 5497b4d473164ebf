import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCredentials } from '../src/cli/credentials-file.js';
import { startMockServer } from '../src/mock-server/mock-server.js';
import { hasNextPageFullPage } from './conformance/faults/messages-paging.js';
import { patchedFaults } from './conformance/faults/realtime.js';
import { startProxy } from './conformance/support/proxy.js';
import { RUN_TIMEOUT } from './conformance/support/runs.js';
import { linesPrinted, root, runCli as runBuiltCli, serveCli } from './support/cli-process.js';

/** Runs the built CLI to its end, without colours. */
const runCli = (args: string[]) => runBuiltCli(args, { NO_COLOR: '1' });

/** The built CLI, as `npx parley` runs it (test/global-setup.ts builds it first). */
const cli = ['dist/cli/main.js'];
/** Starts `mock serve`; resolves with its first line, the child still running. */
async function serve(args: string[]): Promise<{ line: string; child: ChildProcess }> {
  const { lines, child } = await serveCli(args);
  return { line: lines[0]!, child };
}

describe('parley CLI', () => {
  it('mock serve prints "parley mock listening on http://HOST:PORT/graphql" and serves /ready and /graphql', async () => {
    const { line } = await serve(['--port', '0', '--empty']);
    const match = /^parley mock listening on (http:\/\/127\.0\.0\.1:(\d+)\/graphql)$/.exec(line);
    expect(match, line).not.toBeNull();
    const origin = match![1]!.replace(/\/graphql$/, '');
    expect((await fetch(`${origin}/ready`)).status).toBe(200);
    const health = await fetch(match![1]!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' });
    expect(await health.json()).toEqual({ data: { health: 'ok' } });
  });

  it('mock serve prints, after the first line, where GraphiQL is and the demo logins', async () => {
    const { lines } = await serveCli(['--port', '0'], linesPrinted(3));
    const url = /^parley mock listening on (http:\/\/127\.0\.0\.1:\d+\/graphql)$/.exec(lines[0]!)![1]!;
    expect(lines[1]).toBe(`GraphiQL: open ${url} in a browser (queries, mutations, subscriptions; offline)`);
    expect(lines[2]).toBe('demo logins: alice@acme.test (owner), bob@acme.test (admin), carol@acme.test (member), dave@acme.test (guest); password parley-demo');
  });

  it('mock serve --require-verification: each mail is one console line, login waits for verification', async () => {
    const { line, child } = await serve(['--port', '0', '--empty', '--require-verification']);
    const url = /(http:\/\/\S+\/graphql)$/.exec(line)![1]!;
    const post = async (query: string) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json() as Promise<{ data?: unknown; errors?: { extensions: { code: string } }[] }>;
    const mailLine = new Promise<string>((resolve) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const mail = out.split('\n').find((text) => text.startsWith('parley mail to '));
        if (mail) resolve(mail);
      });
    });
    expect(await post('mutation { register(input: {displayName: "Cli", email: "cli@example.test", password: "correct horse battery", username: "cli"}) }')).toEqual({ data: { register: true } });
    const mail = await mailLine;
    expect(mail).toMatch(/^parley mail to cli@example\.test: Verify your email address \(token (ev_\S+)\)$/);
    const login = 'mutation { login(input: {email: "cli@example.test", password: "correct horse battery"}) { accessToken } }';
    expect((await post(login)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await post(`mutation { verifyEmail(token: "${/\(token (\S+)\)/.exec(mail)![1]}") }`)).toEqual({ data: { verifyEmail: true } });
    expect((await post(login)).errors).toBeUndefined();
  });

  it('mock serve ends cleanly on SIGTERM', async () => {
    const { child } = await serve(['--port', '0', '--empty']);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('schema print prints schema.graphql', () => {
    const result = spawnSync(process.execPath, [...cli, 'schema', 'print'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
  });

  it('a bad option exits 2 with a sentence, not a stack trace', () => {
    const result = spawnSync(process.execPath, [...cli, 'mock', 'serve', '--port', 'abc'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be a whole number from 0 to 65535');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a port in use exits 2 and says so', async () => {
    const { line } = await serve(['--port', '0', '--empty']);
    const port = /:(\d+)\/graphql$/.exec(line)![1]!;
    const result = spawnSync(process.execPath, [...cli, 'mock', 'serve', '--port', port, '--empty'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/port is already in use/);
  });

  it('limit flags reach the server: --max-depth 2 refuses a depth-3 query with QUERY_TOO_COMPLEX naming the flag', async () => {
    const { line } = await serve(['--port', '0', '--empty', '--max-depth', '2', '--execution', 'interpreted']);
    const url = line.slice('parley mock listening on '.length);
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name } } }' }) });
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors[0]!.message).toContain('--max-depth');
  });

  it('an unknown --execution mode exits 2 and lists the choices', () => {
    const result = spawnSync(process.execPath, [...cli, 'mock', 'serve', '--execution', 'turbo'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('adaptive, compiled, interpreted');
  });

  it('conformance run against the mock exits 0 and shows every check; junit output is written', async () => {
    const mock = await startMockServer({ port: 0, empty: true });
    try {
      // Four runs of their own (each provisions its own workspace), side by side: the mock here and
      // each CLI child then share both cores.
      const file = join(mkdtempSync(join(tmpdir(), 'parley-')), 'out', 'conformance.xml');
      const [pretty, noSocket, withoutRealtime, junit] = await Promise.all([
        runCli(['conformance', 'run', '--base-url', mock.origin, '--no-color']),
        runCli(['conformance', 'run', '--base-url', mock.origin, '--ws-url', 'ws://127.0.0.1:9/graphql', '--only', 'events.*', '--no-color']),
        runCli(['conformance', 'run', '--base-url', mock.origin, '--ws-url', 'ws://127.0.0.1:9/graphql', '--only', 'events.*,auth.bearer-token.accepted', '--no-realtime', '--no-color']),
        runCli(['conformance', 'run', '--base-url', mock.origin, '--reporter', 'junit', '--output', file]),
      ]);
      expect(pretty.status, pretty.stderr).toBe(0);
      expect(pretty.stdout).toMatch(/(\d+) checks: \1 passed, 0 failed, 0 skipped/);
      expect(pretty.stdout).toContain('messages.order.ascending');
      expect(pretty.stdout).toMatch(/6 Events\n {2}✓ events\.websocket +MUST .*\n {2}✓ events\.created\.delivered/);
      expect(pretty.stdout).toContain(`realtime: connected to ${mock.wsUrl} with connection_init {"Authorization":"Bearer <token>"}`);
      // No WebSocket at all is a finding (events.websocket, MUST), never a silent skip; --no-realtime is the way to leave section 6 out.
      expect(noSocket.status, noSocket.stderr).toBe(1);
      expect(noSocket.stdout).toMatch(/✗ events\.websocket +MUST/);
      expect(noSocket.stdout).toMatch(/reason: +nothing answered at ws:\/\/127\.0\.0\.1:9\/graphql \(.*ECONNREFUSED/);
      expect(noSocket.stdout).toMatch(/(\d+) checks: 0 passed, 1 failed \(1 MUST\), (\d+) skipped \((\d+) by your choice\)/);
      expect(withoutRealtime.status, withoutRealtime.stderr).toBe(0);
      expect(withoutRealtime.stdout).toContain('\nSkipped by your choice\n');
      expect(withoutRealtime.stdout).toMatch(/\n {2}- --no-realtime leaves out the checks that need a WebSocket\n {4}11 checks \(8 MUST\): events\.websocket, /);
      expect(withoutRealtime.stdout).toMatch(/PASS: every MUST check passed \(\d+ skipped\)\./);
      // On a failure, the message names the failed testcases and why (the report is in a temporary folder).
      const failures = () => [...readFileSync(file, 'utf8').matchAll(/<testcase [^>]*name="([^"]*)"[^>]*>\s*<failure message="([^"]*)"/g)].map((m) => `${m[1]}: ${m[2]}`).join('\n');
      expect(junit.status, `${junit.stderr}${junit.status === 1 ? failures() : ''}`).toBe(0);
      const xml = readFileSync(file, 'utf8');
      expect(xml).toContain('<testsuites');
      expect(xml).toContain('classname="4.1 Query messages"');
    } finally {
      await mock.close();
    }
  }, 60_000); // four whole CLI runs of the suite

  it('conformance run exits 2 with one sentence when nothing listens, and for a pattern that matches no check', async () => {
    const unreachable = await runCli(['conformance', 'run', '--base-url', 'http://127.0.0.1:9']);
    expect(unreachable.status).toBe(2);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/^parley conformance: .*127\.0\.0\.1:9/);
    const typo = await runCli(['conformance', 'run', '--base-url', 'http://127.0.0.1:9', '--only', 'mesages.*']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('matches no check');
  });

  it('conformance run against a faulty server exits 1 and names the broken rule', async () => {
    const mock = await startMockServer({ port: 0, empty: true });
    const proxy = await startProxy({ upstream: mock.origin, hooks: hasNextPageFullPage.hooks });
    try {
      // The scripted checks name the rule; the model checks would find it too and then shrink
      // their history for up to a minute (their failures are tested in test/conformance/model/).
      const result = await runCli(['conformance', 'run', '--base-url', proxy.origin, '--no-color', '--skip', 'model.*']);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stdout).toContain('messages.has-next-page.exact-boundary');
      expect(result.stdout).toContain('4.1 rule 6');
      expect(result.stdout).toMatch(/curl /);
    } finally {
      await proxy.close();
      await mock.close();
    }
  });

  it('conformance run exits 1 against a server whose subscriptions serve non-members, and one that never sends messageDeleted', async () => {
    const run = async (name: string) => {
      const mock = await startMockServer({ port: 0, empty: true });
      patchedFaults.find((fault) => fault.name === name)!.patch(mock.state);
      try {
        return await runCli(['conformance', 'run', '--base-url', mock.origin, '--only', 'events.*', '--no-color']);
      } finally {
        await mock.close();
      }
    };
    const [nonMember, noDeleted] = await Promise.all([run('lets-a-non-member-subscribe'), run('never-sends-message-deleted')]);
    expect(nonMember.status, nonMember.stderr).toBe(1);
    expect(nonMember.stdout).toMatch(/✗ events\.non-member\.no-messages\s+MUST\s/);
    expect(nonMember.stdout).toMatch(/✗ events\.non-member\.no-messages\s+6 \+ 5 rule 3\n/);
    expect(noDeleted.status, noDeleted.stderr).toBe(1);
    expect(noDeleted.stdout).toMatch(/✗ events\.deleted\.state\s+MUST\s/);
    expect(noDeleted.stdout).toMatch(/✗ events\.deleted\.state\s+6 \+ 3 \(soft-deleted: messageDeleted\)\n/);
   }, 30_000);

  it('conformance token prints an actor\'s token from --credentials: the entry\'s own, or a login\'s; exit 2 with a sentence when it has none', async () => {
    const mock = await startMockServer({ port: 0, empty: true });
    try {
      const graphql = async (query: string, token?: string) =>
        (await (await fetch(`${mock.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query }) })).json()) as { data?: { me?: { email: string } } };
      await graphql('mutation { register(input: {displayName: "Tok", email: "tok@example.test", password: "token-cli-password", username: "tok"}) }');
      const file = join(mkdtempSync(join(tmpdir(), 'parley-')), 'creds.json');
      writeFileSync(file, JSON.stringify({ accounts: [{ email: 'tok@example.test', password: 'token-cli-password' }, { accessToken: 'given-access', refreshToken: 'given-refresh' }, { accessToken: 'only-access' }] }));
      const token = (actor: string, ...extra: string[]) => runCli(['conformance', 'token', '--base-url', mock.origin, '--credentials', file, '--actor', actor, ...extra]);
      const [a, b, bRefresh, cRefresh] = await Promise.all([token('A'), token('B'), token('B', '--refresh'), token('C', '--refresh')]);
      expect(a.status, a.stderr).toBe(0);
      expect(a.stdout).toMatch(/^\S+\n$/);
      expect((await graphql('{ me { email } }', a.stdout.trim())).data?.me?.email).toBe('tok@example.test');
      expect([b.stdout, bRefresh.stdout]).toEqual(['given-access\n', 'given-refresh\n']);
      expect(cRefresh.status).toBe(2);
      expect(cRefresh.stderr).toContain(`accounts[2] of ${file} has an accessToken but no refreshToken`);
      writeFileSync(file, JSON.stringify({ accounts: [{ email: 'tok@example.test', password: 'wrong-password' }] }));
      const [refused, missing] = await Promise.all([token('A'), token('B')]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/^parley conformance token: the login of accounts\[0\] of .* was refused: /);
      expect(missing.stderr).toContain('has no accounts[1], so there is no actor B');
    } finally {
      await mock.close();
    }
  });

  it('conformance/credentials.example.json, the example docs/conformance.md links, is a valid --credentials file', async () => {
    const { accounts } = await readCredentials(join(root, 'conformance/credentials.example.json'));
    expect(accounts.map((account) => Object.keys(account).sort())).toEqual([['email', 'password'], ['email', 'password'], ['accessToken', 'refreshToken']]);
  });

  it('conformance list prints every check, and --rules the map of SPEC.md rules to checks', async () => {
    const list = await runCli(['conformance', 'list', '--json']);
    const checks = JSON.parse(list.stdout) as { id: string; level: string }[];
    expect(checks.map((c) => c.id)).toContain('cross.walks-agree');
    const map = await runCli(['conformance', 'list', '--rules']);
    expect(map.stdout).toMatch(/4\.1 rule 6\s+messages\.has-next-page\.older-exist/);
    expect(map.stdout).toMatch(/5 rule 5\s+\(not checked: /);
  });

  it('--help lists the commands', () => {
    const result = spawnSync(process.execPath, [...cli, '--help'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('mock');
    expect(result.stdout).toContain('schema');
  });
});
