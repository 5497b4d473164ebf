import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../examples/typed-client/codegen.js';
import { ParleyClient, type CreatedMessage } from '../../examples/typed-client/src/parley-client.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { until } from '../support/socket.js';

/**
 * examples/typed-client: a frontend's operations typed from schema.graphql by GraphQL Code
 * Generator's client preset. A schema change that breaks one of its operations fails here: the
 * generated files must match what codegen writes now, codegen refuses an operation the schema no
 * longer has, and the example must type-check with its own tsconfig.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = join(root, 'examples/typed-client');

describe('examples/typed-client', () => {
  it('src/gql/ is what codegen writes from schema.graphql today (else: npm run codegen)', async () => {
    // generate's declared result is `FileOutput[] | any`.
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: example, silent: true }, false);
    expect(outputs.map((output) => output.filename).sort()).toEqual(['src/gql/gql.ts', 'src/gql/graphql.ts', 'src/gql/index.ts']);
    for (const output of outputs) expect(readFileSync(join(example, output.filename), 'utf8'), output.filename).toBe(output.content);
  }, 60_000);

  it('codegen refuses the operations when the schema drops a field one of them selects', async () => {
    const sdl = readFileSync(join(root, 'schema.graphql'), 'utf8');
    const withoutDeletedAt = sdl.replace(/^(type MessageView \{[^}]*?)\n\s*deletedAt: DateTime\n/m, '$1\n');
    expect(withoutDeletedAt).not.toBe(sdl);
    await expect(generate({ ...config, schema: withoutDeletedAt, cwd: example, silent: true }, false)).rejects.toThrow(/deletedAt/);
  }, 60_000);

  it('type-checks with its own tsconfig (strict)', () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', example], { cwd: root, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});

describe('the typed client against the mock', () => {
  let mock: RunningMockServer;
  let alice: ParleyClient;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, seed: 1 });
    alice = new ParleyClient(mock.url.replace(/\/graphql$/, ''));
  });
  afterAll(async () => {
    await alice.close();
    await mock.close();
  });

  it('logs in, pages #general, sends, and sees its message live', async () => {
    expect((await alice.login('alice@acme.test', 'parley-demo')).displayName).toBeTruthy();
    const general = await alice.channel('general');
    const newest = await alice.page({ conversationId: general, first: 5 });
    expect(newest.nodes).toHaveLength(5);
    const older = await alice.page({ conversationId: general, first: 5, before: newest.endCursor });
    expect(older.nodes.at(-1)!.sequence).toBeLessThan(newest.nodes[0]!.sequence);

    const listeners = () => mock.state.events.listenerCount('messageCreated', general);
    const before = listeners();
    const live = alice.messageCreated(general);
    const next: Promise<IteratorResult<CreatedMessage>> = live.next();
    // graphql-ws does not acknowledge a subscribe: wait until the server holds it.
    await until(() => listeners() > before, 'the messageCreated listener');
    const sent = await alice.send(general, 'typed from schema.graphql');
    expect((await next).value).toEqual({ id: sent.id, sequence: sent.sequence, senderId: expect.any(String), content: 'typed from schema.graphql' });
    await live.return(undefined);
  });
});
