/**
 * Every rule of SPEC.md sections 4.1, 4.2, 5, 6, 7 and 8, and the signatures of sections 2, 4
 * and 6, with the checks that prove it. A test
 * holds this map to the catalogue (every id exists, every rule has a check or a stated reason
 * why a black-box suite cannot check it); `parley conformance list` prints it.
 */
export interface Rule {
  readonly ref: string;
  readonly text: string;
  readonly checks: readonly string[];
  /** Set instead of `checks` when no black-box check can prove the rule; says why. */
  readonly outOfReach?: string;
}

const forbidden = ['errors.forbidden.workspace-member', 'errors.forbidden.outsider'];

export const rules: readonly Rule[] = [
  { ref: '2.1 signatures', text: 'the message resources with every field and its type (nullability and list wrapping included)', checks: ['signatures.2.1-message-resources'] },
  { ref: '2.2 signatures', text: 'every other type with every field and its type', checks: ['signatures.2.2-other-types'] },
  { ref: '2.3 signatures', text: 'every input type with its fields, types and defaults', checks: ['signatures.2.3-inputs'] },
  { ref: '2.4 signatures', text: 'every enumeration with every value it lists', checks: ['signatures.2.4-enums', 'signatures.2.4-enums.extra-output-values'] },
  { ref: '4.1 signature', text: 'messages(aroundMessageId: ID, before: String, conversationId: ID!, first: Int! = 30): MessagePage!', checks: ['signatures.4.1-messages'] },
  { ref: '4.2 signature', text: 'messagesSince(afterSequence: Int!, conversationId: ID!, first: Int! = 50): MessagePage!', checks: ['signatures.4.2-messages-since'] },
  { ref: '4.3 signatures', text: 'every query with its arguments, defaults and return type', checks: ['signatures.4.3-queries'] },
  { ref: '4.4 signatures', text: 'every mutation with its arguments, defaults and return type', checks: ['signatures.4.4-mutations'] },
  { ref: '6 signatures', text: 'every subscription with its argument and payload type', checks: ['signatures.6-subscriptions'] },
  { ref: '4.1 arguments: conversationId', text: 'UUID of the conversation; no default', checks: ['errors.conversation-id.format'] },
  { ref: '4.1 arguments: first', text: 'page size 1 to 100, default 30, null not accepted', checks: ['messages.first.default-30', 'messages.first.bounds-accepted', 'messages.first.null-rejected', 'errors.first.range', 'model.messages'] },
  { ref: '4.1 arguments: before', text: 'endCursor of a previous page; smaller sequences; null starts at the newest; valid only for its conversation', checks: ['messages.before.older-only', 'messages.newest-first-page', 'errors.before.malformed', 'errors.before.other-conversation', 'model.messages'] },
  { ref: '4.1 arguments: aroundMessageId', text: 'the page ends at the anchor, holds it and older messages; anchor in the conversation and not deleted; null not applied', checks: ['messages.around.ends-at-anchor', 'messages.around.oldest-anchor', 'messages.newest-first-page', 'errors.around.format', 'errors.around.not-found', 'model.messages'] },
  { ref: '4.1 rule 1', text: 'the caller must be a member of the conversation; workspace membership is not enough', checks: [...forbidden, 'model.messages', 'model.credentials'] },
  { ref: '4.1 rule 2', text: 'before takes precedence over aroundMessageId', checks: ['messages.before-over-around', 'model.messages'] },
  { ref: '4.1 rule 3', text: 'without before and aroundMessageId the page holds the newest messages', checks: ['messages.newest-first-page', 'model.messages'] },
  { ref: '4.1 rule 4', text: 'never null; nodes ascending by sequence within each page', checks: ['messages.order.ascending', 'messages.empty-conversation', 'cross.walks-agree', 'model.messages'] },
  { ref: '4.1 rule 5', text: 'endCursor at the oldest message of the page; null when empty', checks: ['messages.end-cursor.oldest', 'messages.end-cursor.null-when-empty', 'model.messages'] },
  { ref: '4.1 rule 6', text: 'hasNextPage true when older messages exist; continue with before = endCursor', checks: ['messages.has-next-page.older-exist', 'messages.has-next-page.exact-boundary', 'cross.walks-agree', 'model.messages'] },
  { ref: '4.1 rule 7', text: 'soft-deleted messages remain without content or attachments', checks: ['messages.soft-deleted.kept', 'fields.reply-to.summary', 'model.messages'] },
  { ref: '4.1 rule 8', text: 'the query does not update the read marker; markConversationAsRead does', checks: ['messages.read-marker.unchanged'] },
  { ref: '4.2 arguments: afterSequence', text: 'non-negative; 0 reads from the start; only larger sequences returned', checks: ['since.after-zero.from-start', 'since.greater-and-ascending', 'errors.after-sequence.negative', 'model.messages-since'] },
  { ref: '4.2 arguments: conversationId', text: 'UUID of the conversation; no default', checks: ['errors.conversation-id.format'] },
  { ref: '4.2 arguments: first', text: 'maximum per page 1 to 100, default 50, null not accepted', checks: ['since.first.default-50', 'since.first.bounds-accepted', 'since.first.null-rejected', 'errors.first.range', 'model.messages-since'] },
  { ref: '4.2 rule 1', text: 'the caller must be a member of the conversation', checks: [...forbidden, 'model.messages-since', 'model.credentials'] },
  { ref: '4.2 rule 2', text: 'nodes ascending, all greater than afterSequence; never null', checks: ['since.greater-and-ascending', 'since.end-cursor', 'model.messages-since'] },
  { ref: '4.2 rule 3', text: 'hasNextPage true when newer messages remain; continue from the last node\'s sequence', checks: ['since.has-next-page.continue', 'since.has-next-page.exact-boundary', 'cross.walks-agree', 'model.messages-since'] },
  { ref: '4.2 rule 4', text: 'endCursor encodes the conversation and the newest sequence; null for an empty page', checks: ['since.end-cursor', 'since.end-cursor.per-page', 'model.messages-since'] },
  { ref: '4.2 rule 5', text: 'soft-deleted messages stay in the stream with content null and no attachments', checks: ['since.soft-deleted.kept', 'model.messages-since'] },
  { ref: '4.2 rule 6', text: 'reads stored data; does not update the read marker', checks: ['since.read-marker.unchanged'] },
  { ref: '5 rule 1', text: 'Authorization: Bearer <ACCESS_TOKEN> on both queries', checks: ['auth.bearer-token.accepted', 'auth.other-scheme.refused', 'model.credentials'] },
  { ref: '5 rule 2', text: 'a missing or invalid access token yields UNAUTHENTICATED', checks: ['errors.unauthenticated', 'model.credentials'] },
  { ref: '5 rule 3', text: 'a non-member receives FORBIDDEN, even as a workspace member', checks: [...forbidden, 'model.credentials'] },
  { ref: '5 rule 4', text: 'tokens come in an AuthPayload; refreshToken returns a new AuthPayload', checks: ['auth.refresh-token'] },
  { ref: '5 rule 5', text: 'the OAuth code flow takes codeChallenge and state, then code and codeVerifier', checks: [], outOfReach: 'it needs a real identity provider to issue a code; a black-box suite cannot complete the flow' },
  { ref: '6 subscriptions', text: 'events are GraphQL subscriptions over a WebSocket; they report changes as they happen (which mutation fires which, their order and refusing a subscribe are open: those checks are SHOULD)', checks: ['events.websocket', 'events.created.in-order', 'events.updated.reaction', 'events.non-member.refused'] },
  {
    ref: '6 + 3',
    text: 'events "report changes as they happen" (6); a message sent, edited (its content changed) or soft-deleted (3) is changed, and messageCreated, messageUpdated and messageDeleted are the only subscriptions for those changes: each fires, carrying the message as the queries show it',
    checks: ['events.created.delivered', 'events.updated.edit', 'events.deleted.state', 'model.events'],
  },
  {
    ref: '6 + 5 rule 3',
    text: "membership is the condition for reading a conversation's messages (5 rule 3); section 6 delivers the same MessageViews live and fills their gaps with messagesSince, so no messageCreated, messageUpdated or messageDeleted subscription hands them to a non-member",
    checks: ['events.non-member.no-messages', 'model.events'],
  },
  { ref: '6 no replay', text: 'subscriptions do not replay stored data', checks: ['events.no-replay'] },
  { ref: '6 reconnect', text: 'after a reconnect, or when events may have been missed, the client reads stored data with messagesSince', checks: ['events.reconnect.catch-up'] },
  { ref: '7 row 1', text: 'UNAUTHENTICATED: access token missing or invalid (both queries)', checks: ['errors.unauthenticated', 'model.credentials'] },
  { ref: '7 row 2', text: 'BAD_USER_INPUT: conversationId is not a valid id format (both queries)', checks: ['errors.conversation-id.format'] },
  { ref: '7 row 3', text: 'BAD_USER_INPUT: first is outside 1 to 100 (both queries)', checks: ['errors.first.range', 'model.messages', 'model.messages-since'] },
  { ref: '7 row 4', text: 'BAD_USER_INPUT: messages before cursor is malformed, or belongs to another conversation', checks: ['errors.before.malformed', 'errors.before.other-conversation', 'model.messages'] },
  { ref: '7 row 5', text: 'BAD_USER_INPUT: messages aroundMessageId is not a valid id format', checks: ['errors.around.format', 'model.messages'] },
  { ref: '7 row 6', text: 'BAD_USER_INPUT: messagesSince afterSequence is negative', checks: ['errors.after-sequence.negative', 'model.messages-since'] },
  { ref: '7 row 7', text: 'FORBIDDEN: caller is not a member of the conversation (both queries)', checks: [...forbidden, 'model.credentials', 'model.messages'] },
  { ref: '7 row 8', text: 'NOT_FOUND: messages aroundMessageId does not exist, is deleted, or belongs to another conversation', checks: ['errors.around.not-found', 'model.messages'] },
  { ref: '8 row 1', text: 'messages first: 1 to 100; default 30; null rejected', checks: ['messages.first.default-30', 'messages.first.bounds-accepted', 'messages.first.null-rejected', 'errors.first.range', 'model.messages'] },
  { ref: '8 row 2', text: 'messagesSince first: 1 to 100; default 50; null rejected', checks: ['since.first.default-50', 'since.first.bounds-accepted', 'since.first.null-rejected', 'errors.first.range', 'model.messages-since'] },
  { ref: '8 row 3', text: 'messagesSince afterSequence: integer >= 0', checks: ['since.after-zero.from-start', 'errors.after-sequence.negative', 'model.messages-since'] },
];
