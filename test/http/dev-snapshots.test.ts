import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

// Named snapshots (/dev/snapshots, /dev/snapshots/restore, /dev/snapshots/file) through the real server.

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  await mock.data.createUser({ username: 'ada' });
});
afterAll(() => mock.close());

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const usernames = async () => ((await (await fetch(`${mock.origin}/dev/state`)).json()) as { users: { username: string }[] }).users.map((user) => user.username);
const listed = async () => (await (await fetch(`${mock.origin}/dev/snapshots`)).json()) as { snapshots: { name: string; savedAt: string; bytes: number }[]; max: number };

describe('/dev/snapshots', () => {
  it('saves the state by name, lists it, and restores it', async () => {
    expect(await listed()).toMatchObject({ snapshots: [], max: 20 });
    const saved = await fetch(`${mock.origin}/dev/snapshots`, json('POST', { name: 'before-demo' }));
    expect(saved.status).toBe(201);
    const info = (await saved.json()) as { name: string; savedAt: string; bytes: number };
    expect(info.name).toBe('before-demo');
    expect(Date.parse(info.savedAt)).not.toBeNaN();
    expect(info.bytes).toBeGreaterThan(100);
    expect((await listed()).snapshots).toEqual([info]);

    await mock.data.createUser({ username: 'bob' });
    expect(await usernames()).toEqual(['ada', 'bob']);
    const restored = await fetch(`${mock.origin}/dev/snapshots/restore`, json('POST', { name: 'before-demo' }));
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ status: 'restored', name: 'before-demo' });
    expect(await usernames()).toEqual(['ada']);
  });

  it('replaces a snapshot of the same name, and downloads one as a JSON attachment that PUT /dev/snapshot takes back', async () => {
    await fetch(`${mock.origin}/dev/snapshots`, json('POST', { name: 'before-demo' }));
    expect((await listed()).snapshots.map((each) => each.name)).toEqual(['before-demo']);
    const file = await fetch(`${mock.origin}/dev/snapshots/file?name=before-demo`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="parley-before-demo.json"');
    const text = await file.text();
    expect(JSON.parse(text)).toHaveProperty('tables');
    expect((await fetch(`${mock.origin}/dev/snapshot`, { method: 'PUT', body: text })).status).toBe(200);
  });

  it('deletes by name; an unknown name is 404 naming the field', async () => {
    const deleted = await fetch(`${mock.origin}/dev/snapshots?name=before-demo`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ deleted: 'before-demo' });
    expect((await listed()).snapshots).toEqual([]);
    for (const [path, init] of [
      ['/dev/snapshots/restore', json('POST', { name: 'before-demo' })],
      ['/dev/snapshots/file?name=before-demo', undefined],
      ['/dev/snapshots?name=before-demo', { method: 'DELETE' }],
    ] as const) {
      const response = await fetch(`${mock.origin}${path}`, init);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({ code: 'NOT_FOUND', field: 'name' });
    }
  });
});
