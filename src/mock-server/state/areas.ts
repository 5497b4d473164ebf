import { accountsSnapshot } from './accounts/snapshot.js';
import { createAccountTables } from './accounts/tables.js';
import { conversationsSnapshot } from './conversations/snapshot.js';
import { createConversationTables } from './conversations/tables.js';
import { filesSnapshot } from './files/snapshot.js';
import { createFileTables } from './files/tables.js';
import { messagesSnapshot } from './messages/snapshot.js';
import { createMessageTables } from './messages/tables.js';
import { notificationsSnapshot } from './notifications/snapshot.js';
import { createNotificationTables } from './notifications/tables.js';
import { createOutboxTables } from './outbox/tables.js';
import { outboxSnapshot } from './outbox/snapshot.js';
import type { AreaCodec } from './snapshot/codec.js';
import { workspacesSnapshot } from './workspaces/snapshot.js';
import { createWorkspaceTables } from './workspaces/tables.js';

/** An area as what works on the whole store sees it: how its tables are made, and how a snapshot saves and loads them. */
export interface Area<OwnTables, Saved> {
  readonly createTables: () => OwnTables;
  readonly snapshot: AreaCodec<OwnTables, Saved>;
}

const area = <OwnTables, Saved>(createTables: () => OwnTables, snapshot: AreaCodec<OwnTables, Saved>): Area<OwnTables, Saved> => ({ createTables, snapshot });

/**
 * Every area that owns tables, in order: the state's tables (`tables.ts`), their flat view and a
 * snapshot's `tables` follow this list, so an area is added with one line here. (And with its
 * schema fragment in `snapshot/schema.ts`, which stays apart so that valibot loads only when a
 * document is checked; a fragment left out there is a compile error in `snapshot/restore.ts`.)
 */
const AREAS = {
  accounts: area(createAccountTables, accountsSnapshot),
  workspaces: area(createWorkspaceTables, workspacesSnapshot),
  outbox: area(createOutboxTables, outboxSnapshot),
  conversations: area(createConversationTables, conversationsSnapshot),
  messages: area(createMessageTables, messagesSnapshot),
  files: area(createFileTables, filesSnapshot),
  notifications: area(createNotificationTables, notificationsSnapshot),
};

export type AreaName = keyof typeof AREAS;

/** Each area's own tables, by area name. */
export type TablesOfArea = { [A in AreaName]: ReturnType<(typeof AREAS)[A]['createTables']> };

/** What a snapshot saves of each area (its part of the document's `tables`), by area name. */
export type SavedOfArea = { [A in AreaName]: ReturnType<(typeof AREAS)[A]['snapshot']['save']> };

/** The intersection of a union's members: `A | B` gives `A & B`. */
type AllOf<Union> = (Union extends unknown ? (all: Union) => void : never) extends (all: infer All) => void ? All : never;

/** Every area's tables together, in one flat record. */
export type AllTables = AllOf<TablesOfArea[AreaName]>;

/** What a snapshot saves of every area together: the document's `tables`. */
export type AllSavedTables = AllOf<SavedOfArea[AreaName]>;

/** The area names in the order of {@link AREAS}. */
export const AREA_NAMES = Object.keys(AREAS) as AreaName[];

/**
 * The area called `name`, typed so that its tables and what it saves go together: through this,
 * `areaOf(name).snapshot.save(tables[name])` type-checks for a generic `name`, which indexing
 * {@link AREAS} directly does not (its union of areas would need every area's tables at once).
 */
export function areaOf<A extends AreaName>(name: A): Area<TablesOfArea[A], SavedOfArea[A]> {
  const areas: { readonly [K in AreaName]: Area<TablesOfArea[K], SavedOfArea[K]> } = AREAS;
  return areas[name];
}
