import { describe, expect, it } from 'vitest';
import { createDemoState } from '../../../src/mock-server/demo/create-demo-state.js';
import { StateJournal } from '../../../src/mock-server/state/changes/journal.js';

/**
 * What one change in place costs the `--persist` log, through the tables' write API: a member's
 * read marker or mute (an entry of a conversation's `members` part) is one part record, not the
 * conversation with all its members; an edited message is its row alone.
 */
describe('the write API records a change at the size of the change', () => {
  it('a member changed through the part: one entry of the part; a message: its row', async () => {
    const state = await createDemoState({ generalMessages: 5 });
    const alice = state.tables.usersByEmail.get('alice@acme.test')!;
    const bob = state.tables.usersByEmail.get('bob@acme.test')!;
    const [workspace] = state.workspaces.listForMember(alice);
    const general = state.conversations.channelsVisibleTo(workspace!.id, alice).find((channel) => channel.members.has(bob))!;
    const sent = state.messages.send({ conversationId: general.id, clientMessageId: 'parts-1', content: 'hello' }, alice);
    const journal = new StateJournal(state);

    state.conversations.markAsRead(general.id, sent.sequence, bob);
    state.conversationSettings.setMuted(general.id, true, bob);
    expect(journal.take()).toEqual([['ps', 'conversations', general.id, 'members', bob, expect.objectContaining({ userId: bob, lastReadSequence: sent.sequence, muted: true })]]);

    state.messages.edit(sent.id, 'hello again', alice);
    expect(journal.take()).toEqual([['s', 'messages', sent.id, expect.objectContaining({ id: sent.id, content: 'hello again' })]]);
    journal.detach();
  });
});
