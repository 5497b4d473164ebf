import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { readOutbox } from '../../support/outbox.js';

/** Email verification through the dev outbox, and `--require-verification`. */
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) }';
const VERIFY = 'mutation($token: String!) { verifyEmail(token: $token) }';
const RESEND = 'mutation($email: String!) { resendVerificationEmail(email: $email) }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }';
const PASSWORD = 'correct horse battery';

const clock = new ManualClock(Date.UTC(2026, 10, 23, 9));
let mock: RunningMockServer;
let strict: RunningMockServer;
let counter = 0;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  strict = await startMockServer({ port: 0, empty: true, requireVerification: true });
});
afterAll(() => Promise.all([mock.close(), strict.close()]));

const outbox = (server: RunningMockServer) => readOutbox(server.origin);

async function register(server: RunningMockServer): Promise<string> {
  const email = `user${++counter}@example.test`;
  ok(await gql(server.url, REGISTER, { input: { displayName: `User ${counter}`, email, password: PASSWORD, username: `user${counter}` } }));
  return email;
}

const mailsTo = async (server: RunningMockServer, email: string) => (await outbox(server)).filter((mail) => mail.to === email);

describe('email verification', () => {
  it('register mails a verification token to the outbox, newest last, with to, subject, text and token', async () => {
    const first = await register(mock);
    const second = await register(mock);
    const mails = await outbox(mock);
    expect(mails.map((mail) => mail.to).slice(-2)).toEqual([first, second]);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: second, subject: 'Verify your email address', link: null });
    expect(mail.token).toMatch(/^ev_[A-Za-z0-9_-]{24}$/);
    expect(mail.text).toContain(mail.token);
    expect(new Date(mail.sentAt).toISOString()).toBe(mail.sentAt);
  });

  it('verifyEmail accepts the token once; a used or bogus token is refused with a code naming the field', async () => {
    const email = await register(mock);
    const [mail] = await mailsTo(mock, email);
    expect(ok(await gql<{ verifyEmail: boolean }>(mock.url, VERIFY, { token: mail!.token }))).toEqual({ verifyEmail: true });
    const used = await gql(mock.url, VERIFY, { token: mail!.token });
    expectCode(used, 'BAD_USER_INPUT');
    expect(used.errors![0]!.message).toMatch(/already used/);
    expect(used.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'token' });
    const bogus = await gql(mock.url, VERIFY, { token: 'ev_bogus' });
    expectCode(bogus, 'NOT_FOUND');
    expect(bogus.errors![0]!.extensions).toEqual({ code: 'NOT_FOUND', field: 'token' });
  });

  it('a token expires after 24 hours', async () => {
    const email = await register(mock);
    const [mail] = await mailsTo(mock, email);
    clock.advance(24 * 3_600_000);
    const expired = await gql(mock.url, VERIFY, { token: mail!.token });
    expectCode(expired, 'BAD_USER_INPUT');
    expect(expired.errors![0]!.message).toMatch(/expired/);
  });

  it('resendVerificationEmail answers true for any address, mails only unverified accounts, and voids the older token', async () => {
    const email = await register(mock);
    const before = (await outbox(mock)).length;
    expect(ok(await gql(mock.url, RESEND, { email: 'nobody@example.test' }))).toEqual({ resendVerificationEmail: true });
    expect((await outbox(mock)).length).toBe(before);

    expect(ok(await gql(mock.url, RESEND, { email: email.toUpperCase() }))).toEqual({ resendVerificationEmail: true });
    const [older, newer] = await mailsTo(mock, email);
    expect(newer!.token).not.toBe(older!.token);
    expectCode(await gql(mock.url, VERIFY, { token: older!.token }), 'NOT_FOUND');
    ok(await gql(mock.url, VERIFY, { token: newer!.token }));

    const count = (await outbox(mock)).length;
    expect(ok(await gql(mock.url, RESEND, { email }))).toEqual({ resendVerificationEmail: true });
    expect((await outbox(mock)).length, 'a verified account gets no mail').toBe(count);
  });

  it('login works unverified by default', async () => {
    const email = await register(mock);
    ok(await gql(mock.url, LOGIN, { input: { email, password: PASSWORD } }));
  });

  it('with requireVerification, login refuses an unverified account (FORBIDDEN) until it verifies', async () => {
    const email = await register(strict);
    expectCode(await gql(strict.url, LOGIN, { input: { email, password: PASSWORD } }), 'FORBIDDEN');
    const [mail] = await mailsTo(strict, email);
    ok(await gql(strict.url, VERIFY, { token: mail!.token }));
    ok(await gql(strict.url, LOGIN, { input: { email, password: PASSWORD } }));
  });

  it('a wrong password is still UNAUTHENTICATED before verification is looked at', async () => {
    const email = await register(strict);
    expectCode(await gql(strict.url, LOGIN, { input: { email, password: 'wrong password' } }), 'UNAUTHENTICATED');
  });
});

describe('register errors name the field', () => {
  it('CONFLICT and BAD_USER_INPUT carry extensions.field', async () => {
    const email = await register(mock);
    const taken = await gql(mock.url, REGISTER, { input: { displayName: 'X', email, password: PASSWORD, username: `other${counter}` } });
    expect(taken.errors![0]!.extensions).toEqual({ code: 'CONFLICT', field: 'input.email' });
    const cases: [Record<string, string>, string][] = [
      [{ username: '-bad' }, 'input.username'],
      [{ email: 'not-an-email' }, 'input.email'],
      [{ password: 'short' }, 'input.password'],
      [{ displayName: '   ' }, 'input.displayName'],
    ];
    for (const [change, field] of cases) {
      const input = { displayName: 'Y', email: `fresh${++counter}@example.test`, password: PASSWORD, username: `fresh${counter}`, ...change };
      const refused = await gql(mock.url, REGISTER, { input });
      expect(refused.errors![0]!.extensions, JSON.stringify(change)).toEqual({ code: 'BAD_USER_INPUT', field });
    }
  });
});

describe('/dev/outbox', () => {
  it('answers 405 to other methods and 404 to other dev paths', async () => {
    expect((await fetch(`${mock.origin}/dev/outbox`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${mock.origin}/dev/nothing`)).status).toBe(404);
  });

  it('is not served with devRoutes off', async () => {
    const closed = await startMockServer({ port: 0, empty: true, devRoutes: false });
    try {
      expect((await fetch(`${closed.origin}/dev/outbox`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
