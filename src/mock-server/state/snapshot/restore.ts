import { AREA_NAMES, areaOf, type AllSavedTables, type AreaName } from '../areas.js';
import { base64ToBytes } from '../base64.js';
import { MockState, type MockStateOptions } from '../mock-state.js';
import type { AreaTables } from '../tables.js';
import { SnapshotError } from './errors.js';
import { randomIds, type IdGenerator } from '../ids.js';
import { StagedMessageError } from '../messages/tables.js';
import type { SnapshotDocument } from './schema.js';

const loadArea = <A extends AreaName>(name: A, saved: AllSavedTables, areas: AreaTables): void => areaOf(name).snapshot.load(saved, areas[name]);

/**
 * Each conversation's log, filled with the messages the messages area staged: a message must be
 * in a conversation the snapshot holds, which another area's table says, so they are added here,
 * once every area is loaded.
 */
function rebuildLogs({ messages, conversations }: AreaTables, ids: IdGenerator): void {
  try {
    messages.messages.addStaged((conversationId) => conversations.conversations.has(conversationId), ids);
  } catch (error) {
    if (error instanceof StagedMessageError) throw new SnapshotError(`the snapshot's table "messages" is not valid: ${error.message}.`);
    throw error;
  }
}

/**
 * A fresh state built with `options`, holding what `document` holds. The document must have
 * the right shape already (`validateSnapshot` checks an untrusted one); what the shape cannot say
 * is checked here and by each area's codec (messages in a conversation the snapshot holds, in
 * sequence order, upload bytes in base64), with a {@link SnapshotError}. Derived data is rebuilt:
 * each conversation's message log, the storage counts of every workspace and of unused uploads;
 * the search index builds itself on first use. The document is only read: one document can be
 * restored any number of times.
 */
export function restoreSnapshot(document: SnapshotDocument, options: MockStateOptions = {}): MockState {
  const state = new MockState(options);
  for (const name of AREA_NAMES) loadArea(name, document.tables, state.areas);
  if (document.messageIdKey != null) state.areas.messages.messages.loadKey(document.messageIdKey);
  rebuildLogs(state.areas, options.ids ?? randomIds);
  state.sessions.load(document.sessions);
  if (document.fileLinkKey !== null) {
    const key = base64ToBytes(document.fileLinkKey);
    if (key === null) throw new SnapshotError('the snapshot\'s file-link key is not valid: it is not base64.');
    state.fileLinks.loadKey(key);
  }
  state.fileQuota.resync();
  state.uploads.resync();
  return state;
}
