/** The two queries under test, with every field of MessageView (SPEC.md 2.1). */
const MESSAGE_FIELDS = `
  id clientMessageId conversationId senderId sequence type content replyToMessageId
  replyTo { id senderId content deletedAt }
  createdAt updatedAt deletedAt
  attachments { id fileName contentType size }
  reactions { emoji userIds }`;

export const MESSAGES = `query($conversationId: ID!, $first: Int, $before: String, $aroundMessageId: ID) {
  messages(conversationId: $conversationId, first: $first, before: $before, aroundMessageId: $aroundMessageId) {
    nodes { ${MESSAGE_FIELDS} } endCursor hasNextPage
  }
}`;

/** `messages` without `first`, to observe the default. */
export const MESSAGES_DEFAULT = `query($conversationId: ID!) {
  messages(conversationId: $conversationId) { nodes { id sequence } endCursor hasNextPage }
}`;

export const SINCE = `query($conversationId: ID!, $afterSequence: Int!, $first: Int) {
  messagesSince(conversationId: $conversationId, afterSequence: $afterSequence, first: $first) {
    nodes { ${MESSAGE_FIELDS} } endCursor hasNextPage
  }
}`;

export const SINCE_DEFAULT = `query($conversationId: ID!, $afterSequence: Int!) {
  messagesSince(conversationId: $conversationId, afterSequence: $afterSequence) { nodes { id sequence } endCursor hasNextPage }
}`;

/** The shapes of a message and a page, as the conformance suite reads them (every MessageView field). */
export type { Node as MessageNode, Page } from '../../src/conformance/checks/assert.js';
