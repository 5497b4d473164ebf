import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, joinWorkspace, registerActor, type Actor, type World } from '../../support/world.js';

/** generateSlug, updateWorkspace, and what `workspace` computes per caller. */
const SLUG = 'query($n: String!) { generateSlug(name: $n) }';
const UPDATE = 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id name slug iconUrl purposes teamSize updatedAt } }';
const CREATE = 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id slug iconUrl } }';
const WORKSPACE = 'query($id: ID!) { workspace(id: $id) { id slug isOwner membersCount pendingInvitations iconUrl } }';

let mock: RunningMockServer;
let world: World;
let guest: Actor;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  guest = await registerActor(mock.url, 'guest');
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest);
});
afterAll(() => mock.close());

const slug = async (name: string) => ok(await gql<{ generateSlug: string }>(mock.url, SLUG, { n: name }, world.a.token)).generateSlug;

async function iconUpload(actor: Actor): Promise<string> {
  const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(mock.url, 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }', { i: { contentType: 'image/png', scope: 'PUBLIC' } }, actor.token));
  expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body: new Uint8Array([1, 2, 3]) })).status).toBe(200);
  return createUploadUrl.key;
}

describe('generateSlug', () => {
  it('folds accents, lower-cases, keeps ASCII letters and digits joined by single dashes', async () => {
    expect(await slug('Café Zürich & Co.')).toBe('cafe-zurich-and-co');
    expect(await slug('  Ærø — Straße 42 ')).toBe('aero-strasse-42');
    expect(await slug('Łódź -- Øresund')).toBe('lodz-oresund');
    expect(await slug('日本語')).toBe('workspace');
    const long = await slug(`${'x'.repeat(40)} ${'y'.repeat(30)}`);
    expect(long).toBe(`${'x'.repeat(40)}-${'y'.repeat(7)}`);
    expect(long).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/);
  });

  it('is unique against existing slugs: -2, -3, ... are added', async () => {
    const base = `acme-${Date.now().toString(36)}`;
    expect(await slug(base)).toBe(base);
    ok(await gql(mock.url, CREATE, { i: { name: base, slug: base } }, world.a.token));
    expect(await slug(base)).toBe(`${base}-2`);
    ok(await gql(mock.url, CREATE, { i: { name: base, slug: `${base}-2` } }, world.a.token));
    expect(await slug(base.toUpperCase())).toBe(`${base}-3`);
  });

  it('needs a token and a name', async () => {
    expectCode(await gql(mock.url, SLUG, { n: 'x' }), 'UNAUTHENTICATED');
    expectCode(await gql(mock.url, SLUG, { n: '  ' }, world.a.token), 'BAD_USER_INPUT');
  });
});

describe('updateWorkspace', () => {
  it('owners and admins change name, slug, icon, purposes and team size; omitted fields stay', async () => {
    const icon = await iconUpload(world.a);
    const newSlug = `renamed-${Date.now().toString(36)}`;
    const { updateWorkspace } = ok(await gql<{ updateWorkspace: { name: string; slug: string; iconUrl: string; purposes: string[]; teamSize: string } }>(mock.url, UPDATE, { i: { id: world.workspaceId, name: 'Renamed', slug: newSlug, iconKey: icon, purposes: ['SALES', 'SALES'], teamSize: 'TEAM_51_250' } }, world.a.token));
    expect(updateWorkspace).toMatchObject({ name: 'Renamed', slug: newSlug, purposes: ['SALES'], teamSize: 'TEAM_51_250' });
    expect((await fetch(updateWorkspace.iconUrl)).status).toBe(200);
    const again = ok(await gql<{ updateWorkspace: { name: string; slug: string; iconUrl: string | null } }>(mock.url, UPDATE, { i: { id: world.workspaceId, iconKey: null } }, world.a.token)).updateWorkspace;
    expect(again).toMatchObject({ name: 'Renamed', slug: newSlug, iconUrl: null });
    expect(await slug(newSlug)).toBe(`${newSlug}-2`);
  });

  it('keeps the slug rules: a taken or malformed slug is refused and changes nothing', async () => {
    const other = ok(await gql<{ createWorkspace: { slug: string } }>(mock.url, CREATE, { i: { name: 'Other', slug: `other-${Date.now().toString(36)}` } }, world.b.token)).createWorkspace.slug;
    const taken = await gql(mock.url, UPDATE, { i: { id: world.workspaceId, name: 'Never', slug: other } }, world.a.token);
    expect(taken.errors![0]!.extensions).toEqual({ code: 'CONFLICT', field: 'input.slug' });
    const malformed = await gql(mock.url, UPDATE, { i: { id: world.workspaceId, slug: 'Not A Slug' } }, world.a.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.slug' });
    const { workspace } = ok(await gql<{ workspace: { slug: string } }>(mock.url, 'query($id: ID!) { workspace(id: $id) { slug name } }', { id: world.workspaceId }, world.a.token));
    expect(workspace).toMatchObject({ name: 'Renamed' });
  });

  it('members are FORBIDDEN, outsiders FORBIDDEN, a foreign icon FORBIDDEN', async () => {
    expectCode(await gql(mock.url, UPDATE, { i: { id: world.workspaceId, name: 'Mine' } }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, UPDATE, { i: { id: world.workspaceId, name: 'Mine' } }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, UPDATE, { i: { id: world.workspaceId, iconKey: await iconUpload(world.b) } }, world.a.token), 'FORBIDDEN');
  });
});

describe('workspace, per caller', () => {
  it('membersCount, isOwner, and pendingInvitations for managers only', async () => {
    ok(await gql(mock.url, 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent } }', { i: { workspaceId: world.workspaceId, invitations: [{ email: 'one@example.test', role: 'MEMBER' }, { email: 'two@example.test', role: 'GUEST' }] } }, world.a.token));
    const asOwner = ok(await gql<{ workspace: { isOwner: boolean; membersCount: number; pendingInvitations: number } }>(mock.url, WORKSPACE, { id: world.workspaceId }, world.a.token)).workspace;
    expect(asOwner).toMatchObject({ isOwner: true, membersCount: 3, pendingInvitations: 2 });
    const asMember = ok(await gql<{ workspace: { isOwner: boolean; pendingInvitations: number } }>(mock.url, WORKSPACE, { id: world.workspaceId }, world.b.token)).workspace;
    expect(asMember).toMatchObject({ isOwner: false, pendingInvitations: 0 });
    const { workspaces } = ok(await gql<{ workspaces: { id: string; pendingInvitations: number }[] }>(mock.url, '{ workspaces { id pendingInvitations } }', {}, world.a.token));
    expect(workspaces.find((w) => w.id === world.workspaceId)!.pendingInvitations).toBe(2);
  });
});
