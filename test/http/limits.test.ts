import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits, type QueryLimits } from '../../src/mock-server/engine/limits.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { gql } from '../support/client.js';
import { buildWorld, type World } from '../support/world.js';

const servers: RunningMockServer[] = [];
async function serverWith(limits: Partial<QueryLimits>): Promise<{ mock: RunningMockServer; world: World }> {
  const mock = await startMockServer({ port: 0, empty: true, limits });
  servers.push(mock);
  return { mock, world: await buildWorld(mock.url) };
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

let plain: { mock: RunningMockServer; world: World };
beforeAll(async () => {
  plain = await serverWith({});
});

async function expectTooComplex(response: Awaited<ReturnType<typeof gql>>, flag: string): Promise<void> {
  expect(response.data).toBeUndefined();
  const error = response.errors?.[0];
  expect(error?.extensions?.code, JSON.stringify(response.errors)).toBe('QUERY_TOO_COMPLEX');
  expect(error?.message).toContain(flag);
}

describe('limits: each refuses with a code and names its flag; none changes state', () => {
  it('depth: deeper than the limit is QUERY_TOO_COMPLEX (--max-depth)', async () => {
    const { mock, world } = await serverWith({ maxDepth: 3 });
    const before = digestTables(mock.state.tables);
    await expectTooComplex(await gql(mock.url, 'query($c: ID!) { messages(conversationId: $c) { nodes { replyTo { id } } } }', { c: world.privateChannelId }, world.a.token), '--max-depth');
    const ok = await gql(mock.url, 'query($c: ID!) { messages(conversationId: $c) { nodes { id } } }', { c: world.privateChannelId }, world.a.token);
    expect(ok.errors).toBeUndefined();
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it('depth: the default refuses a deep introspection chain and allows the deepest real query', async () => {
    const deepest = await gql(plain.mock.url, 'query($c: ID!) { messages(conversationId: $c) { nodes { replyTo { id } attachments { id } reactions { userIds } } } }', { c: plain.world.privateChannelId }, plain.world.a.token);
    expect(deepest.errors).toBeUndefined();
    // The schema has no type cycles; `__type` is where a document can nest without end.
    const chain = (levels: number) => `{ __type(name: "MessageView") { fields { type ${'{ ofType '.repeat(levels)}{ name }${' }'.repeat(levels)} } } }`;
    expect((await gql(plain.mock.url, chain(5))).errors).toBeUndefined();
    await expectTooComplex(await gql(plain.mock.url, chain(12)), '--max-depth');
  });

  it(`aliases: more than the limit is QUERY_TOO_COMPLEX (--max-aliases, default ${defaultLimits.maxAliases})`, async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `h${i}: health`).join(' ')} }`;
    const atLimit = await gql(plain.mock.url, aliases(defaultLimits.maxAliases));
    expect(atLimit.errors).toBeUndefined();
    await expectTooComplex(await gql(plain.mock.url, aliases(defaultLimits.maxAliases + 1)), '--max-aliases');
  });

  it(`directives: more than the limit is QUERY_TOO_COMPLEX (--max-directives, default ${defaultLimits.maxDirectives})`, async () => {
    const directives = (n: number) => `{ health ${'@include(if: true) '.repeat(n)} }`;
    // Repeating a non-repeatable directive is also a validation error; the limit is reported with it.
    await expectTooComplex(await gql(plain.mock.url, directives(defaultLimits.maxDirectives + 1)), '--max-directives');
  });

  it('cost: over the limit is QUERY_TOO_COMPLEX (--max-cost)', async () => {
    const { mock, world } = await serverWith({ maxCost: 20 });
    await expectTooComplex(await gql(mock.url, 'query($c: ID!) { messages(conversationId: $c) { nodes { id sequence content createdAt reactions { emoji userIds } } } }', { c: world.privateChannelId }, world.a.token), '--max-cost');
    expect((await gql(mock.url, '{ health }')).errors).toBeUndefined();
  });

  it('tokens: a document over the limit is QUERY_TOO_COMPLEX (--max-tokens)', async () => {
    const { mock } = await serverWith({ maxTokens: 50 });
    await expectTooComplex(await gql(mock.url, `{ ${'__typename '.repeat(60)} }`), '--max-tokens');
    expect((await gql(mock.url, '{ health }')).errors).toBeUndefined();
  });

  it('body: larger than the limit is 413 PAYLOAD_TOO_LARGE (--max-body-bytes)', async () => {
    const { mock } = await serverWith({ maxBodyBytes: 2000 });
    const response = await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ health }', variables: { pad: 'x'.repeat(3000) } }) });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.errors[0]!.message).toContain('--max-body-bytes');
  });

  it('batched requests (a JSON array) are refused with BAD_REQUEST', async () => {
    const response = await fetch(plain.mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ query: '{ health }' }, { query: '{ health }' }]) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
  });

  it('introspection stays on and within every default limit', async () => {
    const response = await gql<{ __schema: { types: unknown[] } }>(plain.mock.url, getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }));
    expect(response.errors).toBeUndefined();
    expect(response.data!.__schema.types.length).toBeGreaterThan(50);
  });
});
