import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { nodePasswordHasher } from '../../src/mock-server/platform/node-passwords.js';
import type { PasswordHasher } from '../../src/mock-server/state/accounts/passwords.js';
import { MockState } from '../../src/mock-server/state/mock-state.js';
import { expectCode, gql, ok } from '../support/client.js';

/**
 * Account enumeration by timing: `login` must do the same work (one scrypt of the same cost) for
 * an unknown e-mail as for a known one with a wrong password. Counted, never timed: a timed
 * assertion would be flaky on a shared machine.
 */

const verified: { password: string; salt: string }[] = [];
const counting: PasswordHasher = {
  hash: (password) => nodePasswordHasher.hash(password),
  verify: (password, stored) => {
    verified.push({ password, salt: stored.salt });
    return nodePasswordHasher.verify(password, stored);
  },
};

let mock: RunningMockServer;
const LOGIN = 'mutation($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { accessToken } }';

beforeAll(async () => {
  mock = await startMockServer({ port: 0, state: new MockState({ passwords: counting }) });
  ok(await gql(mock.url, 'mutation($input: RegisterInput!) { register(input: $input) }', { input: { displayName: 'Kim Known', email: 'kim@example.test', password: 'right password', username: 'kim' } }));
});
afterAll(() => mock.close());

describe('login on an unknown e-mail', () => {
  it('runs the password hash once, as a wrong password on a known account does, and answers the same', async () => {
    verified.length = 0;
    const wrong = await gql(mock.url, LOGIN, { email: 'kim@example.test', password: 'wrong password' });
    expect(verified).toHaveLength(1);
    verified.length = 0;
    const unknown = await gql(mock.url, LOGIN, { email: 'nobody@example.test', password: 'wrong password' });
    expect(verified).toHaveLength(1);
    expectCode(wrong, 'UNAUTHENTICATED');
    expectCode(unknown, 'UNAUTHENTICATED');
    expect(unknown.errors![0]!.message).toBe(wrong.errors![0]!.message);
  });

  it('the stand-in hash has the stored format (so scrypt runs at full cost) and lets no password in', async () => {
    verified.length = 0;
    expectCode(await gql(mock.url, LOGIN, { email: 'nobody@example.test', password: 'whatever' }), 'UNAUTHENTICATED');
    expect(verified).toHaveLength(1);
    expect(Buffer.from(verified[0]!.salt, 'base64')).toHaveLength(16);
  });
});
