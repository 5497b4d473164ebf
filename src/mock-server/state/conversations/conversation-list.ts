import { isUuid } from '../../../schema/ids.js';
import { badInput } from '../errors.js';
import { requirePageSize } from '../input.js';
import type { ConversationMessages } from '../messages/message-pages.js';
import type { Page } from '../paging.js';
import type { ConversationRecord } from './records.js';

/**
 * The order of `conversations` and its cursor.
 *
 * Order: the caller's pinned conversations first, most recently pinned first; then the others by
 * last activity, newest first (the creation time of the newest message, or of the conversation
 * when it has none); ties by id.
 *
 * A new message moves its conversation to the top, which would make an offset or "after this id"
 * cursor skip or repeat conversations in a walk. So a walk orders the list as it stood when its
 * first page was read: the cursor carries that moment, and later pages rank every conversation
 * by its activity and pin at that moment (a binary search in each conversation's log). Messages
 * sent during the walk move nothing; conversations joined during it are left out (the next walk
 * shows them); conversations left during it simply drop out. Only the caller's own pin or unpin
 * of a conversation during the walk can move that one conversation.
 */

interface Position {
  /** 0: pinned, 1: the rest. */
  readonly group: 0 | 1;
  /** pinnedAt in group 0, last activity in group 1: larger comes first. */
  readonly time: number;
  readonly id: string;
}

interface ListCursor extends Position {
  readonly snapshot: number;
  readonly workspaceId: string;
}

const PREFIX = 'cv1';

/** Where `conversation` stands for `userId` in a list read at `snapshot`. */
function positionAt(conversation: ConversationRecord, userId: string, snapshot: number, messages: Pick<ConversationMessages, 'newestCreatedAtOrBefore'>): Position {
  const pinnedAt = conversation.members.get(userId)!.pinnedAt;
  if (pinnedAt !== null && pinnedAt <= snapshot) return { group: 0, time: pinnedAt, id: conversation.id };
  const activity = messages.newestCreatedAtOrBefore(conversation.id, snapshot) ?? conversation.createdAt;
  return { group: 1, time: activity, id: conversation.id };
}

/** Negative when `a` comes before `b`. */
function compare(a: Position, b: Position): number {
  return a.group - b.group || b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function encode(cursor: ListCursor): string {
  const text = [PREFIX, cursor.workspaceId, cursor.snapshot, cursor.group, cursor.time, cursor.id].join(':');
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(value: string, workspaceId: string): ListCursor {
  const refused = () => badInput('after is not a cursor of this conversation list', 'after');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(value)) throw refused();
  let text: string;
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw refused();
  }
  const [prefix, cursorWorkspace, snapshot, group, time, id, ...rest] = text.split(':');
  const numbers = [snapshot, group, time].map((part) => (part !== undefined && /^\d{1,16}$/.test(part) ? Number(part) : NaN));
  if (prefix !== PREFIX || rest.length > 0 || cursorWorkspace !== workspaceId || !isUuid(id ?? '') || numbers.some(Number.isNaN)) throw refused();
  const [snapshotTime, groupNumber, timeValue] = numbers as [number, number, number];
  if (groupNumber !== 0 && groupNumber !== 1) throw refused();
  return { workspaceId, snapshot: snapshotTime, group: groupNumber, time: timeValue, id: id! };
}

/**
 * One page of `candidates` (the caller's conversations in `workspaceId`) in list order, after the
 * cursor `after`, read at `now` for a first page; `messages` tells each conversation's activity.
 */
export function conversationListPage(
  candidates: readonly ConversationRecord[],
  userId: string,
  workspaceId: string,
  after: string | null | undefined,
  first: number,
  now: number,
  messages: Pick<ConversationMessages, 'newestCreatedAtOrBefore'>,
): Page<ConversationRecord> {
  requirePageSize(first);
  const cursor = after == null ? null : decode(after, workspaceId);
  const snapshot = cursor?.snapshot ?? now;
  const ranked: { position: Position; conversation: ConversationRecord }[] = [];
  for (const conversation of candidates) {
    if (conversation.members.get(userId)!.joinedAt > snapshot) continue;
    const position = positionAt(conversation, userId, snapshot, messages);
    if (cursor === null || compare(position, cursor) > 0) ranked.push({ position, conversation });
  }
  ranked.sort((a, b) => compare(a.position, b.position));
  const nodes = ranked.slice(0, first);
  const last = nodes.at(-1);
  return {
    nodes: nodes.map(({ conversation }) => conversation),
    endCursor: last ? encode({ ...last.position, snapshot, workspaceId }) : null,
    hasNextPage: ranked.length > first,
  };
}
