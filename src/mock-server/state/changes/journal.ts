import { bytesToBase64 } from '../base64.js';
import type { MockState } from '../mock-state.js';
import type { RowChanges } from './row-changes.js';
import type { RowCodec } from '../snapshot/codec.js';
import { tableCodecs, type ChangeRecord } from './records.js';
import { TableChanges, type TrackedMap } from './tracked-map.js';

interface JournalTable {
  readonly name: string;
  readonly map: TrackedMap<string, unknown>;
  readonly codec: RowCodec<unknown, unknown>;
  readonly changes: TableChanges<string>;
}

const keyOf = (key: Uint8Array | null) => (key === null ? null : bytesToBase64(key));

/**
 * Records what changes in one state, row by row, for `--persist`: attached to every table (and
 * the sessions), it turns what changed since the last {@link take} into change records, each row
 * saved by its area's codec. What it costs is proportional to the change: a burst of changes to
 * one row is one record, and nothing is walked that did not change. One journal per state: a
 * state swap (reset, restore, fixtures) detaches it and attaches a new one to the new state.
 */
export class StateJournal {
  private readonly tables: JournalTable[] = [];
  private readonly sessions: RowChanges<string>;
  private nextSessionId: number;
  private fileLinkKey: string | null;
  private messageIdKey: string | null;

  constructor(readonly state: MockState) {
    const flat = state.tables as unknown as Record<string, TrackedMap<string, unknown>>;
    for (const [name, codec] of tableCodecs()) {
      const map = flat[name]!;
      const changes = new TableChanges<string>();
      map.changes = changes;
      this.tables.push({ name, map, codec, changes });
    }
    this.sessions = state.sessions.trackChanges();
    this.sessions.take();
    this.nextSessionId = state.sessions.nextId;
    this.fileLinkKey = keyOf(state.fileLinks.savedKey());
    this.messageIdKey = state.tables.messages.key;
  }

  /** Stops recording (the state was swapped out). */
  detach(): void {
    for (const table of this.tables) if (table.map.changes === table.changes) table.map.changes = null;
  }

  /** The changes since the last take (or since the journal was attached), as records; empty when nothing changed. */
  take(): ChangeRecord[] {
    const records: ChangeRecord[] = [];
    for (const table of this.tables) this.takeTable(table, records);
    const sessions = this.state.sessions;
    for (const [id, change] of this.sessions.take()) {
      const saved = sessions.saved(id);
      if (change === 'moved' || saved === undefined) records.push(['D', id]);
      if (saved !== undefined) records.push(['S', id, saved]);
    }
    if (sessions.nextId !== this.nextSessionId) {
      this.nextSessionId = sessions.nextId;
      records.push(['v', 'nextSessionId', this.nextSessionId]);
    }
    const key = keyOf(this.state.fileLinks.savedKey());
    if (key !== this.fileLinkKey) {
      this.fileLinkKey = key;
      records.push(['v', 'fileLinkKey', key]);
    }
    const messageIdKey = this.state.tables.messages.key;
    if (messageIdKey !== this.messageIdKey) {
      this.messageIdKey = messageIdKey;
      // First: replayed, the key comes before the messages whose ids it computes (any order works; this reads best).
      records.unshift(['v', 'messageIdKey', messageIdKey]);
    }
    return records;
  }

  private takeTable({ name, map, codec, changes }: JournalTable, records: ChangeRecord[]): void {
    if (changes.rows.size === 0 && changes.parts.size === 0) return;
    const { rows, parts } = changes.take();
    for (const [key, change] of rows) {
      if (change === 'moved' || change === 'deleted') records.push(['d', name, key]);
      if (change === 'deleted') continue;
      const value = map.get(key);
      // Gone since (the change was recorded through another path): the row is not there.
      if (value === undefined) {
        if (change !== 'moved') records.push(['d', name, key]);
        continue;
      }
      // A row that is new here is written whole; one that was there gets its shell and its parts' changes.
      records.push(['s', name, key, change === 'updated' && codec.shell ? codec.shell(value) : codec.save(value)]);
    }
    for (const [key, changedParts] of parts) {
      const change = rows.get(key);
      if (change === 'added' || change === 'moved' || change === 'deleted') continue;
      const value = map.get(key) as Record<string, ReadonlyMap<string, unknown>> | undefined;
      if (value === undefined) continue;
      for (const [part, entries] of changedParts) {
        const save = codec.parts![part]! as (entry: unknown) => unknown;
        const live = value[part]!;
        for (const [entryKey, entryChange] of entries.take() as Map<string, string>) {
          if (entryChange === 'moved' || entryChange === 'deleted' || !live.has(entryKey)) records.push(['pd', name, key, part, entryKey]);
          if (live.has(entryKey)) records.push(['ps', name, key, part, entryKey, save(live.get(entryKey))]);
        }
      }
    }
  }
}

/**
 * The whole of `state` as change records, one row (or one entry of a part) at a time, lazily:
 * what a fresh `--persist` file starts with. Replayed on nothing, they give the state's snapshot.
 * The tables are read as they are when each row is reached, so this can be spread over many
 * turns of the event loop while the state changes: the changes recorded meanwhile, replayed
 * after these, give the state as it is then.
 */
export function* stateRecords(state: MockState): Generator<ChangeRecord> {
  const flat = state.tables as unknown as Record<string, ReadonlyMap<string, unknown>>;
  for (const [name, codec] of tableCodecs()) {
    for (const [key, value] of flat[name]!) {
      if (!codec.shell) {
        yield ['s', name, key, codec.save(value)];
        continue;
      }
      const shell = codec.shell(value) as Record<string, unknown>;
      const parts = Object.keys(codec.parts!);
      // Written empty, then entry by entry: a part of a million entries is not one record.
      for (const part of parts) shell[part] = [];
      yield ['s', name, key, shell];
      for (const part of parts) {
        const save = codec.parts![part]! as (entry: unknown) => unknown;
        for (const [entryKey, entry] of (value as Record<string, ReadonlyMap<string, unknown>>)[part]!) yield ['ps', name, key, part, entryKey, save(entry)];
      }
    }
  }
  for (const session of state.sessions.savedOneByOne()) yield ['S', session.id, session];
  yield ['v', 'nextSessionId', state.sessions.nextId];
  yield ['v', 'fileLinkKey', keyOf(state.fileLinks.savedKey())];
  yield ['v', 'messageIdKey', state.tables.messages.key];
}
