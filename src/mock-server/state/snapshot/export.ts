import { bytesToBase64 } from '../base64.js';
import type { MockState } from '../mock-state.js';
import type { Tables } from '../tables.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';
import type { SavedTables, SnapshotDocument } from './schema.js';

const list = <K, V, S>(map: ReadonlyMap<K, V>, save: (value: V) => S): [K, S][] => {
  const saved: [K, S][] = [];
  for (const [key, value] of map) saved.push([key, save(value)]);
  return saved;
};
const same = <V>(value: V): V => value;
const copy = <V extends object>(value: V): V => ({ ...value });
const array = <V>(values: Iterable<V>): V[] => [...values];

function saveTables(tables: Tables): SavedTables {
  return {
    users: list(tables.users, copy),
    usersByEmail: list(tables.usersByEmail, same),
    usersByUsername: list(tables.usersByUsername, same),
    workspaces: list(tables.workspaces, (workspace) => ({
      ...workspace,
      purposes: [...workspace.purposes],
      members: list(workspace.members, copy),
      joinEmailDomains: [...workspace.joinEmailDomains],
    })),
    workspacesBySlug: list(tables.workspacesBySlug, same),
    inviteLinks: list(tables.inviteLinks, copy),
    invitations: list(tables.invitations, copy),
    invitationsByToken: list(tables.invitationsByToken, same),
    departments: list(tables.departments, copy),
    verificationTokens: list(tables.verificationTokens, copy),
    oauthRequests: list(tables.oauthRequests, copy),
    oauthCodes: list(tables.oauthCodes, copy),
    socialIdentities: list(tables.socialIdentities, copy),
    outbox: list(tables.outbox, copy),
    // The log holds the messages table's records in sequence order: rebuilt from it on restore.
    conversations: list(tables.conversations, (conversation) => ({
      ...conversation,
      members: list(conversation.members, copy),
      log: null,
      sentByClientId: list(conversation.sentByClientId, same),
    })),
    directConversations: list(tables.directConversations, same),
    messages: list(tables.messages, (message) => ({
      ...message,
      attachments: message.attachments.map(copy),
      reactions: message.reactions === null ? null : list(message.reactions, array),
    })),
    uploads: list(tables.uploads, (upload) => ({ ...upload, body: upload.body === null ? null : bytesToBase64(upload.body) })),
    storedFiles: list(tables.storedFiles, copy),
    fileFolders: list(tables.fileFolders, copy),
    attachmentMessages: list(tables.attachmentMessages, same),
    attachmentsByConversation: list(tables.attachmentsByConversation, array),
    notifications: list(tables.notifications, copy),
    notificationsByUser: list(tables.notificationsByUser, array),
    notificationsByMessage: list(tables.notificationsByMessage, array),
    notificationDays: list(tables.notificationDays, (days) => list(days, copy)),
  };
}

/**
 * The whole durable state as a JSON-compatible, versioned document: every table (secondary
 * indexes included), the open sessions and the file-link signing key. What is live only is left
 * out, as a restarted backend would lose it: who is typing, who is online (presence and its "last
 * seen"), open subscriptions and timers. The document shares nothing with the state: changing one
 * never changes the other.
 */
export function exportSnapshot(state: MockState): SnapshotDocument {
  const key = state.fileLinks.savedKey();
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    tables: saveTables(state.tables),
    sessions: state.sessions.save(),
    fileLinkKey: key === null ? null : bytesToBase64(key),
  };
}
