/** The dev API's answers as the console reads them (docs/console.md lists the routes). */

export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly email: string;
  readonly online: boolean;
}

export interface ConversationRow {
  readonly id: string;
  readonly type: string;
  readonly visibility: string | null;
  readonly title: string | null;
  readonly memberIds: readonly string[];
  readonly lastSequence: number;
  readonly messageCount: number;
}

export interface WorkspaceRow {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly members: readonly { readonly userId: string; readonly role: string }[];
  readonly conversations: readonly ConversationRow[];
}

/** `GET /dev/state`. */
export interface StateAnswer {
  readonly users: readonly UserRow[];
  readonly workspaces: readonly WorkspaceRow[];
  readonly counts: Readonly<Record<string, number>>;
  readonly truncated?: boolean;
}

export interface MessageRow {
  readonly id: string;
  readonly sequence: number;
  readonly authorId: string;
  /** Null for a user that no longer exists. */
  readonly authorUsername: string | null;
  readonly content: string | null;
  readonly deleted: boolean;
  readonly createdAt: string;
  readonly editedAt: string | null;
  readonly replyToMessageId: string | null;
  readonly reactions: readonly { readonly emoji: string; readonly userIds: readonly string[] }[];
}

/** `GET /dev/messages`. */
export interface MessagesAnswer {
  readonly conversationId: string;
  readonly messages: readonly MessageRow[];
  readonly hasMore: boolean;
}

/** `GET /dev/search`. */
export interface SearchAnswer {
  readonly query: string;
  readonly results: readonly { readonly workspaceId: string; readonly conversationId: string; readonly message: MessageRow }[];
}

export interface MemberRow {
  readonly userId: string;
  readonly username: string | null;
  readonly displayName: string | null;
  readonly role: string;
  readonly department: string | null;
}

export interface FileRow {
  readonly id: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly uploadedBy: string;
  readonly createdAt: string;
}

export interface NotificationRow {
  readonly id: string;
  readonly kind: string;
  readonly read: boolean;
  readonly createdAt: string;
  readonly [more: string]: unknown;
}

/** `POST /dev/sessions`. */
export interface SessionAnswer {
  readonly userId: string;
  readonly username: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly graphiqlUrl: string;
}

/** One request of the journal (`GET /dev/journal`, `event: journal`): already redacted by the server. */
export interface JournalEntry {
  readonly time: string;
  readonly transport: string;
  readonly operationName: string | null;
  readonly operationType: string | null;
  readonly variables: unknown;
  readonly caller: { readonly id: string; readonly username: string | null } | null;
  readonly status: number | null;
  readonly durationMs: number;
  readonly errorCodes: readonly string[];
}

/** `GET /dev/journal`. */
export interface JournalAnswer {
  readonly entries: readonly JournalEntry[];
}

/** `GET /dev/outbox`. */
export interface OutboxAnswer {
  readonly mails: readonly { readonly id: string; readonly to: string; readonly subject: string; readonly text: string; readonly link: string | null; readonly sentAt: string }[];
}

/** `event: domain`. */
export interface DomainEvent {
  readonly kind: string;
  readonly topic: string;
  readonly at: string;
  readonly payload: unknown;
}

/** `GET /dev/clock`. */
export interface ClockAnswer {
  readonly now: string;
  readonly controllable: boolean;
  readonly offsetMs: number;
}

export interface SnapshotRow {
  readonly name: string;
  readonly savedAt: string;
  readonly bytes: number;
}

/** `GET /dev/snapshots`. */
export interface SnapshotsAnswer {
  readonly snapshots: readonly SnapshotRow[];
  readonly max: number;
}

/** `GET /dev/simulator`: the server's own type (a type-only import: nothing of the mock is bundled). */
export type { SimulatorStatus } from '../mock-server/simulator/simulator.js';

/** Chaos as JSON carries it: an error code is any string (the server checks it and names the field). */
export interface LatencyRange {
  readonly minMs: number;
  readonly maxMs: number;
}

export interface OperationChaos {
  readonly latency?: LatencyRange;
  readonly failureRate?: number;
  readonly errorCode?: string;
}

/** `GET /dev/chaos`. */
export interface ChaosSettings {
  readonly seed?: number;
  readonly latency?: LatencyRange;
  readonly operations?: Readonly<Record<string, OperationChaos>>;
}
