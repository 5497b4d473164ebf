import { base64ToBytes } from '../base64.js';
import type { ConversationRecord } from '../conversations/records.js';
import { MessageLog } from '../messages/message-log.js';
import type { MessageRecord } from '../messages/records.js';
import { MockState, type MockStateOptions } from '../mock-state.js';
import type { Tables } from '../tables.js';
import { SnapshotError } from './errors.js';
import type { SavedTables, SnapshotDocument } from './schema.js';

type Entries<V> = readonly (readonly [string, V])[];

/** Fills `map` from saved entries, each value made by `load` (a fresh object: the document stays unshared). */
function fill<K, S, V>(map: Map<K, V>, saved: readonly (readonly [K, S])[], load: (value: S) => V): void {
  for (const [key, value] of saved) map.set(key, load(value));
}
const same = <V>(value: V): V => value;
const copy = <V extends object>(value: V): V => ({ ...value });
const array = <V>(values: readonly V[]): V[] => [...values];
const map = <S, V>(saved: Entries<S>, load: (value: S) => V): Map<string, V> => {
  const loaded = new Map<string, V>();
  fill(loaded, saved, load);
  return loaded;
};

function bytes(base64: string, key: string): Uint8Array {
  const decoded = base64ToBytes(base64);
  if (decoded === null) throw new SnapshotError(`the snapshot's table "uploads" is not valid: the bytes of upload ${key} are not base64.`);
  return decoded;
}

function fillTables(tables: Tables, saved: SavedTables): void {
  fill(tables.users, saved.users, (user) => ({ ...user, password: user.password && copy(user.password), twoFactor: user.twoFactor && copy(user.twoFactor) }));
  fill(tables.usersByEmail, saved.usersByEmail, same);
  fill(tables.usersByUsername, saved.usersByUsername, same);
  fill(tables.workspaces, saved.workspaces, (workspace) => ({
    ...workspace,
    purposes: [...workspace.purposes],
    members: map(workspace.members, copy),
    joinEmailDomains: [...workspace.joinEmailDomains],
  }));
  fill(tables.workspacesBySlug, saved.workspacesBySlug, same);
  fill(tables.inviteLinks, saved.inviteLinks, copy);
  fill(tables.invitations, saved.invitations, copy);
  fill(tables.invitationsByToken, saved.invitationsByToken, same);
  fill(tables.departments, saved.departments, copy);
  fill(tables.verificationTokens, saved.verificationTokens, copy);
  fill(tables.oauthRequests, saved.oauthRequests, copy);
  fill(tables.oauthCodes, saved.oauthCodes, copy);
  fill(tables.socialIdentities, saved.socialIdentities, copy);
  fill(tables.outbox, saved.outbox, copy);
  fill(tables.conversations, saved.conversations, (conversation): ConversationRecord => ({
    ...conversation,
    members: map(conversation.members, copy),
    log: new MessageLog(),
    sentByClientId: map(conversation.sentByClientId, same),
  }));
  fill(tables.directConversations, saved.directConversations, same);
  fill(tables.messages, saved.messages, (message): MessageRecord => ({
    ...message,
    attachments: message.attachments.length === 0 ? [] : message.attachments.map(copy),
    reactions: message.reactions === null ? null : map(message.reactions, array),
  }));
  fill(tables.uploads, saved.uploads, (upload) => ({ ...upload, body: upload.body === null ? null : bytes(upload.body, upload.key) }));
  fill(tables.storedFiles, saved.storedFiles, copy);
  fill(tables.fileFolders, saved.fileFolders, copy);
  fill(tables.attachmentMessages, saved.attachmentMessages, same);
  fill(tables.attachmentsByConversation, saved.attachmentsByConversation, (ids) => new Set(ids));
  fill(tables.notifications, saved.notifications, copy);
  fill(tables.notificationsByUser, saved.notificationsByUser, array);
  fill(tables.notificationsByMessage, saved.notificationsByMessage, array);
  fill(tables.notificationDays, saved.notificationDays, (days) => {
    const loaded = new Map<number, { mentions: number; replied: number }>();
    fill(loaded, days, copy);
    return loaded;
  });
}

/** Each conversation's log, from the messages table (its records, in their sequence order). */
function rebuildLogs(tables: Tables): void {
  for (const message of tables.messages.values()) {
    const conversation = tables.conversations.get(message.conversationId);
    if (!conversation) {
      throw new SnapshotError(`the snapshot's table "messages" is not valid: message ${message.id} is in conversation ${message.conversationId}, which the snapshot does not hold.`);
    }
    if (message.sequence < conversation.log.nextSequence()) {
      throw new SnapshotError(`the snapshot's table "messages" is not valid: message ${message.id} comes after a message with sequence ${conversation.log.nextSequence() - 1} in its conversation but has sequence ${message.sequence}.`);
    }
    conversation.log.append(message);
  }
}

/**
 * A fresh state built with `options`, holding what `document` holds. The document must have
 * the right shape already (`readSnapshot` checks an untrusted one); what the shape cannot say is
 * checked here (messages in a conversation the snapshot holds, in sequence order, upload bytes
 * in base64), with a {@link SnapshotError}. Derived data is rebuilt: each conversation's message
 * log, the storage counts of every workspace; the search index builds itself on first use.
 * The document is only read: one document can be restored any number of times.
 */
export function restoreSnapshot(document: SnapshotDocument, options: MockStateOptions = {}): MockState {
  const state = new MockState(options);
  fillTables(state.tables, document.tables);
  rebuildLogs(state.tables);
  state.sessions.load(document.sessions);
  if (document.fileLinkKey !== null) {
    const key = base64ToBytes(document.fileLinkKey);
    if (key === null) throw new SnapshotError('the snapshot\'s file-link key is not valid: it is not base64.');
    state.fileLinks.loadKey(key);
  }
  state.fileQuota.resync();
  return state;
}
