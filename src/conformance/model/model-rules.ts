/**
 * The sentences of SPEC.md the model holds a server to. Every verdict of a model check names one
 * of these, so a failure says which sentence the server broke, as the scripted checks' `specRef`s do.
 */
export interface ModelRule {
  readonly id: string;
  readonly specRef: string;
  readonly text: string;
}

function rule(id: string, specRef: string, text: string): ModelRule {
  return { id, specRef, text };
}

export const modelRules = {
  stored: rule('stored-as-sent', '2.1 MessageView', 'a message shows what its sender sent: the same clientMessageId, senderId, conversationId, type TEXT, content (as last edited), replyTo and attachments, character for character'),
  sequence: rule('sequence-increasing', '2.1 MessageView.sequence', 'sequence is an increasing order number within the conversation: a new message has a larger one than every message before it'),
  sequenceKept: rule('sequence-kept', '3 (soft-deleted); 2.1 MessageView.sequence', 'a message keeps its sequence: soft-deleted, "the message keeps its sequence and stays in message results"'),
  softDeleted: rule('soft-deleted', '3; 2.1 MessagePage; 4.1 rule 7; 4.2 rule 5', 'a soft-deleted message stays in results with content null, attachments empty and deletedAt set; a live one has deletedAt null'),
  replyTo: rule('reply-to-summary', '2.1 MessageSummary', 'replyTo summarizes the replied-to message: its id and senderId, content null and deletedAt set once it is deleted'),
  reactions: rule('reactions-grouped', '2.1 ReactionSummary', 'reactions are grouped by emoji, each with the ids of the users who used it'),
  newest: rule('newest-page', '4.1 rule 3', 'without before and aroundMessageId, the page holds the newest messages'),
  before: rule('before-smaller', '4.1 arguments: before', 'before returns messages with a smaller sequence than the message its cursor is at, the newest of them first in line'),
  around: rule('around-ends-at-anchor', '4.1 arguments: aroundMessageId', 'the page ends at the anchor: it holds the anchor and older messages, and no newer ones'),
  precedence: rule('before-over-around', '4.1 rule 2', 'when both before and aroundMessageId are given, before takes precedence'),
  ascending: rule('ascending', '4.1 rule 4; 4.2 rule 2', 'nodes are in ascending sequence order within each page'),
  pageSize: rule('page-size', '4.1 arguments: first; section 8', 'first is the page size: a page holds first messages when that many are there, and never more'),
  sinceGreater: rule('since-greater', '4.2 arguments: afterSequence; 4.2 rule 2', 'only messages with a larger sequence than afterSequence are returned, the next ones in order (0 reads from the start)'),
  sinceMaximum: rule('since-maximum', '4.2 arguments: first; section 8', 'first is the maximum per page: never more nodes than first'),
  hasNextOlder: rule('has-next-page-older', '4.1 rule 6', 'hasNextPage is true when older messages exist beyond the page, false when none do'),
  hasNextNewer: rule('has-next-page-newer', '4.2 rule 3', 'hasNextPage is true when newer messages remain after the page, false when none do'),
  endCursor: rule('end-cursor', '4.1 rule 5; 4.2 rule 4', 'endCursor is a cursor (a string) when the page has nodes, and null for an empty page'),
  cursorIdentifies: rule('cursor-names-one-place', '4.1 rule 5; 4.2 rule 4', "an endCursor names one place: the cursor at a page's oldest message (messages), or one encoding the conversation and the page's newest sequence (messagesSince), so one cursor never stands for two"),
  notNull: rule('never-null', '4.1 rule 4; 4.2 rule 2', 'the result is never null: a MessagePage with nodes, endCursor and hasNextPage'),
  unauthenticated: rule('unauthenticated', '5 rules 1-2; 7 row 1', 'a missing or invalid access token (anything that is not an access token in an Authorization: Bearer header) yields UNAUTHENTICATED'),
  member: rule('member-reads', '5 rules 1 and 3; 4.1 rule 1; 4.2 rule 1', "a member's access token reads the conversation"),
  forbidden: rule('non-member-forbidden', '5 rule 3; 7 row 7', 'a caller who is not a member of the conversation receives FORBIDDEN, workspace member or not'),
  firstRange: rule('first-range', '7 row 3; section 8', 'first outside 1 to 100 yields BAD_USER_INPUT; null is not accepted'),
  cursorInput: rule('cursor-refused', '7 row 4; 4.1 arguments: before', 'a malformed before cursor, or one of another conversation, yields BAD_USER_INPUT'),
  aroundFormat: rule('around-format', '7 row 5', 'an aroundMessageId that is not a valid id format yields BAD_USER_INPUT'),
  aroundNotFound: rule('around-not-found', '7 row 8', 'an aroundMessageId that does not exist, is deleted, or belongs to another conversation yields NOT_FOUND'),
  afterNegative: rule('after-negative', '7 row 6; section 8', 'a negative afterSequence yields BAD_USER_INPUT'),
  eventCreated: rule('event-created', '6 + 3 (sent: messageCreated)', "a subscriber receives messageCreated for every message sent to the conversation while it listens, carrying the message as the queries show it"),
  eventUpdated: rule('event-updated', '6 + 3 (edited: messageUpdated)', 'a subscriber receives messageUpdated for every edit, carrying the new content with the id and sequence kept'),
  eventDeleted: rule('event-deleted', '6 + 3 (soft-deleted: messageDeleted)', 'a subscriber receives messageDeleted for every soft-delete, carrying the deleted state: deletedAt set, content null, attachments empty, sequence kept'),
  eventScope: rule('event-of-its-conversation', '6 (argument conversationId)', 'a subscription delivers only changes of the conversation it names, each as it happened, never one the history did not make'),
  eventCredential: rule('event-access-token-only', '6 + 5 rules 2-3', "a WebSocket connection made with anything but an access token (a refresh token, a forged token) receives no conversation's messages"),
  eventMember: rule('event-members-only', '6 + 5 rule 3', "no subscription hands a conversation's messages to a non-member"),
} as const satisfies Record<string, ModelRule>;

export type ModelRuleName = keyof typeof modelRules;
