import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createMock } from '../../src/mock-server/mock.js';
import type { MockConversation } from '../../src/mock-server/facade/mock-data.js';
import { gql, ok } from '../support/client.js';
import { SseClient } from '../support/event-stream.js';
import { newSandbox } from '../sandboxes/sandbox-client.js';

// GET /dev/events: the live feed of journal entries, domain events, the simulator's status and
// state swaps, through the real server. The keep-alive interval is injected: no waiting for it.

let mock: RunningMockServer;
let channel: MockConversation;
const ticks: { ms: number; tick: () => void; stopped: boolean }[] = [];

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    empty: true,
    devControls: {
      events: {
        every: (ms, tick) => {
          const timer = { ms, tick, stopped: false };
          ticks.push(timer);
          return () => (timer.stopped = true);
        },
      },
    },
  });
  await mock.data.createUser({ username: 'ada' });
  await mock.data.createWorkspace({ name: 'Acme', owner: 'ada', slug: 'acme' });
  channel = await mock.data.createChannel({ workspace: 'acme', name: 'ops', by: 'ada' });
});
afterAll(() => mock.close());

interface Domain {
  kind: string;
  topic: string;
  at: string;
  payload: Record<string, unknown>;
}

describe('GET /dev/events', () => {
  it('is an event stream: journal entries as /dev/journal shows them, domain events as published', async () => {
    const events = await SseClient.open(`${mock.origin}/dev/events`);
    expect(events.response.status).toBe(200);
    expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await events.next('comment');
    const { accessToken } = await mock.data.signIn('ada');
    ok(await gql(mock.url, 'mutation Post($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input: { conversationId: channel.id, clientMessageId: 'c-1', content: 'hello stream' } }, accessToken));
    const created = await events.json<Domain>('domain');
    expect(created).toMatchObject({ kind: 'messageCreated', topic: `messageCreated ${channel.id}`, payload: { conversationId: channel.id, message: { content: 'hello stream', authorUsername: 'ada', deleted: false } } });
    const entry = await events.json<Record<string, unknown>>('journal');
    const [latest] = ((await (await fetch(`${mock.origin}/dev/journal?limit=1`)).json()) as { entries: unknown[] }).entries;
    expect(entry).toEqual(latest);
    expect(entry).toMatchObject({ operationName: 'Post', operationType: 'mutation', transport: 'http' });
    await events.close();
    await expect.poll(() => ticks.filter((each) => !each.stopped).length).toBe(0);
  });

  it('filters with ?types=, sends : keep-alive on the injected interval, and says reset on a state swap', async () => {
    const events = await SseClient.open(`${mock.origin}/dev/events?types=domain`);
    await events.next('comment');
    const timer = ticks.at(-1)!;
    expect(timer.ms).toBe(15_000);
    timer.tick();
    expect((await events.next('comment')).data).toBe('keep-alive');
    // A request is journaled, but this client asked for domain events only.
    ok(await gql(mock.url, '{ __typename }'));
    await mock.data.sendMessage({ conversation: channel.id, by: 'ada', content: 'second' });
    expect((await events.json<Domain>('domain')).kind).toBe('messageCreated');
    expect(events.pending.some((each) => each.event === 'journal')).toBe(false);

    expect((await fetch(`${mock.origin}/dev/reset`, { method: 'POST' })).status).toBe(200);
    await events.next('reset');
    // The stream goes on with the new state's events.
    await mock.data.createUser({ username: 'bob' });
    await mock.data.createWorkspace({ name: 'New', owner: 'bob', slug: 'new' });
    const fresh = await mock.data.createChannel({ workspace: 'new', name: 'after', by: 'bob' });
    await mock.data.sendMessage({ conversation: fresh.id, by: 'bob', content: 'after the reset' });
    const after = await events.json<Domain>('domain');
    expect(after.payload).toMatchObject({ conversationId: fresh.id, message: { content: 'after the reset' } });
    await events.close();
  });

  it('redacts a journal entry on the stream as /dev/journal does: no password', async () => {
    const events = await SseClient.open(`${mock.origin}/dev/events?types=journal`);
    await events.next('comment');
    // After the reset above nobody is registered: the login fails, and its variables are journaled all the same.
    await gql(mock.url, 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email: 'ada@example.test', password: 'a-secret-password' } });
    const entry = await events.next('journal');
    expect(entry.data).toContain('"operationName":"Login"');
    expect(entry.data).toContain('[redacted]');
    expect(entry.data).not.toContain('a-secret-password');
    await events.close();
  });

  it('refuses an unknown type, naming the field', async () => {
    const response = await fetch(`${mock.origin}/dev/events?types=journal,nope`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'types' });
  });
});

describe('GET /sandboxes/<id>/dev/events', () => {
  it('carries the sandbox\'s own events only, and ends when the sandbox is dropped', async () => {
    const sandbox = await newSandbox(mock.origin);
    const events = await SseClient.open(`${sandbox.devUrl}/events?types=journal`);
    expect(events.response.status).toBe(200);
    await events.next('comment');
    ok(await gql(mock.url, 'query Root { __typename }'));
    ok(await gql(sandbox.url, 'query Inside { __typename }'));
    expect((await events.json<{ operationName: string }>('journal')).operationName).toBe('Inside');
    expect((await fetch(sandbox.origin, { method: 'DELETE' })).status).toBe(204);
    await expect(events.next('journal')).rejects.toThrow(/ended/);
  });
});

describe('DevEvents.announce: the simulator\'s status', () => {
  it('goes to streams that asked for simulator events, and not to the others', async () => {
    const { controls } = await createMock({ empty: true });
    const all = controls!.events.openStream(new Set(['journal', 'domain', 'simulator']))!;
    const journalOnly = controls!.events.openStream(new Set(['journal']))!;
    controls!.events.announce('simulator', { running: true, scenario: 'busy-team' });
    const read = async (body: ReadableStream<Uint8Array>) => {
      const reader = body.getReader();
      let text = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
      return text;
    };
    controls!.events.closeAll();
    expect(await read(all.body)).toContain('event: simulator\ndata: {"running":true,"scenario":"busy-team"}\n\n');
    expect(await read(journalOnly.body)).not.toContain('simulator');
    expect(controls!.events.streams).toBe(0);
  });
});
