import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutableSchema } from '../../../src/mock-server/graphql/executable-schema.js';
import { createDemoState } from '../../../src/mock-server/demo/create-demo-state.js';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { exportSnapshot, restoreSnapshot, validateSnapshot, type SnapshotDocument } from '../../../src/mock-server/state/snapshot/index.js';
import { startEqualServers, type EqualServers } from '../../fuzz/equal-servers.js';
import { operationsOf, type Caller, type GeneratedOperation } from '../../fuzz/operations.js';

/** JSON text of a document: what a file holds, and what "deep-equal" compares here. */
const text = (document: SnapshotDocument) => JSON.stringify(document);

/** Status, content type and body, with `Host` fixed so the URLs both servers hand out are equal. */
function post(url: string, query: string, variables: Record<string, unknown>, token: string | undefined): Promise<string> {
  const body = JSON.stringify({ query, variables });
  const headers: Record<string, string> = { host: 'parley.localhost', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (answer += chunk));
      response.on('end', () => resolve(`${response.statusCode} ${response.headers['content-type']}\n${answer}`));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('a snapshot of the demo state', () => {
  it('restores to an equal state: same digest, and exporting it again gives the same document', async () => {
    const state = await createDemoState({ seed: 3 });
    const document = exportSnapshot(state);
    const restored = restoreSnapshot(document, state.options);
    expect(digestTables(restored.tables)).toBe(digestTables(state.tables));
    expect(text(exportSnapshot(restored))).toBe(text(document));
    // Through JSON, as a file carries it.
    const reread = restoreSnapshot(JSON.parse(text(document)) as SnapshotDocument, state.options);
    expect(digestTables(reread.tables)).toBe(digestTables(state.tables));
  });

  it('shares nothing with the state: changing the restored state leaves the document (and another restore) as they were', async () => {
    const state = await createDemoState({ seed: 3, generalMessages: 20 });
    const document = exportSnapshot(state);
    const before = text(document);
    const first = restoreSnapshot(document, state.options);
    const alice = first.tables.usersByUsername.get('alice')!;
    const message = [...first.tables.messages.values()].find((m) => m.reactions !== null)!;
    // Changed in place behind the write API's back (the types refuse it): what a shared array would leak.
    (message.reactions!.values().next().value as string[]).push(alice);
    first.tables.users.update(alice, (user) => {
      user.displayName = 'changed';
    });
    (first.tables.workspaces.values().next().value!.purposes as string[]).push('SALES');
    expect(text(document)).toBe(before);
    expect(digestTables(restoreSnapshot(document, state.options).tables)).toBe(digestTables(state.tables));
  });
});

describe('a snapshot after a journey of mutations', () => {
  const schema = createExecutableSchema();
  const CALLERS: readonly Caller[] = ['alice', 'bob', 'dave', 'nobody'];
  let world: EqualServers;
  let original: RunningMockServer;
  let restored: RunningMockServer;
  let document: SnapshotDocument;
  const tokens = new Map<Caller, string | undefined>();

  beforeAll(async () => {
    world = await startEqualServers(['interpreted']);
    original = world.servers[0]![1];
    const operations = operationsOf(schema, world.pools);
    // Two generated documents of every mutation, whatever their outcome: every table gets some use.
    for (const [coordinate, arbitrary] of operations) {
      if (!coordinate.startsWith('Mutation.')) continue;
      for (const operation of fc.sample(arbitrary, { numRuns: 2, seed: 19 })) {
        await post(original.url, operation.query, operation.variables, world.tokenOf(operation.caller));
      }
    }
    // Tokens taken before the snapshot: the restored state must accept them too.
    for (const caller of CALLERS) tokens.set(caller, world.tokenOf(caller));
    // A signed link makes the file-link key, which the snapshot must carry.
    const attachment = [...original.state.tables.attachmentMessages.keys()][0]!;
    await post(original.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id: attachment }, tokens.get('alice'));
    document = exportSnapshot(original.state);
    restored = await startMockServer({ port: 0, state: restoreSnapshot(JSON.parse(text(document)) as SnapshotDocument, original.state.options) });
  }, 60_000);

  afterAll(async () => {
    await restored?.close();
    await world?.close();
  });

  it('round-trips: the same digest, and the same document exported again', () => {
    expect(original.state.tables.messages.size).toBeGreaterThan(0);
    expect(digestTables(restored.state.tables)).toBe(digestTables(original.state.tables));
    expect(text(exportSnapshot(restored.state))).toBe(text(document));
    expect(document.sessions.sessions.length).toBeGreaterThan(0);
    expect(document.fileLinkKey).not.toBeNull();
    // Derived data is rebuilt: the running storage count of every workspace.
    const used = (server: RunningMockServer) => [...server.state.tables.workspaces.keys()].map((id) => server.state.fileQuota.usedBytes(id));
    expect(used(original).some((bytes) => bytes > 0)).toBe(true);
    expect(used(restored)).toEqual(used(original));
  });

  it('is valid: every record the journey made has the shape the schema says', () => {
    expect(validateSnapshot(JSON.parse(text(document)))).toBeTruthy();
  });

  it('every query answers the same bytes on the original and the restored state', async () => {
    const operations = operationsOf(schema, world.pools);
    let compared = 0;
    let answered = 0;
    for (const [coordinate, arbitrary] of operations) {
      if (!coordinate.startsWith('Query.')) continue;
      for (const operation of fc.sample(arbitrary, { numRuns: 3, seed: 23 }) as GeneratedOperation[]) {
        const token = tokens.get(operation.caller);
        const [a, b] = [await post(original.url, operation.query, operation.variables, token), await post(restored.url, operation.query, operation.variables, token)];
        expect(b, `${coordinate}\n${operation.query}\n${JSON.stringify(operation.variables)}`).toBe(a);
        compared += 1;
        if (!a.includes('"errors"')) answered += 1;
      }
    }
    const queries = Object.keys(schema.getQueryType()!.getFields()).length;
    expect(compared).toBe(queries * 3);
    // Not all refusals: the tokens taken before the snapshot work on the restored state.
    expect(answered).toBeGreaterThan(queries);
  }, 60_000);
});
