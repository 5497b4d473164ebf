import { AREA_NAMES, areaOf, type AllSavedTables, type AreaName, type SavedOfArea } from '../areas.js';
import { bytesToBase64 } from '../base64.js';
import type { MockState } from '../mock-state.js';
import type { AreaTables } from '../tables.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';
import type { SnapshotDocument } from './schema.js';

const saveArea = <A extends AreaName>(name: A, areas: AreaTables): SavedOfArea[A] => areaOf(name).snapshot.save(areas[name]);

/** Every area's tables, each saved by its area's codec, in the order of the areas. */
function saveTables(areas: AreaTables): AllSavedTables {
  const saved = {};
  for (const name of AREA_NAMES) Object.assign(saved, saveArea(name, areas));
  // Each area saves its own tables: together, every table.
  const tables = saved as AllSavedTables;
  addRetryIndexes(tables, areas);
  return tables;
}

/**
 * Each saved conversation's retry index (`sentByClientId`, last), in the place and form documents
 * have always had it, so that an earlier Parley reads a later one's: derived from the messages
 * table, which holds each conversation's log (the conversations area saves none).
 */
function addRetryIndexes(tables: AllSavedTables, areas: AreaTables): void {
  const { messages } = areas.messages;
  for (const [key, conversation] of tables.conversations) {
    (conversation as { sentByClientId?: [string, string][] }).sentByClientId = messages.logOf(key)?.retryEntries() ?? [];
  }
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
    tables: saveTables(state.areas),
    sessions: state.sessions.save(),
    fileLinkKey: key === null ? null : bytesToBase64(key),
    messageIdKey: state.areas.messages.messages.key,
  };
}
