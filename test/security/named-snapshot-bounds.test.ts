import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { NamedSnapshots } from '../../src/mock-server/dev/named-snapshots.js';

/**
 * Attack classes: names that escape, and memory exhaustion, through named snapshots
 * (`/dev/snapshots`). A name is a key of a Map and the file name of a download: a path (`../x`),
 * a prototype key (`__proto__`, `constructor`), a quote or a line break cannot reach a file, an
 * object's prototype or a header; a name is 1 to 64 of `[A-Za-z0-9._-]`. Saving is bounded in
 * count and in bytes (429 QUOTA_EXCEEDED past either; replacing a name does not count twice).
 */

const MAX = 3;
let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, devControls: { maxNamedSnapshots: MAX } });
  await mock.data.createUser({ username: 'ada' });
});
afterAll(() => mock.close());

const save = (name: unknown) => fetch(`${mock.origin}/dev/snapshots`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
const names = async () => ((await (await fetch(`${mock.origin}/dev/snapshots`)).json()) as { snapshots: { name: string }[] }).snapshots.map((each) => each.name);

async function refused(response: Response, status: number, code: string): Promise<void> {
  const body = (await response.json()) as { errors: { message: string; extensions: unknown }[] };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.errors[0]!.extensions).toEqual({ code, field: 'name' });
}

describe('snapshot names', () => {
  it('refuses paths, dots, quotes, line breaks, 65 characters and non-strings, naming the field', async () => {
    for (const name of ['../x', '..', '.', 'a/b', 'a\\b', 'a"b', 'a\nb', 'é', '', 'x'.repeat(65), 42, null]) {
      await refused(await save(name), 400, 'BAD_USER_INPUT');
    }
    for (const query of ['..%2Fx', '%2e%2e', 'a%22b', 'x'.repeat(65)]) {
      await refused(await fetch(`${mock.origin}/dev/snapshots/file?name=${query}`), 400, 'BAD_USER_INPUT');
    }
    expect(await names()).toEqual([]);
    expect((await save('x'.repeat(64))).status).toBe(201);
  });

  it('keeps __proto__ as an ordinary name, and finds no snapshot through a prototype key', async () => {
    expect((await save('__proto__')).status).toBe(201);
    expect(await names()).toContain('__proto__');
    expect(({} as Record<string, unknown>)['tables']).toBeUndefined();
    const file = await fetch(`${mock.origin}/dev/snapshots/file?name=__proto__`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="parley-__proto__.json"');
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      await refused(await fetch(`${mock.origin}/dev/snapshots/file?name=${name}`), 404, 'NOT_FOUND');
      await refused(await fetch(`${mock.origin}/dev/snapshots/restore`, { method: 'POST', body: JSON.stringify({ name }) }), 404, 'NOT_FOUND');
    }
  });
});

describe('snapshot bounds', () => {
  it('refuses one more than the count with 429, replaces a name in place, and takes one again after a delete', async () => {
    // Two are saved (64 x's and __proto__): one more fits.
    expect((await save('third')).status).toBe(201);
    await refused(await save('fourth'), 429, 'QUOTA_EXCEEDED');
    expect((await save('third')).status).toBe(201);
    expect(await names()).toHaveLength(MAX);
    expect((await fetch(`${mock.origin}/dev/snapshots?name=third`, { method: 'DELETE' })).status).toBe(200);
    expect((await save('fourth')).status).toBe(201);
  });

  it('refuses a save past the bytes held in all, counting a replaced snapshot once', () => {
    const store = new NamedSnapshots(10, 100);
    store.save('a', 'x'.repeat(60), 0);
    expect(() => store.save('b', 'x'.repeat(50), 0)).toThrow(/100 bytes in all/);
    // Replacing "a" frees its 60 bytes first.
    store.save('a', 'x'.repeat(90), 0);
    expect(store.bytes).toBe(90);
    store.delete('a');
    expect(store.bytes).toBe(0);
    store.save('b', 'é'.repeat(50), 0);
    expect(store.bytes).toBe(100);
  });
});
