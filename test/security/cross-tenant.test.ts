import { buildClientSchema, getIntrospectionQuery, getNamedType, isInputObjectType, type GraphQLInputType, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { gql, ok } from '../support/client.js';
import { CASES, FILTERS, SUBSCRIPTIONS } from './cross-tenant-cases.js';
import { buildTwoTenants, CALLERS, type Tenant, type TwoTenants } from './tenants.js';

/**
 * Attack class: crossing tenants. Two workspaces, A (home) and B (foreign), built alike. Every
 * place an operation takes an id or an upload key is called with B's id there, by A's people in
 * every role and by a member B removed. Each must be refused with a code, change nothing, and
 * answer nothing of B's; the same request with A's id is carried out for A's owner, so a refusal
 * is the foreign id's doing and not a broken request.
 */

const REFUSALS = ['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT'];

let mock: RunningMockServer;
let home: Tenant;
let foreign: Tenant;
let callerOf: TwoTenants['callerOf'];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  ({ home, foreign, callerOf } = await buildTwoTenants(mock.url));
}, 60_000);
afterAll(() => mock.close());


/** `operation(path)` for every argument or input field, at any depth, that takes an ID or an upload key. */
function idCoordinates(introspection: IntrospectionQuery): string[] {
  const schema = buildClientSchema(introspection);
  const walk = (type: GraphQLInputType, path: string, name: string, seen: ReadonlySet<string>): string[] => {
    const named = getNamedType(type);
    if (named.name === 'ID' || /^(key|iconKey)$/.test(name)) return [path];
    if (!isInputObjectType(named) || seen.has(named.name)) return [];
    return Object.values(named.getFields()).flatMap((field) => walk(field.type, `${path}.${field.name}`, field.name, new Set([...seen, named.name])));
  };
  const coordinates: string[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root!.getFields())) {
      for (const argument of field.args) for (const path of walk(argument.type, argument.name, argument.name, new Set())) coordinates.push(`${field.name}(${path})`);
    }
  }
  return coordinates.sort();
}

/** Every id of `tenant` in `text`, except those the request itself sent. */
function leakedIds(text: string, tenant: Tenant, sent: string): string[] {
  return [...tenant.ids].filter((id) => text.includes(id) && !sent.includes(id));
}

describe('every place an operation takes an id', () => {
  it('has a cross-tenant request here (by introspection of the running server)', async () => {
    const introspection = ok(await gql<IntrospectionQuery>(mock.url, getIntrospectionQuery()));
    const coordinates = idCoordinates(introspection);
    expect(coordinates.length).toBeGreaterThan(70);
    expect([...Object.keys(CASES), ...SUBSCRIPTIONS.map((field) => `${field}(conversationId)`)].sort()).toEqual(coordinates);
  });
});

describe.each(Object.keys(CASES))('%s with the other workspace\'s id', (coordinate) => {
  const build = CASES[coordinate]!;

  it('is carried out with the home workspace\'s id, for its OWNER (the control)', async () => {
    const owner = home.people.OWNER;
    const call = await build({ url: mock.url, home, target: home, caller: owner });
    const response = await gql(mock.url, call.query, call.variables, owner.token);
    expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  });

  it.each(CALLERS)(`${FILTERS.has(coordinate) ? 'matches nothing' : 'is refused'} for %s, changes nothing and answers nothing of theirs`, async (name) => {
    const caller = callerOf(name);
    const call = await build({ url: mock.url, home, target: foreign, caller });
    const before = digestTables(mock.state.tables);
    const response = await gql(mock.url, call.query, call.variables, caller.token);
    if (FILTERS.has(coordinate)) {
      expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
    } else {
      const codes = (response.errors ?? []).map((error) => error.extensions?.code);
      expect(codes.length, `answered ${JSON.stringify(response.data)}`).toBeGreaterThan(0);
      for (const code of codes) expect(REFUSALS, JSON.stringify(response.errors)).toContain(code);
      for (const value of Object.values(response.data ?? {})) expect(value).toBeNull();
    }
    expect(digestTables(mock.state.tables), 'a refused call changed the state').toBe(before);
    const text = JSON.stringify(response);
    expect(text).not.toContain(foreign.canary);
    expect(leakedIds(text, foreign, JSON.stringify(call.variables))).toEqual([]);
  });
});
