import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok, type GraphQLResponse } from '../../support/client.js';

/**
 * exchangeSocialToken with mock identity tokens: unsigned JWTs (alg none) whose `iss` names the
 * provider. Tokens are built with jose's UnsecuredJWT, or by hand where a test needs a broken one.
 */

const NOW = Date.UTC(2026, 5, 1, 12);
const NOW_S = NOW / 1000;
const clock = new ManualClock(NOW);
let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock });
});
afterAll(() => mock.close());

const IDP_ONE = 'https://idp-one.parley.test';
const IDP_TWO = 'https://idp-two.parley.test';

/** The example token of docs/mock-behaviour.md, verbatim: it must keep working. */
const DOCUMENTED_TOKEN =
  'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJpc3MiOiJodHRwczovL2lkcC10d28ucGFybGV5LnRlc3QiLCJzdWIiOiJncmFjZS0xIiwiZW1haWwiOiJncmFjZUBleGFtcGxlLnRlc3QiLCJuYW1lIjoiR3JhY2UgRXhhbXBsZSIsImVtYWlsX3ZlcmlmaWVkIjp0cnVlLCJleHAiOjQxMDI0NDQ4MDB9.';

const EXCHANGE = 'mutation($i: ExchangeSocialTokenInput!) { exchangeSocialToken(input: $i) { accessToken refreshToken user { id username displayName email } } }';

interface Payload {
  accessToken: string;
  refreshToken: string;
  user: { id: string; username: string; displayName: string; email: string };
}

interface Claims {
  iss?: string;
  sub?: string;
  email?: unknown;
  name?: unknown;
  email_verified?: unknown;
  exp?: unknown;
}

/** An unsigned token, valid for an hour of the manual clock unless `claims` say otherwise. */
function token(claims: Claims): string {
  const { iss, sub, exp, ...rest } = { exp: NOW_S + 3600, ...claims };
  const jwt = new UnsecuredJWT(rest as Record<string, unknown>);
  if (iss !== undefined) jwt.setIssuer(iss);
  if (sub !== undefined) jwt.setSubject(sub);
  if (exp !== undefined) jwt.setExpirationTime(exp as number);
  return jwt.encode();
}

/** A token built by hand, for forms jose would not produce. */
function rawToken(header: unknown, payload: unknown, signature = ''): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

const exchange = (input: Record<string, unknown>) => gql<{ exchangeSocialToken: Payload }>(mock.url, EXCHANGE, { i: input });
const signIn = async (input: Record<string, unknown>) => ok(await exchange(input)).exchangeSocialToken;
const userOf = (id: string) => mock.state.tables.users.get(id)!;

function expectRefusal(response: GraphQLResponse<unknown>, code: string, field: string): void {
  expectCode(response, code);
  expect((response.errors![0]!.extensions as { field?: string }).field, JSON.stringify(response.errors)).toBe(field);
}

describe('exchangeSocialToken signs in', () => {
  it('with the documented example token: a new account without a password, email verified, a working session', async () => {
    const payload = await signIn({ provider: 'IDP_TWO', idpTwoIdToken: DOCUMENTED_TOKEN });
    expect(payload.user).toMatchObject({ username: 'grace', displayName: 'Grace Example', email: 'grace@example.test' });
    expect(ok(await gql<{ me: { id: string } }>(mock.url, '{ me { id } }', {}, payload.accessToken)).me.id).toBe(payload.user.id);
    expect(userOf(payload.user.id).password).toBeNull();
    expect(userOf(payload.user.id).emailVerifiedAt).toBe(NOW);
    // No password, so no password login, whatever is tried.
    expectCode(await gql(mock.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'grace@example.test', password: 'parley-demo' } }), 'UNAUTHENTICATED');
    // The same identity signs in to the same account.
    expect((await signIn({ provider: 'IDP_TWO', idpTwoIdToken: DOCUMENTED_TOKEN })).user.id).toBe(payload.user.id);
  });

  it('the same subject finds its account even after its email changed at the provider', async () => {
    const first = await signIn({ provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, sub: 'sub-frank', email: 'frank@example.test', email_verified: true }) });
    const again = await signIn({ provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, sub: 'sub-frank', email: 'frank.new@example.test' }) });
    expect(again.user.id).toBe(first.user.id);
    expect(again.user.email).toBe('frank@example.test');
  });

  it('links to the existing account with the same email when the provider verified it; password login still works', async () => {
    const alice = mock.state.tables.usersByEmail.get('alice@acme.test')!;
    const payload = await signIn({ provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, sub: 'a-1', email: 'Alice@ACME.test', email_verified: 'true' }) });
    expect(payload.user.id).toBe(alice);
    ok(await gql(mock.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'alice@acme.test', password: 'parley-demo' } }));
  });

  it('IDP_ONE with an identity token, an authorization code, or both naming the same identity', async () => {
    const claims = { iss: IDP_ONE, sub: 'one-gina', email: 'gina@example.test', name: 'Gina' };
    const byToken = await signIn({ provider: 'IDP_ONE', idpOneIdentityToken: token(claims) });
    const byCode = await signIn({ provider: 'IDP_ONE', idpOneAuthorizationCode: token(claims) });
    const byBoth = await signIn({ provider: 'IDP_ONE', idpOneIdentityToken: token(claims), idpOneAuthorizationCode: token(claims) });
    expect(new Set([byToken.user.id, byCode.user.id, byBoth.user.id]).size).toBe(1);
    expect(byToken.user.displayName).toBe('Gina');
    // email_verified absent: the account exists, its address not verified.
    expect(userOf(byToken.user.id).emailVerifiedAt).toBeNull();
  });

  it('derives a free username from the email, and a display name when the token has none', async () => {
    const make = async (email: string, name?: string) =>
      (await signIn({ provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email, email_verified: true, ...(name === undefined ? {} : { name }) }) })).user;
    expect(await make('alice@elsewhere.test')).toMatchObject({ username: 'alice-2', displayName: 'alice' });
    expect((await make('alice@third.test')).username).toBe('alice-3');
    expect((await make('Ann.Lee+chat@example.test', 'Ann\u0007 Lee')).username).toBe('ann.leechat');
    expect((await make('_x@example.test', '   ')).username).toBe('userx');
    expect((await make(`${'long'.repeat(12)}@example.test`)).username).toBe('long'.repeat(6));
    expect((await make('ann.lee.chat@example.test', 'Ann\u0007 Lee')).displayName).toBe('Ann  Lee');
  });
});

describe('exchangeSocialToken refuses, changing nothing', () => {
  const valid = (iss: string) => token({ iss, email: 'nobody-new@example.test', email_verified: true });

  it.each([
    ['no token for IDP_TWO', { provider: 'IDP_TWO' }, 'input.idpTwoIdToken'],
    ['no token for IDP_ONE', { provider: 'IDP_ONE', idpTwoIdToken: null }, 'input.idpOneIdentityToken'],
    ['an IDP_ONE field for IDP_TWO', { provider: 'IDP_TWO', idpOneIdentityToken: valid(IDP_TWO) }, 'input.idpOneIdentityToken'],
    ['the IDP_TWO field for IDP_ONE', { provider: 'IDP_ONE', idpTwoIdToken: valid(IDP_ONE) }, 'input.idpTwoIdToken'],
    ['an empty token', { provider: 'IDP_TWO', idpTwoIdToken: '' }, 'input.idpTwoIdToken'],
    ['not a JWT', { provider: 'IDP_TWO', idpTwoIdToken: 'garbage' }, 'input.idpTwoIdToken'],
    ['undecodable parts', { provider: 'IDP_TWO', idpTwoIdToken: 'a.b.' }, 'input.idpTwoIdToken'],
    ['a payload that is not an object', { provider: 'IDP_TWO', idpTwoIdToken: rawToken({ alg: 'none' }, [1, 2]) }, 'input.idpTwoIdToken'],
    ['a signed token', { provider: 'IDP_TWO', idpTwoIdToken: rawToken({ alg: 'RS256' }, { iss: IDP_TWO, email: 'x@example.test', exp: NOW_S + 60 }, 'c2lnbmF0dXJl') }, 'input.idpTwoIdToken'],
    ['alg none with a signature', { provider: 'IDP_TWO', idpTwoIdToken: rawToken({ alg: 'none' }, { iss: IDP_TWO, email: 'x@example.test', exp: NOW_S + 60 }, 'c2ln') }, 'input.idpTwoIdToken'],
    ['no exp', { provider: 'IDP_TWO', idpTwoIdToken: rawToken({ alg: 'none' }, { iss: IDP_TWO, email: 'x@example.test' }) }, 'input.idpTwoIdToken'],
    ['no iss', { provider: 'IDP_TWO', idpTwoIdToken: token({ email: 'x@example.test' }) }, 'input.idpTwoIdToken'],
    ['no email', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO }) }, 'input.idpTwoIdToken'],
    ['an email that is not one', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'not an email' }) }, 'input.idpTwoIdToken'],
    ['email_verified neither true nor false', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'x@example.test', email_verified: 'yes' }) }, 'input.idpTwoIdToken'],
    ['a name that is not a string', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'x@example.test', name: 7 }) }, 'input.idpTwoIdToken'],
    ['an exp beyond any date', { provider: 'IDP_TWO', idpTwoIdToken: rawToken({ alg: 'none' }, { iss: IDP_TWO, email: 'x@example.test', exp: 1e300 }) }, 'input.idpTwoIdToken'],
    ['an oversized token', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'x@example.test', name: 'n'.repeat(9000) }) }, 'input.idpTwoIdToken'],
    ['two IDP_ONE tokens naming different identities', { provider: 'IDP_ONE', idpOneIdentityToken: token({ iss: IDP_ONE, email: 'p@example.test' }), idpOneAuthorizationCode: token({ iss: IDP_ONE, email: 'q@example.test' }) }, 'input.idpOneAuthorizationCode'],
  ])('%s: BAD_USER_INPUT', async (_name, input, field) => {
    const before = digestTables(mock.state.tables);
    expectRefusal(await exchange(input), 'BAD_USER_INPUT', field);
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it.each([
    ['a token of IDP_ONE sent for IDP_TWO', { provider: 'IDP_TWO', idpTwoIdToken: valid(IDP_ONE) }, 'input.idpTwoIdToken'],
    ['a token of IDP_TWO sent for IDP_ONE', { provider: 'IDP_ONE', idpOneIdentityToken: valid(IDP_TWO) }, 'input.idpOneIdentityToken'],
    ['an IDP_TWO code sent for IDP_ONE', { provider: 'IDP_ONE', idpOneAuthorizationCode: valid(IDP_TWO) }, 'input.idpOneAuthorizationCode'],
    ['an unknown issuer', { provider: 'IDP_TWO', idpTwoIdToken: valid('https://accounts.example.test') }, 'input.idpTwoIdToken'],
    ['a token that expired a second ago', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'late@example.test', exp: NOW_S - 1 }) }, 'input.idpTwoIdToken'],
    ['a token expiring this very second', { provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, email: 'late@example.test', exp: NOW_S }) }, 'input.idpTwoIdToken'],
  ])('%s: UNAUTHENTICATED', async (_name, input, field) => {
    const before = digestTables(mock.state.tables);
    expectRefusal(await exchange(input), 'UNAUTHENTICATED', field);
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it('an existing email the provider does not vouch for: CONFLICT, no link', async () => {
    const before = digestTables(mock.state.tables);
    for (const email_verified of [undefined, false, 'false']) {
      expectRefusal(await exchange({ provider: 'IDP_TWO', idpTwoIdToken: token({ iss: IDP_TWO, sub: 'b-1', email: 'bob@acme.test', email_verified }) }), 'CONFLICT', 'input.idpTwoIdToken');
    }
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it('a token that was valid, once the clock passes its exp', async () => {
    const later = token({ iss: IDP_TWO, email: 'hana@example.test', exp: NOW_S + 600 });
    ok(await exchange({ provider: 'IDP_TWO', idpTwoIdToken: later }));
    clock.advance(600_000);
    expectRefusal(await exchange({ provider: 'IDP_TWO', idpTwoIdToken: later }), 'UNAUTHENTICATED', 'input.idpTwoIdToken');
  });
});
