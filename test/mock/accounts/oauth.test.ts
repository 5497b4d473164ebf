import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { expectCode, gql, ok, type GraphQLResponse } from '../../support/client.js';

/**
 * The OAuth code flow with PKCE, played as a browser and an app would: the app asks for the
 * authorize URL, the browser GETs the page, POSTs the form, follows the 303, the app reads `code`
 * and `state` from the callback URL and calls loginWithOAuth with its verifier. The challenge is
 * computed here with node:crypto, independently of the mock's Web Crypto.
 */

const NOW = Date.UTC(2026, 5, 1, 12);
const clock = new ManualClock(NOW);
let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock });
});
afterAll(() => mock.close());

const AUTHORIZE = 'query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }';
const LOGIN = 'mutation($i: OAuthLoginInput!) { loginWithOAuth(input: $i) { accessToken refreshToken user { id username email } } }';

interface AuthPayload {
  accessToken: string;
  refreshToken: string;
  user: { id: string; username: string; email: string };
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function expectRefusal(response: GraphQLResponse<unknown>, code: string, field?: string): void {
  expectCode(response, code);
  if (field !== undefined) expect((response.errors![0]!.extensions as { field?: string }).field).toBe(field);
}

async function authorizeUrl(challenge: string, state: string): Promise<string> {
  return ok(await gql<{ oauthAuthorizationUrl: string }>(mock.url, AUTHORIZE, { i: { provider: 'IDP_TWO', codeChallenge: challenge, state } })).oauthAuthorizationUrl;
}

interface Page {
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
  /** Where the form posts, resolved against the page's URL as a browser does. */
  readonly action: string | undefined;
  /** username -> the account radio's value */
  readonly accounts: Map<string, string>;
}

async function openPage(url: string): Promise<Page> {
  const response = await fetch(url);
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const accounts = new Map<string, string>();
  for (const match of html.matchAll(/<input type="radio" name="account" value="([^"]+)"[^>]*>[^<]*<span class="who">@([^ ]+) /g)) {
    accounts.set(match[2]!, match[1]!);
  }
  return { status: response.status, html, headers: response.headers, action: action && new URL(action, url).href, accounts };
}

/** POSTs the form as a browser would, without following the redirect. */
async function answer(action: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(action, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The whole browser part: page, approve as `username`, the callback's code and state. */
async function approveAs(username: string, url: string): Promise<{ code: string; state: string; location: URL }> {
  const page = await openPage(url);
  expect(page.status).toBe(200);
  const answered = await answer(page.action!, { account: page.accounts.get(username)!, decision: 'approve' });
  expect(answered.status).toBe(303);
  const location = new URL(answered.location!);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')!, location };
}

const login = (code: string, codeVerifier: string) => gql<{ loginWithOAuth: AuthPayload }>(mock.url, LOGIN, { i: { provider: 'IDP_TWO', code, codeVerifier } });
const me = (token: string) => gql<{ me: { email: string } }>(mock.url, '{ me { email } }', {}, token);

describe('the OAuth code flow, as a browser and an app run it', () => {
  it('oauthProviders lists IDP_TWO', async () => {
    expect(ok(await gql<{ oauthProviders: string[] }>(mock.url, '{ oauthProviders }')).oauthProviders).toEqual(['IDP_TWO']);
  });

  it('authorize URL -> page listing the accounts -> approve -> callback with code and state -> loginWithOAuth', async () => {
    const { verifier, challenge } = pkcePair();
    const url = await authorizeUrl(challenge, 'xyz-state 1');
    expect(url).toMatch(new RegExp(`^${mock.origin}/oauth/authorize\\?request_id=oar_[A-Za-z0-9_-]+$`));

    const page = await openPage(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect([...page.accounts.keys()].slice(0, 4)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(page.html).toContain('alice@acme.test');
    expect(page.html).toContain('http://localhost:5173/oauth/callback');

    const answered = await answer(page.action!, { account: page.accounts.get('carol')!, decision: 'approve' });
    expect(answered.status).toBe(303);
    const callback = new URL(answered.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:5173/oauth/callback');
    expect(callback.searchParams.get('state')).toBe('xyz-state 1');
    const code = callback.searchParams.get('code')!;
    expect(code).toMatch(/^oac_/);

    const payload = ok(await login(code, verifier)).loginWithOAuth;
    expect(payload.user).toMatchObject({ username: 'carol', email: 'carol@acme.test' });
    expect(ok(await me(payload.accessToken)).me.email).toBe('carol@acme.test');
    // The session is an ordinary one: its refresh token rotates.
    ok(await gql(mock.url, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken } }', { r: payload.refreshToken }));
  });

  it('a redirect_uri appended to the URL receives the answer, its own query kept; the account may be named by username', async () => {
    const { verifier, challenge } = pkcePair();
    const target = 'https://app.example.test/auth/done?from=test';
    const url = `${await authorizeUrl(challenge, 's2')}&redirect_uri=${encodeURIComponent(target)}`;
    const page = await openPage(url);
    expect(page.html).toContain('https://app.example.test/auth/done?from=test');
    const answered = await answer(page.action!, { account: 'dave', decision: 'approve' });
    const callback = new URL(answered.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe('https://app.example.test/auth/done');
    expect(callback.searchParams.get('from')).toBe('test');
    expect(callback.searchParams.get('state')).toBe('s2');
    expect(ok(await login(callback.searchParams.get('code')!, verifier)).loginWithOAuth.user.username).toBe('dave');
  });

  it('deny redirects with error=access_denied and the state, and answers the request for good', async () => {
    const url = await authorizeUrl(pkcePair().challenge, 'deny-me');
    const page = await openPage(url);
    const answered = await answer(page.action!, { decision: 'deny' });
    expect(answered.status).toBe(303);
    const callback = new URL(answered.location!);
    expect(Object.fromEntries(callback.searchParams)).toEqual({ error: 'access_denied', state: 'deny-me' });
    expect((await openPage(url)).status).toBe(404);
    expect((await answer(page.action!, { account: 'alice', decision: 'approve' })).status).toBe(404);
  });

  it('the page escapes what it shows', async () => {
    const name = `<script>alert("x")</script> & co`;
    ok(await gql(mock.url, 'mutation($i: RegisterInput!) { register(input: $i) }', { i: { username: 'mallory', displayName: name, email: 'mallory@evil.test', password: 'long enough' } }));
    const page = await openPage(await authorizeUrl(pkcePair().challenge, 's'));
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('loginWithOAuth refuses', () => {
  it('a wrong verifier (UNAUTHENTICATED), and the code is spent by it', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await approveAs('alice', await authorizeUrl(challenge, 's'));
    expectRefusal(await login(code, pkcePair().verifier), 'UNAUTHENTICATED');
    expectRefusal(await login(code, verifier), 'UNAUTHENTICATED');
  });

  it('a reused code (UNAUTHENTICATED), revoking the session the code opened', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await approveAs('bob', await authorizeUrl(challenge, 's'));
    const first = ok(await login(code, verifier)).loginWithOAuth;
    const rotated = ok(await gql<{ refreshToken: AuthPayload }>(mock.url, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken } }', { r: first.refreshToken })).refreshToken;
    expectRefusal(await login(code, verifier), 'UNAUTHENTICATED');
    expectCode(await me(first.accessToken), 'UNAUTHENTICATED');
    expectCode(await me(rotated.accessToken), 'UNAUTHENTICATED');
  });

  it('an expired code (UNAUTHENTICATED): codes live 5 minutes', async () => {
    const fresh = pkcePair();
    const inTime = await approveAs('alice', await authorizeUrl(fresh.challenge, 's'));
    const stale = pkcePair();
    const late = await approveAs('alice', await authorizeUrl(stale.challenge, 's'));
    clock.advance(5 * 60_000 - 1);
    ok(await login(inTime.code, fresh.verifier));
    clock.advance(1);
    expectRefusal(await login(late.code, stale.verifier), 'UNAUTHENTICATED');
  });

  it('an unknown code (UNAUTHENTICATED); an empty code or a malformed verifier (BAD_USER_INPUT with field), which does not spend the code', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await approveAs('alice', await authorizeUrl(challenge, 's'));
    expectRefusal(await login('oac_nope', verifier), 'UNAUTHENTICATED');
    expectRefusal(await login('', verifier), 'BAD_USER_INPUT', 'input.code');
    for (const bad of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)} `, '']) {
      expectRefusal(await login(code, bad), 'BAD_USER_INPUT', 'input.codeVerifier');
    }
    ok(await login(code, verifier));
  });
});

describe('oauthAuthorizationUrl refuses', () => {
  const begin = (codeChallenge: string, state = 's') => gql(mock.url, AUTHORIZE, { i: { provider: 'IDP_TWO', codeChallenge, state } });

  it('a challenge that is not S256 (BAD_USER_INPUT, field input.codeChallenge)', async () => {
    const { verifier, challenge } = pkcePair();
    const lastBad = `${challenge.slice(0, 42)}${'AEIMQUYcgkosw048'.includes('B') ? 'C' : 'B'}`;
    for (const bad of ['', challenge.slice(0, 42), `${challenge}=`, verifier + 'abc', `${challenge.slice(0, 42)}+`, lastBad]) {
      expectRefusal(await begin(bad), 'BAD_USER_INPUT', 'input.codeChallenge');
    }
  });

  it('an empty, too long or non-ASCII state (BAD_USER_INPUT, field input.state)', async () => {
    const { challenge } = pkcePair();
    for (const bad of ['', 'x'.repeat(513), 'café', 'line\nbreak']) expectRefusal(await begin(challenge, bad), 'BAD_USER_INPUT', 'input.state');
    ok(await begin(challenge, 'x'.repeat(512)));
  });
});

describe('the authorize page refuses, without redirecting', () => {
  it('a redirect_uri that is not http(s), not absolute, or has a fragment (400)', async () => {
    for (const bad of ['javascript:alert(1)', 'ftp://files.example.test/cb', 'not a url', '/relative/cb', 'https://app.example.test/cb#frag', 'data:text/html,hi']) {
      const url = `${await authorizeUrl(pkcePair().challenge, 's')}&redirect_uri=${encodeURIComponent(bad)}`;
      const page = await openPage(url);
      expect(page.status, bad).toBe(400);
      expect(page.html).toContain('redirect_uri');
      const answered = await answer(url, { account: 'alice', decision: 'approve' });
      expect(answered.status).toBe(400);
      expect(answered.location).toBeNull();
    }
  });

  it('another redirect_uri than the one the request was first opened with (400)', async () => {
    const { verifier, challenge } = pkcePair();
    const base = await authorizeUrl(challenge, 's');
    const first = `${base}&redirect_uri=${encodeURIComponent('http://localhost:3000/cb')}`;
    expect((await openPage(first)).status).toBe(200);
    const diverted = `${base}&redirect_uri=${encodeURIComponent('https://attacker.example.test/cb')}`;
    expect((await openPage(diverted)).status).toBe(400);
    expect((await answer(diverted, { account: 'alice', decision: 'approve' })).status).toBe(400);
    expect((await answer(base, { account: 'alice', decision: 'approve' })).status).toBe(400);
    const answered = await answer(first, { account: 'alice', decision: 'approve' });
    expect(answered.location).toMatch(/^http:\/\/localhost:3000\/cb\?code=/);
    ok(await login(new URL(answered.location!).searchParams.get('code')!, verifier));
  });

  it('an expired request (400 after 10 minutes), an unknown or missing request_id (404, 400), an unknown account (400), a non-form POST (415), other methods (405)', async () => {
    const url = await authorizeUrl(pkcePair().challenge, 's');
    expect((await answer(url, { account: 'nobody-at-all', decision: 'approve' })).status).toBe(400);
    expect((await answer(url, { account: 'alice', decision: 'maybe' })).status).toBe(400);
    const json = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(405);
    expect((await openPage(url)).status).toBe(200);
    clock.advance(10 * 60_000);
    const expired = await openPage(url);
    expect(expired.status).toBe(400);
    expect(expired.html).toContain('expired');
    expect((await openPage(`${mock.origin}/oauth/authorize?request_id=oar_unknown`)).status).toBe(404);
    expect((await openPage(`${mock.origin}/oauth/authorize`)).status).toBe(400);
  });
});

describe('the authorize page of a mock without data', () => {
  let empty: RunningMockServer;
  beforeAll(async () => {
    empty = await startMockServer({ port: 0, empty: true });
  });
  afterAll(() => empty.close());

  it('offers only Deny when no account exists, and lists at most 50 accounts', async () => {
    const begin = async () =>
      ok(await gql<{ oauthAuthorizationUrl: string }>(empty.url, AUTHORIZE, { i: { provider: 'IDP_TWO', codeChallenge: pkcePair().challenge, state: 's' } })).oauthAuthorizationUrl;
    const none = await openPage(await begin());
    expect(none.accounts.size).toBe(0);
    expect(none.html).not.toContain('value="approve"');
    expect(none.html).toContain('value="deny"');
    for (let n = 0; n < 55; n++) empty.state.users.insert({ username: `user${n}`, displayName: `User ${n}`, email: `user${n}@example.test` }, null);
    const many = await openPage(await begin());
    expect(many.accounts.size).toBe(50);
    expect(many.accounts.has('user0')).toBe(true);
    expect(many.html).toContain('the first 50 of 55 accounts');
  });
});
