import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/mock-server/runtime/create-runtime.js';
import type { OperationRequest } from '../../src/mock-server/engine/engine.js';
import type { Runtime } from '../../src/mock-server/runtime/runtime.js';
import { createDemoState } from '../../src/mock-server/demo/create-demo-state.js';
import type { MockState } from '../../src/mock-server/state/mock-state.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { nodePasswordHasher } from '../../src/mock-server/platform/node-passwords.js';
import { MESSAGES, SINCE } from '../support/queries.js';

let state: MockState;
let compiled: Runtime;
let interpreted: Runtime;
let token: string;
let general: string;
let design: string;
let deletedId: string;
let cursor: string;

beforeAll(async () => {
  // A clock that stands still: both engines read one state, and what they answer (a
  // conversation list's cursor carries the moment its walk began) must not differ by a millisecond.
  state = await createDemoState({ seed: 3, clock: new ManualClock(Date.parse('2026-06-01T09:00:00Z')), passwords: nodePasswordHasher });
  compiled = createRuntime(state, { execution: 'compiled', logBug: () => {} });
  interpreted = createRuntime(state, { execution: 'interpreted', logBug: () => {} });
  const alice = await state.users.login('alice@acme.test', 'parley-demo', false);
  token = alice.tokens.accessToken;
  const conversations = [...state.tables.conversations.values()];
  general = conversations.find((c) => c.title === 'general')!.id;
  design = conversations.find((c) => c.title === 'design')!.id;
  deletedId = [...state.tables.messages.values()].find((m) => m.conversationId === general && m.deletedAt !== null)!.id;
  cursor = state.messagePages.backward({ conversationId: design, first: 1 }, alice.user.id).endCursor!;
});

/** Requests that exercise results, domain errors, coercion errors and GraphQL features. */
type Case = Omit<OperationRequest, 'publicOrigin'>;
const auth = () => `Bearer ${token}`;
const cases: Record<string, () => Case> = {
  'messages, newest page': () => ({ query: MESSAGES, variables: { conversationId: general, first: 7 }, authorization: auth() }),
  'messages, deleted anchor': () => ({ query: MESSAGES, variables: { conversationId: general, aroundMessageId: deletedId }, authorization: auth() }),
  'messages, cursor of another conversation': () => ({ query: MESSAGES, variables: { conversationId: general, before: cursor }, authorization: auth() }),
  'messages, first 0': () => ({ query: MESSAGES, variables: { conversationId: general, first: 0 }, authorization: auth() }),
  'messages, first null': () => ({ query: MESSAGES, variables: { conversationId: general, first: null }, authorization: auth() }),
  'messages, first not an Int': () => ({ query: MESSAGES, variables: { conversationId: general, first: 'ten' }, authorization: auth() }),
  'messages, conversationId an Int': () => ({ query: MESSAGES, variables: { conversationId: 5 }, authorization: auth() }),
  'messages, missing variable': () => ({ query: MESSAGES, variables: {}, authorization: auth() }),
  'messages, no token': () => ({ query: MESSAGES, variables: { conversationId: general } }),
  'messages, bad token': () => ({ query: MESSAGES, variables: { conversationId: general }, authorization: 'Bearer nope' }),
  'messagesSince, middle': () => ({ query: SINCE, variables: { conversationId: general, afterSequence: 120, first: 5 }, authorization: auth() }),
  'messagesSince, negative': () => ({ query: SINCE, variables: { conversationId: general, afterSequence: -1 }, authorization: auth() }),
  'aliases, fragments, directives': () => ({
    query: `query($c: ID!, $more: Boolean!) {
      newest: messages(conversationId: $c, first: 2) { ...Page }
      older: messages(conversationId: $c, first: 2) @include(if: $more) { ...Page }
      me { __typename id ... on UserProfile { displayName } }
    }
    fragment Page on MessagePage { __typename hasNextPage nodes { id sequence reactions { emoji } } }`,
    variables: { c: general, more: true },
    authorization: auth(),
  }),
  'two root fields, one failing': () => ({ query: `{ me { id } messages(conversationId: "${general}", first: 101) { endCursor } }`, authorization: auth() }),
  conversations: () => ({ query: `query($w: ID!) { conversations(workspaceId: $w, first: 2) { nodes { id title members { userId lastReadSequence } } endCursor hasNextPage } }`, variables: { w: state.tables.conversations.get(general)!.workspaceId }, authorization: auth() }),
  'a domain error (unknown workspace)': () => ({ query: '{ workspaceSearch(workspaceId: "00000000-0000-4000-8000-000000000000", input: {query: "x"}) { people { userId } } }', authorization: auth() }),
  'an async resolver refusing': () => ({ query: '{ storedFileDownloadUrl(id: "00000000-0000-4000-8000-000000000000") }', authorization: auth() }),
  'a failing mutation': () => ({ query: 'mutation { deleteMessage(id: "nope") { id } }', authorization: auth() }),
  introspection: () => ({ query: getIntrospectionQuery() }),
};

describe('both execution paths give the same results and the same errors', () => {
  it.each(Object.keys(cases))('%s', async (name) => {
    const request = { ...cases[name]!(), publicOrigin: 'http://localhost' };
    // As bytes, not as parsed JSON: the order of keys is part of what clients receive.
    const viaJit = JSON.stringify(await compiled.run(request));
    const viaJs = JSON.stringify(await interpreted.run(request));
    expect(viaJit).toBe(viaJs);
    // Run again: the second run of the compiled engine reuses its compiled operation.
    expect(JSON.stringify(await compiled.run(request))).toBe(viaJs);
  });

});
