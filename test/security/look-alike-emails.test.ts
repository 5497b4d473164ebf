import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { buildWorld, login, type World } from '../support/world.js';

/**
 * Text at the door (docs/mock-behaviour.md, "Security"): an address that displays as another one
 * (hidden characters) is refused, and addresses are compared in one normal form (NFKC, lower
 * case), so a look-alike cannot become a second account. Names refuse the same hidden characters.
 */

let mock: RunningMockServer;
let world: World;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) }';
let counter = 0;
function register(fields: { email?: string; displayName?: string }): Promise<GraphQLResponse<unknown>> {
  counter += 1;
  const input = { username: `look_${counter}`, displayName: 'Look', email: `look-${counter}@example.test`, password: 'correct horse battery', ...fields };
  return gql(mock.url, REGISTER, { input });
}

function expectRefused(response: GraphQLResponse<unknown>, code: string, field: string): void {
  const error = response.errors?.[0] as { extensions?: { code?: string; field?: string } } | undefined;
  expect(error?.extensions?.code, JSON.stringify(response.errors)).toBe(code);
  expect(error?.extensions?.field).toBe(field);
}

/** The full-width form of ASCII text (`Ａ` for `A`): NFKC folds it back. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('an e-mail address with hidden characters is refused with BAD_USER_INPUT', () => {
  const lookAlikes: [string, (email: string) => string][] = [
    ['followed by NUL', (email) => `${email}\u0000`],
    ['followed by a zero-width space', (email) => `${email}\u200b`],
    ['with a zero-width joiner inside', (email) => email.replace('@', '\u200d@')],
    ['preceded by a right-to-left override', (email) => `\u202e${email}`],
    ['with a byte order mark', (email) => `\ufeff${email}`],
  ];
  for (const [name, spoof] of lookAlikes) {
    it(`an existing address ${name}`, async () => {
      expectRefused(await register({ email: spoof(world.a.email) }), 'BAD_USER_INPUT', 'input.email');
    });
  }
});

describe('addresses are one account in every spelling (NFKC, lower case)', () => {
  it('the full-width, upper-case spelling of an existing address is a CONFLICT', async () => {
    expectRefused(await register({ email: fullWidth(world.a.email.toUpperCase()) }), 'CONFLICT', 'input.email');
  });

  it('login finds the account by any spelling', async () => {
    const actor = await login(mock.url, fullWidth(world.b.email.toUpperCase()), world.b.password);
    expect(actor.id).toBe(world.b.id);
  });

  it("an invitation to a member's look-alike spelling counts the member instead of inviting a stranger", async () => {
    const { inviteToWorkspace } = ok(
      await gql<{ inviteToWorkspace: { sent: number; alreadyMembers: number } }>(
        mock.url,
        'mutation($input: InviteToWorkspaceInput!) { inviteToWorkspace(input: $input) { sent alreadyMembers } }',
        { input: { workspaceId: world.workspaceId, invitations: [{ email: fullWidth(world.b.email), role: 'MEMBER' }] } },
        world.a.token,
      ),
    );
    expect(inviteToWorkspace).toEqual({ sent: 0, alreadyMembers: 1 });
  });

  it('an invitation to an address with a bidi override is refused, naming the entry', async () => {
    const response = await gql(
      mock.url,
      'mutation($input: InviteToWorkspaceInput!) { inviteToWorkspace(input: $input) { sent } }',
      { input: { workspaceId: world.workspaceId, invitations: [{ email: `\u202e${world.b.email}`, role: 'MEMBER' }] } },
      world.a.token,
    );
    expectRefused(response, 'BAD_USER_INPUT', 'input.invitations[0].email');
  });
});

describe('names refuse control, invisible and bidi control characters', () => {
  it('a display name with a right-to-left override', async () => {
    expectRefused(await register({ displayName: 'Alice\u202e' }), 'BAD_USER_INPUT', 'input.displayName');
  });

  it('a display name with a zero-width space', async () => {
    expectRefused(await register({ displayName: 'Ali\u200bce' }), 'BAD_USER_INPUT', 'input.displayName');
  });

  it('a workspace name with a bidi isolate', async () => {
    const response = await gql(mock.url, 'mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }', { input: { name: 'Acme\u2067', slug: 'acme-look' } }, world.a.token);
    expectRefused(response, 'BAD_USER_INPUT', 'input.name');
  });

  it('a channel title with a newline', async () => {
    const response = await gql(
      mock.url,
      'mutation($input: CreateChannelInput!) { createChannel(input: $input) { id } }',
      { input: { workspaceId: world.workspaceId, title: 'general\nadmins', visibility: 'PUBLIC', memberIds: [] } },
      world.a.token,
    );
    expectRefused(response, 'BAD_USER_INPUT', 'input.title');
  });

  it('an emoji with zero-width joiners (a family) stays a valid display name', async () => {
    expect((await register({ displayName: 'The \u{1F468}\u200d\u{1F469}\u200d\u{1F467} family' })).errors).toBeUndefined();
  });
});
