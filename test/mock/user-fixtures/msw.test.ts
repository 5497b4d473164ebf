import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createParleyHandlers, FixturesError, type ParleyHandlers } from '../../../src/msw/index.js';
import { gql, ok } from '../../support/client.js';

const ENDPOINT = 'http://parley.test/graphql';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const example = JSON.parse(readFileSync(`${root}fixtures/example.json`, 'utf8')) as Record<string, unknown>;
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }';
const SEND = 'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }';
const MESSAGES = 'query Messages($c: ID!) { messages(conversationId: $c, first: 50) { nodes { content replyTo { content } reactions { emoji } } } }';

let parley: ParleyHandlers;
const server = setupServer();
beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint: ENDPOINT, fixtures: example });
  server.use(...parley.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(async () => {
  server.resetHandlers(...parley.handlers);
  await parley.reset();
});
afterAll(() => server.close());

async function aliceInGeneral(): Promise<{ token: string; general: string }> {
  const { login } = ok(await gql<{ login: { accessToken: string } }>(ENDPOINT, LOGIN, { input: { email: 'alice@example.test', password: 'parley-demo' } }));
  const general = [...parley.state.tables.conversations.values()].find((c) => c.title === 'general')!;
  return { token: login.accessToken, general: general.id };
}

async function contents(token: string, conversationId: string) {
  return ok(await gql<{ messages: { nodes: { content: string; replyTo: { content: string } | null; reactions: { emoji: string }[] }[] } }>(ENDPOINT, MESSAGES, { c: conversationId }, token)).messages.nodes;
}

describe('createParleyHandlers({ fixtures })', () => {
  it('serves the file\'s data through MSW: alice reads #general with its reply and reactions', async () => {
    const { token, general } = await aliceInGeneral();
    const nodes = await contents(token, general);
    expect(nodes).toHaveLength(9);
    expect(nodes[1]).toEqual({ content: 'Thanks Alice! Glad to be here.', replyTo: { content: 'Welcome to Acme, everyone! 👋' }, reactions: [] });
    expect(nodes[0]!.reactions.map((r) => r.emoji)).toEqual(['🎉', '👋']);
    expect([...parley.state.tables.users.values()].map((u) => u.username)).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
  });

  it('reset() goes back to the file, with the same ids', async () => {
    const { token, general } = await aliceInGeneral();
    ok(await gql(ENDPOINT, SEND, { input: { conversationId: general, clientMessageId: 'msw-1', content: 'one more' } }, token));
    expect(await contents(token, general)).toHaveLength(10);
    await parley.reset();
    const again = await aliceInGeneral();
    expect(again.general).toBe(general);
    expect(await contents(again.token, again.general)).toHaveLength(9);
  });

  it('a file with problems rejects with a FixturesError listing them', async () => {
    const error = await createParleyHandlers({ endpoint: ENDPOINT, fixtures: { users: [{ username: 'alice' }], messages: [{ channel: 'general', from: 'alice', text: 'hi' }] } }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(FixturesError);
    expect((error as FixturesError).problems).toEqual([{ path: 'messages[0].channel', message: 'no channel "general" in channels' }]);
  });
});
