import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';
import { uploadBytes } from '../../support/files.js';
import { acknowledged, connectSocket } from '../../support/socket.js';
import { registerActor, type Actor } from '../../support/world.js';

/** What `--persist` writes after: the engine's change signal (`Engine.onChange`). */
describe('the engine reports changes', () => {
  let mock: RunningMockServer;
  let alice: Actor;
  let changes = 0;

  beforeAll(async () => {
    mock = await startMockServer({ port: 0, empty: true });
    mock.runtime.onChange(() => (changes += 1));
    alice = await registerActor(mock.url, 'alice');
  });
  afterAll(() => mock.close());

  it('after every mutation, refused ones included, and never after a query', async () => {
    const before = changes;
    ok(await gql(mock.url, '{ me { id } }', {}, alice.token));
    expect(changes).toBe(before);
    await gql(mock.url, 'mutation { createWorkspace(input: { name: "", slug: "x" }) { id } }', {}, alice.token);
    expect(changes).toBe(before + 1);
  });

  it('after a mutation over WebSocket', async () => {
    const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${alice.token}` });
    await acknowledged(socket);
    const before = changes;
    await new Promise<void>((resolve, reject) => {
      socket.client.subscribe({ query: 'mutation { createWorkspace(input: { name: "Over WS", slug: "over-ws" }) { id } }' }, { next: () => {}, error: reject, complete: resolve });
    });
    expect(changes).toBe(before + 1);
    await socket.dispose();
  });

  it('after an upload PUT stored bytes (the mutation that made the URL counts once more)', async () => {
    const before = changes;
    await uploadBytes(mock.url, alice, { fileName: 'a.txt', contentType: 'text/plain' }, 'hello');
    expect(changes).toBe(before + 2);
  });

  it('after a reset or a restore; and a reset drops the sessions opened since the start', async () => {
    const before = changes;
    await fetch(`${mock.origin}/dev/reset`, { method: 'POST' });
    expect(changes).toBe(before + 1);
    const me = await gql(mock.url, '{ me { id } }', {}, alice.token);
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
