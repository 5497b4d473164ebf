import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SnapshotReplay } from '../../../src/mock-server/state/changes/replay.js';
import { exportSnapshot, restoreSnapshot, SnapshotError, validateSnapshot, type SnapshotDocument } from '../../../src/mock-server/state/snapshot/index.js';

/**
 * A version 1 document written by an earlier Parley (commit 724b21e, before each area saved its
 * own tables): two people, a workspace with an invite link, an invitation and a department, a
 * channel and a DM, a message with an attachment and a reaction, a deleted reply, an upload
 * with bytes, a pinned stored file in a folder, OAuth requests and codes, a social identity, a
 * mention's notification, sessions and the file-link key. Every table has at least one entry.
 * A Parley that reads version 1 must restore it as it was: exporting it again gives the same
 * tables (key order aside) with the same entries, in the same order, field for field.
 */
const WRITTEN = readFileSync(new URL('./version-1-at-724b21e.json', import.meta.url), 'utf8');
const written = () => JSON.parse(WRITTEN) as SnapshotDocument;

/** The sentence `validateSnapshot` refuses `document` with. */
function refusal(document: unknown): string {
  try {
    validateSnapshot(document);
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotError);
    return (error as Error).message;
  }
  throw new Error('the document was accepted');
}

describe('a version 1 document written by an earlier Parley', () => {
  it('is valid, and every table of it has entries', () => {
    const document = validateSnapshot(written());
    for (const [name, entries] of Object.entries(document.tables)) expect(entries.length, name).toBeGreaterThan(0);
  });

  it('restores, and exports again to the same document: same tables, entries, field order, sessions and key', () => {
    const document = written();
    const again = exportSnapshot(restoreSnapshot(validateSnapshot(document)));
    expect(Object.keys(again.tables).sort()).toEqual(Object.keys(document.tables).sort());
    for (const name of Object.keys(document.tables) as (keyof SnapshotDocument['tables'])[]) {
      expect(JSON.stringify(again.tables[name]), name).toBe(JSON.stringify(document.tables[name]));
    }
    expect(JSON.stringify(again.sessions)).toBe(JSON.stringify(document.sessions));
    expect(again.fileLinkKey).toBe(document.fileLinkKey);
    // The one addition: the key new message ids are computed with, which version 1 documents
    // predate (their messages keep the ids they were saved with).
    expect(again).toEqual({ ...document, messageIdKey: expect.stringMatching(/./) });
  });

  it('keeps the ids its messages were saved with: found by id, and by a retry; new messages get computed ids, kept on a round trip', () => {
    const state = restoreSnapshot(written());
    const [first, deleted] = written().tables.messages;
    const message = state.messages.find(first![0])!;
    expect(message.id).toBe(first![0]);
    expect(message.hasExplicitId).toBe(true);
    expect(state.messages.find(deleted![0])!.deletedAt).toBe(deleted![1].deletedAt);
    // The retry index is rebuilt from the messages: sending c-1 again returns the first message.
    expect(state.messages.send({ conversationId: first![1].conversationId, clientMessageId: 'c-1', content: 'again' }, first![1].senderId)).toBe(message);
    const fresh = state.messages.send({ conversationId: first![1].conversationId, clientMessageId: 'c-9', content: 'new' }, first![1].senderId);
    expect(fresh.hasExplicitId).toBe(false);
    expect(fresh.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = restoreSnapshot(validateSnapshot(JSON.parse(JSON.stringify(exportSnapshot(state)))));
    expect(again.messages.find(fresh.id)!.content).toBe('new');
    expect(again.messages.find(first![0])!.content).toBe(message.content);
    expect(again.messages.send({ conversationId: first![1].conversationId, clientMessageId: 'c-9', content: 'retry' }, first![1].senderId).id).toBe(fresh.id);
  });

  it('replays as a --persist log of that time: its retry index records are read and dropped', () => {
    const document = written();
    const replay = new SnapshotReplay();
    for (const [table, entries] of Object.entries(document.tables)) {
      for (const [key, row] of entries as [string, unknown][]) {
        if (table !== 'conversations') {
          replay.apply(['s', table, key, row]);
          continue;
        }
        // As that log wrote a conversation: a shell with its parts empty, then entry by entry.
        const { members, sentByClientId } = row as { members: [string, unknown][]; sentByClientId: [string, string][] };
        replay.apply(['s', table, key, { ...(row as object), members: [], sentByClientId: [] }]);
        for (const [entryKey, entry] of members) replay.apply(['ps', table, key, 'members', entryKey, entry]);
        for (const [entryKey, entry] of sentByClientId) replay.apply(['ps', table, key, 'sentByClientId', entryKey, entry]);
        replay.apply(['pd', table, key, 'sentByClientId', 'nobody c-0']);
      }
    }
    for (const session of document.sessions.sessions) replay.apply(['S', session.id, session]);
    replay.apply(['v', 'nextSessionId', document.sessions.nextSessionId]);
    replay.apply(['v', 'fileLinkKey', document.fileLinkKey]);
    const replayed = exportSnapshot(restoreSnapshot(validateSnapshot(replay.document())));
    expect({ ...replayed, messageIdKey: null }).toEqual({ ...document, messageIdKey: null });
  });

  it('rebuilds what is derived: the conversation logs and the storage count', () => {
    const state = restoreSnapshot(written());
    const channel = [...state.tables.conversations.values()].find((conversation) => conversation.title === 'design')!;
    expect(state.tables.messages.logOf(channel.id)!.nextSequence()).toBe(3);
    const [workspace] = state.tables.workspaces.keys();
    expect(state.fileQuota.usedBytes(workspace!)).toBeGreaterThan(0);
  });
});

describe('a version 1 document that is not valid', () => {
  it('is refused with one sentence naming the table, the entry and the field', () => {
    const field = written();
    (field.tables.users[1]![1] as { email: unknown }).email = 5;
    expect(refusal(field)).toBe('the snapshot\'s table "users", entry 1, field email is not valid: Invalid type: Expected string but received 5.');

    const nested = written();
    (nested.tables.workspaces[0]![1].members[1]![1] as { role: unknown }).role = 'KING';
    expect(refusal(nested)).toBe(
      'the snapshot\'s table "workspaces", entry 0, field members.1.1.role is not valid: Invalid type: Expected ("OWNER" | "ADMIN" | "MEMBER" | "GUEST") but received "KING".',
    );

    const key = written();
    (key.tables.notificationDays[0]![1][0] as unknown[])[0] = 'today';
    expect(refusal(key)).toBe('the snapshot\'s table "notificationDays", entry 0, field 0.0 is not valid: Invalid type: Expected number but received "today".');

    const entryKey = written();
    (entryKey.tables.outbox[0] as unknown[])[0] = 7;
    expect(refusal(entryKey)).toBe('the snapshot\'s table "outbox", entry 0, its key is not valid: Invalid type: Expected string but received 7.');
  });

  it('is refused when a record or the tables hold a field this version does not know, or lack one', () => {
    const record = written();
    (record.tables.storedFiles[0]![1] as Record<string, unknown>)['colour'] = 'red';
    expect(refusal(record)).toBe('the snapshot\'s table "storedFiles", entry 0, field colour is not valid: Invalid key: Expected never but received "colour".');

    const table = written();
    (table.tables as Record<string, unknown>)['reminders'] = [];
    expect(refusal(table)).toBe('the snapshot\'s table "reminders" is not valid: Invalid key: Expected never but received "reminders".');

    const missing = written();
    delete (missing.tables as Partial<SnapshotDocument['tables']>).directConversations;
    expect(refusal(missing)).toBe('the snapshot\'s table "directConversations" is not valid: Invalid key: Expected "directConversations" but received undefined.');
  });

  it('is refused on restore when what the shape cannot say is wrong: upload bytes, message order', () => {
    const bytes = written();
    bytes.tables.uploads[0]![1].body = 'not base64!';
    expect(() => restoreSnapshot(bytes)).toThrow(`the snapshot's table "uploads" is not valid: the bytes of upload ${bytes.tables.uploads[0]![0]} are not base64.`);

    const order = written();
    const [first, second] = order.tables.messages;
    order.tables.messages[0] = second!;
    order.tables.messages[1] = first!;
    expect(() => restoreSnapshot(order)).toThrow(
      `the snapshot's table "messages" is not valid: message ${first![0]} comes after a message with sequence 2 in its conversation but has sequence 1.`,
    );
  });
});
