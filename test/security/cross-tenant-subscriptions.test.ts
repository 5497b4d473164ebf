import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { Sockets } from '../support/realtime.js';
import { Results } from '../support/socket.js';
import { send } from '../support/world.js';
import { SUBSCRIPTIONS } from './cross-tenant-cases.js';
import { buildTwoTenants, CALLERS, type Tenant, type TwoTenants } from './tenants.js';

/**
 * Attack class: crossing tenants over the WebSocket door. Every subscription, asked for a channel
 * of workspace B by A's people in every role and by a member B removed (who was in that channel),
 * ends with FORBIDDEN, holds no listener, and delivers nothing of B's. The same subscription to
 * A's channel is held for A's owner (the control).
 */


let mock: RunningMockServer;
let home: Tenant;
let foreign: Tenant;
let callerOf: TwoTenants['callerOf'];
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  ({ home, foreign, callerOf } = await buildTwoTenants(mock.url));
}, 60_000);
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

const selectionOf = (field: string) => (field.endsWith('Changed') ? '{ conversationId userId active }' : '{ id content }');
const queryOf = (field: string) => `subscription($c: ID!) { ${field}(conversationId: $c) ${selectionOf(field)} }`;

describe.each(SUBSCRIPTIONS)('%s of the other workspace\'s channel', (field) => {
  it('is held for the home OWNER on a home channel (the control)', async () => {
    const socket = await sockets.as(home.people.OWNER);
    const before = mock.state.events.listenerCount(field, home.publicChannelId);
    await sockets.listen(socket, field, queryOf(field), home.publicChannelId);
    expect(mock.state.events.listenerCount(field, home.publicChannelId)).toBe(before + 1);
  });

  it.each(CALLERS)('ends with FORBIDDEN for %s, holds no listener and delivers nothing', async (name) => {
    const caller = callerOf(name);
    const socket = await sockets.as(caller);
    const channel = foreign.publicChannelId;
    const results = new Results(socket, queryOf(field), { c: channel });
    const first = await results.next();
    expect(first.data ?? null).toBeNull();
    expect(first.errors?.map((error) => error.extensions?.['code'])).toEqual(['FORBIDDEN']);
    expect(JSON.stringify(first)).not.toContain(foreign.canary);
    await results.ended();
    expect(results.completed).toBe(true);
    expect(mock.state.events.listenerCount(field, channel)).toBe(0);
    await send(mock.url, foreign.people.OWNER, channel, `${foreign.canary} after the refusal`);
    expect(results.pending).toBe(0);
  });
});
