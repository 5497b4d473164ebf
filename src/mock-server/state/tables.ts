import { createAccountTables, type AccountTables } from './accounts/tables.js';
import { createConversationTables, type ConversationTables } from './conversations/tables.js';
import { createFileTables, type FileTables } from './files/tables.js';
import { createMessageTables, type MessageTables } from './messages/tables.js';
import { createNotificationTables, type NotificationTables } from './notifications/tables.js';
import { createOutboxTables, type OutboxTables } from './outbox.js';
import { createWorkspaceTables, type WorkspaceTables } from './workspaces/tables.js';

/**
 * The tables of every area, each area's under its name. An area declares and creates its own
 * tables (`<area>/tables.ts`) and is the only code that reads or writes them; this file only
 * assembles them, for the state (which hands each service its own) and for what works on the
 * whole store at once (snapshots, digests).
 *
 * Records are plain data: views for GraphQL are built from them in `graphql/views/`, so what is
 * stored and what is shown can differ (a deleted message keeps nothing it does not need; a view
 * hides what the caller may not see). Times are epoch milliseconds; enums are the schema's values
 * as strings.
 */
export interface AreaTables {
  readonly accounts: AccountTables;
  readonly workspaces: WorkspaceTables;
  readonly outbox: OutboxTables;
  readonly conversations: ConversationTables;
  readonly messages: MessageTables;
  readonly files: FileTables;
  readonly notifications: NotificationTables;
}

/** Every table of the store in one flat record (the same Maps as {@link AreaTables}), by table name. */
export type Tables = AccountTables & WorkspaceTables & OutboxTables & ConversationTables & MessageTables & FileTables & NotificationTables;

export function createAreaTables(): AreaTables {
  return {
    accounts: createAccountTables(),
    workspaces: createWorkspaceTables(),
    outbox: createOutboxTables(),
    conversations: createConversationTables(),
    messages: createMessageTables(),
    files: createFileTables(),
    notifications: createNotificationTables(),
  };
}

/** The flat view of `areas`: the same Maps, so a change through one shows through the other. */
export function flatTables(areas: AreaTables): Tables {
  return { ...areas.accounts, ...areas.workspaces, ...areas.outbox, ...areas.conversations, ...areas.messages, ...areas.files, ...areas.notifications };
}
