import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { registerActor, type Actor } from '../support/world.js';
import { SECRET_INPUT_COORDINATES } from '../support/secret-coordinates.js';

// Issue 26 item 6 (the journal's half): a password sent in a variable not named like a secret
// (`login(input: { password: $p })`) was journaled in clear. Secrets are now known by what the
// schema says they are, whatever the variable is called.

let mock: RunningMockServer;
let alice: Actor;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  alice = await registerActor(mock.url, 'alice');
});
afterAll(() => mock.close());

async function entries(): Promise<{ operationName: string | null; variables: unknown }[]> {
  const response = await fetch(`${mock.origin}/dev/journal`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: { operationName: string | null; variables: unknown }[] }).entries;
}

describe('the journal keeps no secret, whatever the variable is called', () => {
  it('a password under $p, a refresh token under $t and tokens inside a list are redacted', async () => {
    await fetch(`${mock.origin}/dev/journal`, { method: 'DELETE' });
    const login = await gql<{ login: { refreshToken: string } }>(
      mock.url,
      'mutation L($e: String!, $p: String!, $keep: Boolean) { login(input: { email: $e, password: $p, rememberMe: $keep }) { refreshToken } }',
      { e: alice.email, p: alice.password, keep: true },
    );
    const { refreshToken } = ok(login).login;
    await gql(mock.url, 'mutation R($t: String!) { refreshToken(refreshToken: $t) { accessToken } }', { t: refreshToken });
    await gql(mock.url, 'mutation J($x: String!) { joinWorkspace(token: $x) { id } }', { x: 'invite-secret-1' }, alice.token);
    await gql(mock.url, 'mutation O($c: String!, $v: String!) { loginWithOAuth(input: { provider: IDP_TWO, code: $c, codeVerifier: $v }) { accessToken } }', { c: 'code-secret-2', v: 'verifier-secret-3' });
    await gql(mock.url, 'mutation S($a: String) { exchangeSocialToken(input: { provider: IDP_ONE, idpOneIdentityToken: $a }) { accessToken } }', { a: 'id-token-secret-4' });

    const [social, oauth, join, refresh, loginEntry] = await entries();
    expect(loginEntry).toMatchObject({ operationName: 'L', variables: { e: alice.email, p: '[redacted]', keep: true } });
    expect(refresh).toMatchObject({ operationName: 'R', variables: { t: '[redacted]' } });
    expect(join).toMatchObject({ operationName: 'J', variables: { x: '[redacted]' } });
    expect(oauth).toMatchObject({ operationName: 'O', variables: { c: '[redacted]', v: '[redacted]' } });
    expect(social).toMatchObject({ operationName: 'S', variables: { a: '[redacted]' } });
    const all = JSON.stringify(await entries());
    for (const secret of [alice.password, refreshToken, 'invite-secret-1', 'code-secret-2', 'verifier-secret-3', 'id-token-secret-4']) expect(all).not.toContain(secret);
  });

  it('a variable used in a secret position through a fragment is redacted too; the name rule still applies', async () => {
    await fetch(`${mock.origin}/dev/journal`, { method: 'DELETE' });
    await gql(mock.url, 'mutation V($q: String!) { ...F } fragment F on Mutation { verifyEmail(token: $q) }', { q: 'mail-secret-5' });
    await gql(mock.url, 'query N($apiKey: String, $nested: [String]) { health }', { apiKey: 'k', nested: [{ accessToken: 'at' }] });
    const [named, fragment] = await entries();
    expect(fragment).toMatchObject({ operationName: 'V', variables: { q: '[redacted]' } });
    expect(named!.variables).toEqual({ apiKey: '[redacted]', nested: [{ accessToken: '[redacted]' }] });
  });

  it('the secret arguments and input fields, derived from schema.graphql, are pinned', async () => {
    const { secretCoordinatesOf } = await import('../../src/mock-server/runtime/journal/secret-coordinates.js');
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    expect(secretCoordinatesOf(schema)).toEqual(SECRET_INPUT_COORDINATES);
  });
});
