import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionMode } from '../../src/mock-server/engine/engine.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../support/client.js';

/**
 * Omitted input fields take their schema defaults on every execution path, from a document's
 * first use to its hundredth (graphql-jit, which runs a document from its second use on in the
 * adaptive mode, does not apply them itself). The differential fuzz test
 * (test/fuzz/execution-paths.test.ts) covers every input; these are the reported cases, kept
 * readable.
 */
const MODES: readonly ExecutionMode[] = ['adaptive', 'compiled', 'interpreted'];
const CREATE = 'mutation C($i: CreateChannelInput!) { createChannel(input: $i) { id title members { userId } } }';
const INLINE = 'mutation C($w: ID!, $t: String!, $m: [ID!]) { createChannel(input: {workspaceId: $w, title: $t, visibility: PUBLIC, memberIds: $m}) { id members { userId } } }';

interface Running {
  readonly mock: RunningMockServer;
  readonly token: string;
  readonly acme: string;
  readonly alice: string;
}

const running = new Map<ExecutionMode, Running>();

beforeAll(async () => {
  for (const mode of MODES) {
    const mock = await startMockServer({ port: 0, execution: mode, demo: { extraMembers: 0, generalMessages: 5 } });
    const login = ok(await gql<{ login: { accessToken: string; user: { id: string } } }>(mock.url, 'mutation { login(input: {email: "alice@acme.test", password: "parley-demo"}) { accessToken user { id } } }'));
    const { workspaces } = ok(await gql<{ workspaces: { id: string; slug: string }[] }>(mock.url, '{ workspaces { id slug } }', {}, login.login.accessToken));
    running.set(mode, { mock, token: login.login.accessToken, acme: workspaces.find((w) => w.slug === 'acme')!.id, alice: login.login.user.id });
  }
});
afterAll(() => Promise.all([...running.values()].map(({ mock }) => mock.close())));

describe.each(MODES)('on the %s path', (mode) => {
  it('the same createChannel document without memberIds creates a channel three times in a row', async () => {
    const { mock, token, acme, alice } = running.get(mode)!;
    for (const n of [1, 2, 3]) {
      const title = `t${n}-${mode}`;
      const { createChannel } = ok(await gql<{ createChannel: { title: string; members: { userId: string }[] } }>(mock.url, CREATE, { i: { workspaceId: acme, title, visibility: 'PUBLIC' } }, token));
      expect(createChannel.title).toBe(title);
      // memberIds took its default, []: the creator is the only member.
      expect(createChannel.members.map((member) => member.userId)).toEqual([alice]);
    }
  });

  it('a variable left out inside an object literal leaves the field to its default, every time', async () => {
    const { mock, token, acme, alice } = running.get(mode)!;
    for (const n of [1, 2, 3]) {
      const { createChannel } = ok(await gql<{ createChannel: { members: { userId: string }[] } }>(mock.url, INLINE, { w: acme, t: `inline${n}-${mode}` }, token));
      expect(createChannel.members.map((member) => member.userId)).toEqual([alice]);
    }
  });

  it('an explicit null for a non-null defaulted field is refused, every time', async () => {
    const { mock, token, acme } = running.get(mode)!;
    for (const n of [1, 2, 3]) {
      expectCode(await gql(mock.url, CREATE, { i: { workspaceId: acme, title: `null${n}-${mode}`, visibility: 'PUBLIC', memberIds: null } }, token), 'BAD_USER_INPUT');
      expectCode(await gql(mock.url, INLINE, { w: acme, t: `inline-null${n}-${mode}`, m: null }, token), 'BAD_USER_INPUT');
    }
  });

  it('an array where an input object belongs is refused, every time', async () => {
    const { mock, token } = running.get(mode)!;
    for (const _ of [1, 2, 3]) expectCode(await gql(mock.url, CREATE, { i: [] }, token), 'BAD_USER_INPUT');
  });
});
