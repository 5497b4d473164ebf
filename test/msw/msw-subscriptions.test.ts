import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createParleyHandlers, type ParleyHandlers } from '../../src/msw/index.js';
import { gql, ok } from '../support/client.js';
import { acknowledged, connectSocket, Results, until, type SocketClient } from '../support/socket.js';
import { login, registerActor, type Actor } from '../support/world.js';

/**
 * parley/msw's subscriptions: graphql-ws over MSW's WebSocket interception (`ws.link`), on the
 * same state as the HTTP handlers, with the Node WebSocket door's rules. The client is graphql-ws's
 * `createClient` on the global WebSocket, as in a frontend's test.
 */

// Node 20 has no global WebSocket for MSW to intercept (Node 22+ has): the README's Node 20 line.
// (The other way the README gives, --experimental-websocket, is tested in msw-node20.test.ts.)
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

/** No server listens here: MSW answers every request and socket to it. */
const ENDPOINT = 'http://parley.test/graphql';
const WS_URL = 'ws://parley.test/graphql';
const CONVERSATIONS = 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }';
const SEND = 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id sequence content } }';
const CREATED = 'subscription($c: ID!) { messageCreated(conversationId: $c) { id sequence content senderId } }';
const LOGOUT = 'mutation($r: String!) { logout(refreshToken: $r) }';

interface Created {
  readonly messageCreated: { id: string; sequence: number; content: string; senderId: string };
}

let parley: ParleyHandlers;
const server = setupServer();
let http: RunningMockServer;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint: ENDPOINT, seed: 1 });
  server.use(...parley.handlers);
  // Only the HTTP door (compared with below) is reached through the network.
  server.listen({ onUnhandledRequest: 'bypass' });
  http = await startMockServer({ port: 0, seed: 1 });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
  server.resetHandlers(...parley.handlers);
  await parley.reset();
});
afterAll(async () => {
  server.close();
  await http.close();
});

/** A graphql-ws client on the global WebSocket (MSW's, since `server.listen()`). */
function mswSocket(params: Record<string, unknown> | undefined): SocketClient {
  const socket = connectSocket(WS_URL, params, {}, globalThis.WebSocket);
  sockets.push(socket);
  return socket;
}

/** A graphql-ws client on `ws`, to the Node WebSocket door (MSW lets it through). */
function doorSocket(params: Record<string, unknown> | undefined): SocketClient {
  const socket = connectSocket(http.wsUrl, params);
  sockets.push(socket);
  return socket;
}

async function demoUser(username: string, url = ENDPOINT): Promise<Actor> {
  return login(url, `${username}@acme.test`, 'parley-demo');
}

async function general(actor: Actor, url = ENDPOINT): Promise<string> {
  const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, actor.token));
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(url, CONVERSATIONS, { w: workspaces[0]!.id }, actor.token));
  return conversations.nodes.find((node) => node.title === 'general')!.id;
}

async function send(actor: Actor, conversationId: string, content: string) {
  const input = { conversationId, clientMessageId: crypto.randomUUID(), content };
  return ok(await gql<{ sendMessage: { id: string; sequence: number; content: string } }>(ENDPOINT, SEND, { input }, actor.token)).sendMessage;
}

/** Subscribes and waits until the state holds the listener (graphql-ws does not acknowledge a subscribe). */
async function listen<T>(socket: SocketClient, query: string, conversationId: string): Promise<Results<T>> {
  const { events } = parley.state;
  const before = events.listenerCount('messageCreated', conversationId);
  const results = new Results<T>(socket, query, { c: conversationId });
  await until(() => events.listenerCount('messageCreated', conversationId) > before, 'the messageCreated listener');
  return results;
}

describe('parley/msw: subscriptions over ws.link', () => {
  it('serves the endpoint as a ws:// URL', () => {
    expect(parley.webSocketUrl).toBe(WS_URL);
  });

  it("alice's messageCreated on #general sees a sendMessage made through the HTTP handlers", async () => {
    const alice = await demoUser('alice');
    const bob = await demoUser('bob');
    const channel = await general(alice);
    const socket = mswSocket({ Authorization: `Bearer ${alice.token}` });
    await acknowledged(socket);
    const events = await listen<Created>(socket, CREATED, channel);
    const sent = await send(bob, channel, 'hello over ws.link');
    const event = (await events.data()).messageCreated;
    expect(event).toEqual({ id: sent.id, sequence: sent.sequence, content: 'hello over ws.link', senderId: bob.id });
    // Queries run over the socket too, as alice.
    expect(await new Results<{ me: { id: string } }>(socket, '{ me { id } }').data()).toEqual({ me: { id: alice.id } });
  });

  it('connection_init without a token: closed with 4401 and the reason the Node door gives', async () => {
    const [msw, door] = await Promise.all([mswSocket(undefined).closed, doorSocket(undefined).closed]);
    expect(msw.code).toBe(4401);
    expect(msw.reason).toMatch(/send the access token in connection_init/);
    expect(msw).toEqual(door);
  });

  it('a token that is not valid: 4401, as from the Node door', async () => {
    const [msw, door] = await Promise.all([mswSocket({ token: 'pa_nope' }).closed, doorSocket({ token: 'pa_nope' }).closed]);
    expect(msw.code).toBe(4401);
    expect(msw).toEqual(door);
  });

  it('a user outside the workspace gets the error the Node door gives (FORBIDDEN), and no event', async () => {
    const answers = await Promise.all(
      [ENDPOINT, http.url].map(async (url) => {
        // The same seed: #general has the same id behind both doors.
        const channel = await general(await demoUser('alice', url), url);
        const outsider = await registerActor(url, 'outsider');
        const params = { Authorization: `Bearer ${outsider.token}` };
        const socket = url === ENDPOINT ? mswSocket(params) : doorSocket(params);
        await acknowledged(socket);
        const results = new Results(socket, CREATED, { c: channel });
        const result = await results.next();
        await results.ended();
        return { channel, result };
      }),
    );
    const [msw, door] = answers;
    expect(msw!.channel).toBe(door!.channel);
    expect(msw!.result.errors?.map((error) => error.extensions?.['code'])).toEqual(['FORBIDDEN']);
    expect(msw!.result).toEqual(door!.result);
    expect(parley.state.events.listenerCount('messageCreated', msw!.channel)).toBe(0);
  });

  it('two clients at once: both get the event, and closing one leaves the other (presence follows)', async () => {
    const alice = await demoUser('alice');
    const bob = await demoUser('bob');
    const carol = await demoUser('carol');
    const channel = await general(alice);
    const aliceSocket = mswSocket({ Authorization: `Bearer ${alice.token}` });
    const bobSocket = mswSocket({ Authorization: `Bearer ${bob.token}` });
    await Promise.all([acknowledged(aliceSocket), acknowledged(bobSocket)]);
    expect(parley.state.presence.isPresent(alice.id)).toBe(true);
    const aliceEvents = await listen<Created>(aliceSocket, CREATED, channel);
    const bobEvents = await listen<Created>(bobSocket, CREATED, channel);
    const first = await send(carol, channel, 'to both');
    expect((await aliceEvents.data()).messageCreated.id).toBe(first.id);
    expect((await bobEvents.data()).messageCreated.id).toBe(first.id);

    await aliceSocket.dispose();
    await until(() => !parley.state.presence.isPresent(alice.id), 'alice to be absent');
    const second = await send(carol, channel, 'to bob only');
    expect((await bobEvents.data()).messageCreated.id).toBe(second.id);
    expect(aliceEvents.pending).toBe(0);
  });

  it('logging out through the HTTP handlers closes the socket of that session with 4401', async () => {
    const alice = await demoUser('alice');
    const socket = mswSocket({ Authorization: `Bearer ${alice.token}` });
    await acknowledged(socket);
    ok(await gql(ENDPOINT, LOGOUT, { r: alice.refreshToken }, alice.token));
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Unauthorized: the session has ended' });
  });

  it('a socket without the graphql-transport-ws subprotocol is closed with 4406; a binary frame is read as UTF-8 text', async () => {
    const frames = (protocols: string[], send?: Uint8Array<ArrayBuffer>) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const socket = new globalThis.WebSocket(WS_URL, protocols);
        socket.addEventListener('open', () => send && socket.send(send));
        socket.addEventListener('message', (event) => {
          seen.push(String(event.data));
          socket.close(1000);
        });
        socket.addEventListener('close', (event) => resolve([...seen, `closed ${event.code}`]));
      });
    expect(await frames([])).toEqual(['closed 4406']);
    const alice = await demoUser('alice');
    const init = new TextEncoder().encode(JSON.stringify({ type: 'connection_init', payload: { token: alice.token } }));
    expect(await frames(['graphql-transport-ws'], init)).toEqual(['{"type":"connection_ack"}', 'closed 1000']);
  });

  it('two Parley handler sets on one endpoint: the one used last serves the socket alone, as for HTTP', async () => {
    const empty = await createParleyHandlers({ endpoint: ENDPOINT, empty: true });
    server.use(...empty.handlers);
    // Only the empty state knows this user: the seeded one would refuse the token with 4401.
    const newcomer = await registerActor(ENDPOINT, 'newcomer');
    const socket = mswSocket({ Authorization: `Bearer ${newcomer.token}` });
    await acknowledged(socket);
    expect(await new Results<{ me: { id: string } }>(socket, '{ me { id } }').data()).toEqual({ me: { id: newcomer.id } });
    expect(empty.state.presence.isPresent(newcomer.id)).toBe(true);
  });

  it('reset() closes open sockets with 1012; the old token is refused by the fresh state (4401)', async () => {
    const alice = await demoUser('alice');
    const channel = await general(alice);
    const socket = mswSocket({ Authorization: `Bearer ${alice.token}` });
    await acknowledged(socket);
    const events = await listen<Created>(socket, CREATED, channel);
    const old = parley.state;
    await parley.reset();
    expect(await socket.closed).toEqual({ code: 1012, reason: "the mock's state was replaced (reset or restore); log in again if your token is refused" });
    await expect(events.next()).rejects.toThrow(/failed/);
    // The old state lost its listener and alice's presence; the new one never had them.
    expect(old.events.listenerCount('messageCreated', channel)).toBe(0);
    expect(old.presence.isPresent(alice.id)).toBe(false);
    expect((await mswSocket({ Authorization: `Bearer ${alice.token}` }).closed).code).toBe(4401);
    const again = await demoUser('alice');
    await acknowledged(mswSocket({ Authorization: `Bearer ${again.token}` }));
  });
});
