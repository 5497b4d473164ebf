import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../src/mock-server/user-fixtures/index.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';

const NOW = Date.UTC(2026, 2, 10, 12, 0);

describe('loadFixtures: the rules docs/fixtures-format.md states', () => {
  it('two workspaces: `workspace` names one where several fit; each has its own general', async () => {
    const state = await loadFixtures(
      {
        users: [{ username: 'alice' }, { username: 'bob' }],
        workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob'] }, { name: 'Acme Labs', owner: 'bob' }],
        channels: [{ name: 'random', workspace: 'Acme Labs' }],
        messages: [
          { channel: 'general', workspace: 'Acme Labs', from: 'bob', text: 'labs' },
          { channel: 'random', from: 'bob', text: 'only Acme Labs has #random' },
          { dm: ['alice', 'alice'], from: 'alice', text: 'note to self', workspace: 'Acme' },
        ],
        dms: [{ between: ['alice', 'alice'] }],
      },
      { clock: new ManualClock(NOW) },
    );
    const slugs = [...state.tables.workspacesBySlug.keys()];
    expect(slugs).toEqual(['acme', 'acme-labs']);
    const labs = state.tables.workspacesBySlug.get('acme-labs')!;
    const where = [...state.tables.messages.values()].map((m) => {
      const conversation = state.tables.conversations.get(m.conversationId)!;
      return [conversation.workspaceId === labs ? 'labs' : 'acme', conversation.title ?? 'DM', m.content];
    });
    expect(where).toEqual([
      ['labs', 'general', 'labs'],
      ['labs', 'random', 'only Acme Labs has #random'],
      ['acme', 'DM', 'note to self'],
    ]);
  });

  it('a channel is made by its first listed member who is not a guest, who owns it', async () => {
    const state = await loadFixtures({
      users: [{ username: 'alice' }, { username: 'bob' }, { username: 'gus' }],
      workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob'], guests: ['gus'] }],
      channels: [{ name: 'ops', visibility: 'private', members: ['gus', 'bob'] }],
    });
    const ops = [...state.tables.conversations.values()].find((c) => c.title === 'ops')!;
    const username = (id: string) => state.tables.users.get(id)!.username;
    expect(username(ops.createdBy)).toBe('bob');
    expect([...ops.members.values()].map((m) => [username(m.userId), m.role])).toEqual([['bob', 'OWNER'], ['gus', 'MEMBER']]);
  });

  it('an unverified account gets a fresh verification mail once loaded, and cannot log in under --require-verification until it verifies', async () => {
    const state = await loadFixtures({ users: [{ username: 'ann', emailVerified: false }, { username: 'alice' }] }, { clock: new ManualClock(NOW), requireVerification: true });
    const mails = state.outbox.list();
    expect(mails.map((mail) => mail.to)).toEqual(['ann@example.test']);
    await expect(state.users.login('ann@example.test', 'parley-demo', false)).rejects.toThrow(/verify your email address first/);
    state.verification.verify(mails[0]!.token!);
    expect((await state.users.login('ann@example.test', 'parley-demo', false)).user.username).toBe('ann');
    expect((await state.users.login('alice@example.test', 'parley-demo', false)).user.username).toBe('alice');
  });

  it('records made after loading take the ids and clock of the options, not the file\'s', async () => {
    let next = 0;
    const clock = new ManualClock(NOW);
    const state = await loadFixtures({ users: [{ username: 'alice' }], workspaces: [{ name: 'Acme', owner: 'alice' }] }, { clock, ids: () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}` });
    expect(next).toBe(0);
    const alice = state.tables.usersByUsername.get('alice')!;
    const workspaceId = [...state.tables.workspaces.keys()][0]!;
    clock.advance(1000);
    const channel = state.conversations.createChannel({ workspaceId, title: 'later', visibility: 'PUBLIC' }, alice);
    expect(channel.id).toBe('00000000-0000-4000-8000-000000000001');
    expect(channel.createdAt).toBe(NOW + 1000);
    expect(state.tables.workspaces.get(workspaceId)!.createdAt).toBe(NOW - 3 * 24 * 3_600_000);
  });
});
