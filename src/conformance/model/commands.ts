/**
 * A history as data: what the suite's actors do, in order. Commands refer to messages and cursors
 * by position ("the 3rd message of X", "the cursor of the last page read"), never by the ids a
 * server handed out, so that a history keeps its meaning when it is shrunk or replayed against
 * another server, and a saved history (`--replay FILE`) is plain JSON.
 *
 * The conversations: X holds A and B; Y holds A alone (B is a workspace member outside it); Z
 * holds A and B too (events of Z must not reach X's subscribers). C is outside the workspace.
 */

export type ConversationName = 'X' | 'Y' | 'Z';
export type Member = 'A' | 'B';
export type ActorName = 'A' | 'B' | 'C';

/**
 * A message of a conversation by position: `pick` modulo the messages it holds, oldest first (a
 * negative pick counts from the newest: -1 is the newest). `among` narrows the messages picked
 * from to the deleted or the live ones.
 */
export interface Pick {
  readonly pick: number;
  readonly among?: 'deleted' | 'live';
}

export interface Send {
  readonly kind: 'send';
  readonly as: Member;
  readonly in: ConversationName;
  readonly content: string;
  /** As a client makes one; the player makes it unique in the run by suffixing the step. */
  readonly clientMessageId: string;
  /** A live message of the same conversation to reply to. */
  readonly replyTo?: Pick;
  /** Upload a small file and attach it (only when the server's upload works). */
  readonly attach?: boolean;
}

/**
 * Many plain messages one after another, so pages meet the bounds of `first`; then, by the same
 * sender, some of them deleted, so deleted messages sit where pages begin and end: the oldest
 * few (`head`), the newest few (`tail`), every other one (`alternate`), or all.
 */
export interface Burst {
  readonly kind: 'burst';
  readonly as: Member;
  readonly in: ConversationName;
  readonly count: number;
  readonly deletes?: 'head' | 'tail' | 'alternate' | 'all';
}

/** Edits one of the actor's own live messages (by position among them). */
export interface Edit {
  readonly kind: 'edit';
  readonly as: Member;
  readonly in: ConversationName;
  readonly target: Pick;
  readonly content: string;
}

/** Soft-deletes one of the actor's own live messages. */
export interface Delete {
  readonly kind: 'delete';
  readonly as: Member;
  readonly in: ConversationName;
  readonly target: Pick;
}

export interface React {
  readonly kind: 'react';
  readonly as: Member;
  readonly in: ConversationName;
  readonly target: Pick;
  readonly emoji: string;
}

export type Write = Send | Burst | Edit | Delete | React;

/**
 * `before`: `latest` is the cursor of the last `messages` page read in this conversation,
 * `earliest` the first one (used after later writes), `other` the latest of another
 * conversation, `malformed` a string no server issued.
 */
export type BeforeRef = 'latest' | 'earliest' | 'other' | 'malformed';

/** `aroundMessageId`: a message of this conversation (live or deleted), or one that cannot anchor. */
export type AroundRef = Pick | 'other' | 'unknown' | 'malformed';

/**
 * `first`: a number as sent, `'default'` leaves it out, `null` sends null (never accepted).
 */
export type FirstArg = number | 'default' | null;

/**
 * Where `messagesSince` reads from: 0, a message's sequence (live or deleted), a sequence past
 * the newest, the last node of the previous page (a walk), one below a message's sequence, or a
 * negative number.
 */
export type AfterRef =
  | { readonly from: 'zero' }
  | { readonly from: 'message'; readonly pick: number; readonly among?: 'deleted' | 'live'; readonly offset?: -1 | 0 }
  | { readonly from: 'newest'; readonly plus: number }
  | { readonly from: 'walk' }
  | { readonly from: 'negative'; readonly value: number };

/**
 * Who a read is sent as: an actor's access token, or another credential the suite holds where
 * an access token goes (`refresh:A`: A's refresh token; `none`: no header; `garbage`: a bearer
 * token no server issued; `suffixed:A`: A's access token with characters appended, a forged or
 * corrupted token that a prefix match would take for A's). Another scheme than Bearer is left to the scripted SHOULD check: the
 * spec says how clients send the token, not that a server must refuse other forms.
 */
export type Caller = ActorName | 'refresh:A' | 'refresh:B' | 'none' | 'garbage' | 'suffixed:A';

export interface ReadMessages {
  readonly kind: 'messages';
  readonly as: Caller;
  readonly in: ConversationName;
  readonly first: FirstArg;
  readonly before?: BeforeRef;
  readonly around?: AroundRef;
}

export interface ReadSince {
  readonly kind: 'since';
  readonly as: Caller;
  readonly in: ConversationName;
  readonly first: FirstArg;
  readonly after: AfterRef;
}

export type Read = ReadMessages | ReadSince;

/** Writes sent at once, with a read in flight among them (which may see any of them, or none), or without one. */
export interface Concurrently {
  readonly kind: 'concurrently';
  readonly read?: Read;
  readonly writes: readonly (Send | Edit | Delete | React)[];
}

/**
 * Reads a conversation page after page as a client scrolls: `messages` from the newest page (or
 * an anchor) back with `before` set to each endCursor, or `messagesSince` from a sequence on with
 * the last node's sequence, until hasNextPage is false (12 pages at most).
 */
export interface Walk {
  readonly kind: 'walk';
  readonly read: Read;
}

/** The last read again, as it was sent (a cache keyed by its arguments must not answer it stale). */
export interface Again {
  readonly kind: 'again';
}

export type Command = Write | Read | Concurrently | Again | Walk;

/** A saved history, as `--replay FILE` reads it (the JSON report's `history` of a failure is one). */
export interface SavedHistory {
  readonly check: string;
  readonly commands: readonly Command[];
}
