import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, getNamedType, isInputObjectType, isObjectType, isInterfaceType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { markerPattern } from '../../src/conformance/redaction/markers.js';
import { redactReport } from '../../src/conformance/redaction/redact-report.js';
import { secretArguments, secretInputFieldNames, secretInputFields, secretOutputFields, secretOutputNames } from '../../src/conformance/redaction/secret-fields.js';
import { Secrets } from '../../src/conformance/redaction/secrets.js';
import { curlFor } from '../../src/conformance/reporters/curl.js';
import { render, renderHtml } from '../../src/conformance/reporters/index.js';
import { reporterNames } from '../../src/conformance/reporters/names.js';
import type { CheckResult, Exchange, RunReport } from '../../src/conformance/types.js';
import { schemaSdl } from '../../src/schema/load.js';
import { SECRET_INPUT_COORDINATES } from '../support/secret-coordinates.js';

/**
 * Reports are CI artifacts (issue 25, item 4): no token, refresh token or password may reach any
 * reporter's output. These tests feed a report with every kind of secret in every place a report
 * has and read every reporter for them; redaction-run.test.ts does the same on a real run.
 */

const contract = buildSchema(schemaSdl(), { assumeValidSDL: true });

/** A name that says "secret": what the pinned list in secret-fields.ts is derived from. */
const secretName = /password|token|secret|verifier|^code$|Code$/i;

/** Every String field, argument and input field of the contract, by coordinate. */
function stringCoordinates(): { output: string[]; input: string[] } {
  const output: string[] = [];
  const input: string[] = [];
  for (const type of Object.values(contract.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (getNamedType(field.type).name === 'String') output.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (getNamedType(arg.type).name === 'String') input.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (getNamedType(field.type).name === 'String') input.push(`${type.name}.${field.name}`);
    }
  }
  return { output, input };
}

const lastName = (coordinate: string) => /(\w+)(?:\(\w+:\)|)$/.exec(coordinate.replace(/\((\w+):\)$/, '.$1'))![1]!;

describe('the secret fields (pinned from schema.graphql)', () => {
  const { output, input } = stringCoordinates();

  it('are every String field, argument and input field whose name says password, token, secret, verifier or code', () => {
    expect(secretOutputFields.map((field) => field.coordinate).sort()).toEqual(output.filter((c) => secretName.test(lastName(c))).sort());
    expect(secretInputFields.map((field) => field.coordinate).sort()).toEqual(input.filter((c) => secretName.test(lastName(c))).sort());
    // The list as it stands, so a change to it is a visible decision.
    expect(secretOutputFields.map((field) => field.coordinate)).toEqual(['AuthPayload.accessToken', 'AuthPayload.refreshToken', 'WorkspaceInviteLink.token']);
    expect(secretInputFields.map((field) => field.coordinate)).toEqual(SECRET_INPUT_COORDINATES);
  });

  it('have names the contract uses for nothing else, so reading JSON keys by name is exact', () => {
    // Input fields are read by key in variables; output fields by key in responses.
    const inputFields = input.filter((c) => !c.endsWith(':)'));
    expect(inputFields.filter((c) => secretInputFieldNames.has(lastName(c)) && !secretInputFields.some((f) => f.coordinate === c))).toEqual([]);
    expect(output.filter((c) => secretOutputNames.has(lastName(c)) && !secretOutputFields.some((f) => f.coordinate === c))).toEqual([]);
    expect([...secretArguments.keys()].sort()).toEqual(['joinWorkspace(token:)', 'logout(refreshToken:)', 'refreshToken(refreshToken:)', 'verifyEmail(token:)']);
  });
});

// Every kind of secret a run can meet. Values are distinct and searchable.
const tokenA = 'pa_tokenA_0123456789abcdef';
const refreshA = 'pr_refreshA_0123456789abcdef';
const passwordA = 'Pw-A-"quoted"\\back-0123';
const tokenB = 'pa_tokenB_0123456789abcdef';
const tokenC = 'pa_tokenC_0123456789abcdef';
const refreshedAccess = 'pa_refreshed_0123456789abc';
const refreshedRefresh = 'pr_refreshed_0123456789abc';
// Never registered: found by the contract's fields alone.
const serverAccess = 'pa_unknown_server_access_01';
const serverRefresh = 'pr_unknown_server_refresh_01';
const inviteToken = 'wi_invite_0123456789abcdef';
const literalPassword = 'literal-password-0123';
const variablePassword = 'variable-password-0123';
const codeVerifier = 'verifier-0123456789abcdef';
const socketToken = 'socket-only-token-0123456';
const urlToken = 'url-only-token-0123456789';
const emailToken = 'ev_email_only_0123456789';

const allSecrets = { tokenA, refreshA, passwordA, tokenB, tokenC, refreshedAccess, refreshedRefresh, serverAccess, serverRefresh, inviteToken, literalPassword, variablePassword, codeVerifier, socketToken, urlToken, emailToken };

const graphqlUrl = 'http://127.0.0.1:4000/graphql';

function exchange(headers: Record<string, string>, body: unknown, response: unknown, url = graphqlUrl): Exchange {
  return {
    request: { method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    response: { status: 200, contentType: 'application/json', body: JSON.stringify(response), dataPresent: true, errorCodes: [], errorPaths: [] },
    durationMs: 3,
  };
}

function failed(id: string, exchanges: Exchange[], extra: Partial<CheckResult> = {}): CheckResult {
  return { id, section: '5', specRef: '5 rule 1', level: 'MUST', title: id, outcome: 'failed', reason: 'it failed', expected: 'it passes', exchanges, durationMs: 5, ...extra };
}

const results: CheckResult[] = [
  // Headers: another scheme, no scheme, and the runner's own marker next to a raw token.
  ...[`Basic ${tokenA}`, `Token ${tokenA}`, tokenA, `Bearer ${tokenB}`].map((authorization, i) =>
    failed(`headers.${i}`, [exchange({ authorization }, { query: '{ me { id } }' }, { data: { me: { id: 'u1' } } })]),
  ),
  // Request bodies: a refresh token in a variable whose name says nothing; the new pair in the response.
  failed('bodies.refresh', [
    exchange({ authorization: 'Bearer $TOKEN_A' }, { query: 'mutation R($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }', variables: { t: refreshA } }, { data: { refreshToken: { accessToken: refreshedAccess, refreshToken: refreshedRefresh, user: { id: 'u1' } } } }),
    exchange({ authorization: `Bearer ${refreshedAccess}` }, { query: '{ me { id } }' }, { data: { me: { id: 'u1' } } }),
  ]),
  // A login with a literal password, one in an input variable, A's own (with characters JSON escapes), and a server's unknown pair.
  failed('bodies.login', [
    exchange({}, { query: `mutation { login(input: {email: "a@example.com", password: "${literalPassword}"}) { accessToken } }` }, { data: { login: { accessToken: serverAccess, refreshToken: serverRefresh } } }),
    exchange({}, { query: 'mutation L($input: LoginInput!) { login(input: $input) { accessToken } }', variables: { input: { email: 'a@example.com', password: variablePassword } } }, { errors: [{ message: `wrong password ${passwordA}`, extensions: { code: 'UNAUTHENTICATED' } }] }),
    exchange({}, { query: 'mutation L($input: LoginInput!) { login(input: $input) { accessToken } }', variables: { input: { email: 'a@example.com', password: passwordA } } }, { data: null }),
    exchange({}, { query: 'mutation O($i: OAuthLoginInput!) { loginWithOAuth(input: $i) { accessToken } }', variables: { i: { code: 'oauth-code-0123456', codeVerifier, provider: 'IDP_ONE' } } }, { data: null }),
  ]),
  // An invite link's token, sent back to joinWorkspace under a variable named x.
  failed('bodies.invite', [
    exchange({ authorization: 'Bearer $TOKEN_A' }, { query: 'mutation I($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', variables: { w: 'w1' } }, { data: { createWorkspaceInviteLink: { token: inviteToken, role: 'MEMBER' } } }),
    exchange({ authorization: 'Bearer $TOKEN_B' }, { query: 'mutation J($x: String!) { joinWorkspace(token: $x) { id } }', variables: { x: inviteToken } }, { data: { joinWorkspace: { id: 'w1' } } }),
    // A secret argument's value seen nowhere else: only where the document passes $v tells.
    exchange({}, { query: 'mutation V($v: String!) { ok: verifyEmail(token: $v) }', variables: { v: emailToken } }, { data: { ok: true } }),
  ]),
  // Frames: connection_init in its common forms, a token only the socket saw, a subscribe, a next with a pair; a URL with ?token=.
  failed('frames', [exchange({}, { query: '{ me { id } }' }, { data: null }, `${graphqlUrl}?access_token=${urlToken}`)], {
    frames: [
      { atMs: 1, actor: 'A', direction: 'sent', text: JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${tokenA}` } }) },
      { atMs: 2, actor: 'B', direction: 'sent', text: JSON.stringify({ type: 'connection_init', payload: { headers: { authorization: `Bearer ${tokenB}` }, authToken: socketToken } }) },
      { atMs: 3, actor: 'C', direction: 'sent', text: JSON.stringify({ type: 'connection_init', payload: { token: tokenC } }) },
      { atMs: 4, actor: 'A', direction: 'sent', text: JSON.stringify({ type: 'subscribe', id: 'a-1', payload: { query: 'mutation($t: String!) { logout(refreshToken: $t) }', variables: { t: refreshA } } }) },
      { atMs: 5, actor: 'A', direction: 'received', text: JSON.stringify({ type: 'next', id: 'a-1', payload: { data: { refreshToken: { accessToken: refreshedAccess, refreshToken: refreshedRefresh } } } }) },
      { atMs: 6, actor: 'C', direction: 'closed', text: `4401 token ${tokenC} expired` },
    ],
    // Reasons and expectations that quote a secret.
    reason: `the server echoed ${tokenA} and ${passwordA}`,
    expected: `nothing like ${refreshA}`,
  }),
];

const rawReport: RunReport = {
  baseUrl: 'http://127.0.0.1:4000',
  graphqlUrl,
  wsUrl: `ws://127.0.0.1:4000/graphql?token=${tokenC}`,
  startedAt: '2025-01-02T03:04:05.678Z',
  durationMs: 100,
  notes: [`provisioning logged in with ${passwordA}`],
  results,
  summary: { passed: 0, failed: results.length, skipped: 0, mustFailed: results.length, shouldFailed: 0, mustNotRun: 0 },
  skips: [],
};

/** The run's known secrets, as run-secrets.ts registers them at the end of a run. */
function runSecrets(): Secrets {
  const secrets = new Secrets();
  secrets.add(tokenA, 'TOKEN_A', "actor A's access token");
  secrets.add(refreshA, 'REFRESH_TOKEN_A', "actor A's refresh token");
  secrets.add(passwordA, 'PASSWORD_A', 'the password of accounts[0] of creds.json');
  secrets.add(tokenB, 'TOKEN_B', "actor B's access token");
  secrets.add(tokenC, 'TOKEN_C', "actor C's access token");
  secrets.add(refreshedAccess, 'TOKEN_A_REFRESHED', 'the access token auth.refresh-token obtained');
  secrets.add(refreshedRefresh, 'REFRESH_TOKEN_A_REFRESHED', 'the refresh token auth.refresh-token obtained');
  return secrets;
}

/** HTML's escaping of `& < > " '`, as the HTML report writes text. */
function htmlEscaped(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return text.replace(/[&<>"']/g, (char) => entities[char]!);
}

/** Every form a secret could take in output: as is, JSON-escaped, escaped twice (a JSON body inside the JSON report), URL-encoded, and each of these HTML-escaped. */
function forms(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  const plain = [value, once, JSON.stringify(once).slice(1, -1), encodeURIComponent(value)];
  return [...new Set([...plain, ...plain.map(htmlEscaped)])];
}

/** The secrets found in `text`, by name. */
function leaked(text: string): string[] {
  return Object.entries(allSecrets).filter(([, value]) => forms(value).some((form) => text.includes(form))).map(([name]) => name);
}

describe('redactReport', () => {
  // As the runner builds it: the redacted report, with what each marker stands for.
  const secrets = runSecrets();
  const report: RunReport = { ...redactReport(rawReport, secrets), redactions: secrets.redactions };
  const outputs = Object.fromEntries(reporterNames.map((name) => [name, render(name, report, { color: false })]));

  it('leaves no secret in any reporter\'s output (pretty, JSON, JUnit, HTML), nor in the report itself', () => {
    // The unredacted report has them all, and the HTML page of it shows them all, so the test looks in the right places.
    expect(leaked(JSON.stringify(rawReport)).sort()).toEqual(Object.keys(allSecrets).sort());
    expect(leaked(renderHtml(rawReport)).sort()).toEqual(Object.keys(allSecrets).sort());
    expect(leaked(JSON.stringify(report))).toEqual([]);
    for (const name of reporterNames) expect(leaked(outputs[name]!), name).toEqual([]);
  });

  it('shows the markers in the HTML report where the secrets stood, each with its meaning', () => {
    const page = outputs['html']!;
    expect(page).toContain('authorization:</span> Basic <span class="marker" title="actor A&#39;s access token">$TOKEN_A</span>');
    expect(page).toContain('<span class="marker" title="the refresh token auth.refresh-token obtained">$REFRESH_TOKEN_A_REFRESHED</span>');
    expect(page).toContain('<dt>Reason</dt><dd>the server echoed <span class="marker" title="actor A&#39;s access token">$TOKEN_A</span> and <span class="marker" title="the password of accounts[0] of creds.json">$PASSWORD_A</span></dd>');
    expect(page).toMatch(/<span class="url">http:\/\/127\.0\.0\.1:4000\/graphql\?access_token=<span class="marker" title="a [^"]+">\$SECRET_2<\/span><\/span>/);
    for (const { marker } of report.redactions!) expect(page, marker).toContain(`<dt><span class="marker">${marker}</span></dt>`);
  });

  it('names each known secret by its variable, where it stood', () => {
    const auth = report.results.slice(0, 4).map((result) => result.exchanges[0]!.request.headers['authorization']);
    expect(auth).toEqual(['Basic $TOKEN_A', 'Token $TOKEN_A', '$TOKEN_A', 'Bearer $TOKEN_B']);
    const [refresh, next] = report.results.find((result) => result.id === 'bodies.refresh')!.exchanges;
    expect(JSON.parse(refresh!.request.body!).variables).toEqual({ t: '$REFRESH_TOKEN_A' });
    expect(JSON.parse(refresh!.response.body).data.refreshToken).toEqual({ accessToken: '$TOKEN_A_REFRESHED', refreshToken: '$REFRESH_TOKEN_A_REFRESHED', user: { id: 'u1' } });
    expect(next!.request.headers['authorization']).toBe('Bearer $TOKEN_A_REFRESHED');
    expect(report.notes).toEqual(['provisioning logged in with $PASSWORD_A']);
    expect(report.wsUrl).toBe('ws://127.0.0.1:4000/graphql?token=$TOKEN_C');
  });

  it('names a secret the run did not know by the contract field it stood in, the same value by the same marker', () => {
    const login = report.results.find((result) => result.id === 'bodies.login')!.exchanges;
    expect(JSON.parse(login[0]!.response.body).data.login).toEqual({ accessToken: '$ACCESS_TOKEN_1', refreshToken: '$REFRESH_TOKEN_1' });
    expect(JSON.parse(login[0]!.request.body!).query).toContain('password: "$PASSWORD_1"');
    expect(JSON.parse(login[1]!.request.body!).variables.input).toEqual({ email: 'a@example.com', password: '$PASSWORD_2' });
    expect(JSON.parse(login[2]!.request.body!).variables.input.password).toBe('$PASSWORD_A');
    expect(JSON.parse(login[3]!.request.body!).variables.i).toEqual({ code: '$OAUTH_CODE_1', codeVerifier: '$CODE_VERIFIER_1', provider: 'IDP_ONE' });
    const invite = report.results.find((result) => result.id === 'bodies.invite')!.exchanges;
    expect(JSON.parse(invite[0]!.response.body).data.createWorkspaceInviteLink.token).toBe('$INVITE_TOKEN_1');
    expect(JSON.parse(invite[1]!.request.body!).variables).toEqual({ x: '$INVITE_TOKEN_1' });
    expect(JSON.parse(invite[2]!.request.body!).variables).toEqual({ v: '$EMAIL_TOKEN_1' });
    const frames = report.results.find((result) => result.id === 'frames')!;
    expect(frames.frames!.map((frame) => frame.text)).toEqual([
      '{"type":"connection_init","payload":{"Authorization":"Bearer $TOKEN_A"}}',
      '{"type":"connection_init","payload":{"headers":{"authorization":"Bearer $TOKEN_B"},"authToken":"$SECRET_1"}}',
      '{"type":"connection_init","payload":{"token":"$TOKEN_C"}}',
      '{"type":"subscribe","id":"a-1","payload":{"query":"mutation($t: String!) { logout(refreshToken: $t) }","variables":{"t":"$REFRESH_TOKEN_A"}}}',
      '{"type":"next","id":"a-1","payload":{"data":{"refreshToken":{"accessToken":"$TOKEN_A_REFRESHED","refreshToken":"$REFRESH_TOKEN_A_REFRESHED"}}}}',
      '4401 token $TOKEN_C expired',
    ]);
    expect(frames.exchanges[0]!.request.url).toBe(`${graphqlUrl}?access_token=$SECRET_2`);
    expect(frames.reason).toBe('the server echoed $TOKEN_A and $PASSWORD_A');
  });

  it('keeps what is not a secret: ids, error codes, a scheme alone, a made-up token a check sends on purpose', () => {
    const invalid = exchange({ authorization: 'Bearer not-a-token-of-this-server' }, { query: '{ me { id } }' }, { errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] });
    const bare: CheckResult = failed('kept', [invalid], { frames: [{ atMs: 1, actor: 'A', direction: 'sent', text: '{"type":"connection_init","payload":{"Authorization":"Bearer"}}' }] });
    const kept = redactReport({ ...rawReport, results: [bare], notes: [] }, runSecrets()).results[0]!;
    expect(kept.exchanges[0]!.request.headers['authorization']).toBe('Bearer not-a-token-of-this-server');
    expect(kept.exchanges[0]!.response.body).toContain('"code":"UNAUTHENTICATED"');
    expect(kept.frames![0]!.text).toBe('{"type":"connection_init","payload":{"Authorization":"Bearer"}}');
  });
});

describe('Secrets', () => {
  it('replaces a short secret only where it stands alone, a long one wherever it appears', () => {
    const secrets = new Secrets();
    secrets.add('alice', 'TOKEN_A', 'a dev token');
    secrets.add('0123456789abcdef', 'TOKEN_B', 'a real token');
    expect(secrets.redact('Bearer alice; malice; alice@example.com')).toBe('Bearer $TOKEN_A; malice; $TOKEN_A@example.com');
    expect(secrets.redact('x0123456789abcdefy')).toBe('x$TOKEN_By');
  });

  it('keeps the first name a value gets, numbers what it discovers per stem, and refuses a name that is no marker', () => {
    const seen: string[] = [];
    const secrets = new Secrets((secret) => seen.push(secret.variable));
    secrets.add('value-one-0123', 'TOKEN_A', 'A');
    secrets.discover('value-one-0123', 'ACCESS_TOKEN', 'again');
    secrets.discover('value-two-0123', 'ACCESS_TOKEN', 'new');
    secrets.discover('value-three-01', 'ACCESS_TOKEN', 'new');
    expect(seen).toEqual(['TOKEN_A', 'ACCESS_TOKEN_1', 'ACCESS_TOKEN_2']);
    expect(() => secrets.add('x', 'HOME', 'not a marker')).toThrow(/not a marker name/);
    expect(secrets.redactions[0]).toEqual({ marker: '$TOKEN_A', meaning: 'A' });
  });

  it('markers are the only $NAMEs a curl line expands', () => {
    expect('$TOKEN_A $REFRESH_TOKEN_A $PASSWORD_B $TOKEN_A_REFRESHED $ACCESS_TOKEN_1 $SECRET_2 $HOME $id $TOKEN'.match(markerPattern)).toEqual([
      '$TOKEN_A', '$REFRESH_TOKEN_A', '$PASSWORD_B', '$TOKEN_A_REFRESHED', '$ACCESS_TOKEN_1', '$SECRET_2',
    ]);
  });
});

/** The arguments bash passes to `curl` for the line, with the variables set. */
function bashArgs(line: string, variables: Record<string, string>): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${Object.entries(variables).map(([name, value]) => `${name}='${value}'`).join('\n')}\n${line}`;
  const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\0').slice(0, -1);
}

const curlInstalled = spawnSync('curl', ['--version']).status === 0;

/** Runs a bash script without blocking this process (a server in it may be what the script talks to). */
function bash(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('curl lines with markers in the body', () => {
  const body = JSON.stringify({ query: 'mutation R($t: String!) { refreshToken(refreshToken: $t) { accessToken } }', variables: { t: '$REFRESH_TOKEN_A', note: "it's $HOME" } });
  const line = curlFor({ ...exchange({ authorization: 'Bearer $TOKEN_A' }, {}, {}), request: { method: 'POST', url: graphqlUrl, headers: { 'content-type': 'application/json', authorization: 'Bearer $TOKEN_A' }, body } });

  it('expand the markers in the body, and nothing else', () => {
    const args = bashArgs(line, { TOKEN_A: 'tok-a', REFRESH_TOKEN_A: 'ref-a', HOME: '/should/not/expand' });
    expect(args.at(-1)).toBe(body.replace('$REFRESH_TOKEN_A', 'ref-a'));
    expect(args).toContain('authorization: Bearer tok-a');
  });

  it.skipIf(!curlInstalled)('send the variables\' values when run with bash and curl', async () => {
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ authorization: request.headers.authorization, body: text }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
      const script = `export TOKEN_A=tok-a REFRESH_TOKEN_A=ref-a\n${line.replace(`'${graphqlUrl}'`, `'${url}'`).replace('curl -i', 'curl -s')}`;
      // Not spawnSync: the server answering curl runs in this process.
      const result = await bash(script);
      expect(result.status, result.stderr).toBe(0);
      const echoed = JSON.parse(result.stdout) as { authorization: string; body: string };
      expect(echoed.authorization).toBe('Bearer tok-a');
      expect(JSON.parse(echoed.body).variables).toEqual({ t: 'ref-a', note: "it's $HOME" });
    } finally {
      server.close();
    }
  });
});
