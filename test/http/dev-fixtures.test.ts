import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../support/client.js';

const example = readFileSync(new URL('../../fixtures/example.json', import.meta.url), 'utf8');
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken user { username } } }';

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

const post = (body: string) => fetch(`${mock.origin}/dev/fixtures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const loginErin = () => gql<{ login: { accessToken: string; user: { username: string } } }>(mock.url, LOGIN, { input: { email: 'erin@acme.test', password: 'erin-secret-1' } });

describe('POST /dev/fixtures: load a fixtures file into the running mock', () => {
  it("replaces the state with the file's: its users log in, its workspace and messages are there", async () => {
    expectCode(await loginErin(), 'UNAUTHENTICATED');
    const response = await post(example);
    expect(response.status).toBe(200);
    const loaded = (await response.json()) as { status: string; users: number; messages: number };
    expect(loaded).toMatchObject({ status: 'loaded', users: 5, messages: 20 });
    const { login } = ok(await loginErin());
    expect(login.user.username).toBe('erin');
    const { workspaces } = ok(await gql<{ workspaces: { name: string }[] }>(mock.url, '{ workspaces { name } }', {}, login.accessToken));
    expect(workspaces.map((workspace) => workspace.name)).toEqual(['Acme']);
  });

  it('refuses a file with problems with 400, every problem with its path, and changes nothing', async () => {
    const before = digestTables(mock.state.tables);
    const bad = JSON.stringify({ version: 1, users: [{ username: 'ann' }], messages: [{ channel: 'general', from: 'bob', text: 'hi' }, { text: 3 }] });
    const response = await post(bad);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string; problems: { path: string }[] } }[] };
    expect(body.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0]!.extensions.problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(['messages[0].from', 'messages[1].text']));
    expect(body.errors[0]!.message).toMatch(/^the fixtures have \d+ problems:\n/);
    expect((await post('{ not json')).status).toBe(400);
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it('POST /dev/reset still goes back to the state the server started with (here: empty)', async () => {
    ok(await loginErin());
    expect((await fetch(`${mock.origin}/dev/reset`, { method: 'POST' })).status).toBe(200);
    expect(mock.state.tables.users.size).toBe(0);
    expectCode(await loginErin(), 'UNAUTHENTICATED');
  });

  it('answers only POST', async () => {
    const response = await fetch(`${mock.origin}/dev/fixtures`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});
