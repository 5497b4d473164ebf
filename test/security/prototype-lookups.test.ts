import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { SnapshotReplay } from '../../src/mock-server/state/changes/replay.js';
import { SnapshotError } from '../../src/mock-server/state/snapshot/errors.js';
import { gql, ok } from '../support/client.js';

/**
 * Attack class: lookups keyed by request text in plain objects. A name from a URL or a body
 * (`constructor`, `__proto__`, `toString`) finds what every object inherits, so
 * `GET /graphiql/constructor` took `Object` for an asset and answered 503 "bundle not built", and
 * chaos settings for an operation named `__proto__` became the prototype of every operation's
 * settings. Every such table is a Map or is read through its own keys only: unknown names are
 * 404, and a name is only ever itself.
 */

let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

describe('names inherited by every object are no asset', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    it(`GET /graphiql/${name} is 404`, async () => {
      const response = await fetch(`${mock.origin}/graphiql/${name}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('NOT_FOUND');
    });
  }

  it('the real assets are still served', async () => {
    const response = await fetch(`${mock.origin}/graphiql/graphiql.css`);
    // 503 only when the bundle is not built in this checkout (dist/graphiql/): never 404.
    expect([200, 503]).toContain(response.status);
  });
});

describe('chaos settings for an operation named __proto__ stay with that operation', () => {
  const chaos = (body: unknown) => fetch(`${mock.origin}/dev/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('is kept as an operation of its own, and other operations run untouched', async () => {
    // JSON.parse makes `__proto__` an own key, as a client's body would.
    const body = JSON.parse('{"operations": {"__proto__": {"errorCode": "FORBIDDEN"}, "Slow": {"latency": {"minMs": 0, "maxMs": 0}}}}') as unknown;
    const response = await chaos(body);
    expect(response.status).toBe(200);
    const settings = JSON.parse(await response.text()) as { operations: Record<string, unknown> };
    expect(Object.keys(settings.operations).sort()).toEqual(['Slow', '__proto__']);
    try {
      expect(ok(await gql<{ health: unknown }>(mock.url, 'query Other { health }')).health).toBeTruthy();
      const refused = await gql(mock.url, 'query __proto__ { health }');
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await fetch(`${mock.origin}/dev/chaos`, { method: 'DELETE' });
    }
  });
});

describe('a --persist log that names an inherited part of a row', () => {
  for (const part of ['constructor', 'toString', '__proto__']) {
    it(`part ${part} is refused as no part of the row (a SnapshotError, not a TypeError)`, () => {
      const replay = new SnapshotReplay();
      replay.apply(['s', 'conversations', 'c1', { id: 'c1', members: [] }]);
      const apply = () => replay.apply(['ps', 'conversations', 'c1', part, 'u1', { userId: 'u1' }]);
      expect(apply).toThrow(SnapshotError);
      expect(apply).toThrow(/names no part of a row of table "conversations"/);
    });
  }
});
