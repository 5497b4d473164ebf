import { AREA_NAMES, areaOf } from '../areas.js';
import type { RowCodec } from '../snapshot/codec.js';

/**
 * One change of the `--persist` log, JSON-compatible. Rows are saved exactly as a snapshot saves
 * them (the area's row codec), so replaying a log gives a snapshot document:
 * - `['s', table, key, row]`: the row is set (kept in its place, or added at the end). For a
 *   table with parts, a part that is `null` in the row is kept as it is; a part given as entries
 *   replaces it.
 * - `['d', table, key]`: the row is deleted.
 * - `['ps', table, key, part, entryKey, entry]` and `['pd', table, key, part, entryKey]`: one
 *   entry of a part of a row is set or deleted.
 * - `['S', id, session]` and `['D', id]`: a session is set or ended (sessions are a snapshot's
 *   own list, not a table).
 * - `['v', 'nextSessionId' | 'fileLinkKey' | 'messageIdKey', value]`: one of the snapshot's single values.
 */
export type ChangeRecord =
  | readonly ['s', string, string, unknown]
  | readonly ['d', string, string]
  | readonly ['ps', string, string, string, string, unknown]
  | readonly ['pd', string, string, string, string]
  | readonly ['S', string, unknown]
  | readonly ['D', string]
  | readonly ['v', 'nextSessionId' | 'fileLinkKey' | 'messageIdKey', unknown];

/** Every table of the state, by its name in a snapshot's `tables`, with its row codec, in the snapshot's order. */
export function tableCodecs(): Map<string, RowCodec<unknown, unknown>> {
  const codecs = new Map<string, RowCodec<unknown, unknown>>();
  for (const name of AREA_NAMES) {
    const rows = areaOf(name).snapshot.rows as unknown as Record<string, RowCodec<unknown, unknown>>;
    for (const table of Object.keys(rows)) codecs.set(table, rows[table]!);
  }
  return codecs;
}
