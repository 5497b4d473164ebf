/** The operations the checks send. Every MessageView field of SPEC.md 2.1 is asked for. */
export const MESSAGE_FIELDS = `id clientMessageId conversationId senderId sequence type content replyToMessageId
      replyTo { id senderId content deletedAt }
      createdAt updatedAt deletedAt
      attachments { id fileName contentType size }
      reactions { emoji userIds }`;

export const MESSAGES = `query Messages($conversationId: ID!, $first: Int, $before: String, $aroundMessageId: ID) {
  messages(conversationId: $conversationId, first: $first, before: $before, aroundMessageId: $aroundMessageId) {
    nodes { ${MESSAGE_FIELDS} }
    endCursor
    hasNextPage
  }
}`;

/** Without `first`, so the server's default applies. */
export const MESSAGES_DEFAULT = `query MessagesDefault($conversationId: ID!) {
  messages(conversationId: $conversationId) { nodes { id sequence } endCursor hasNextPage }
}`;

export const SINCE = `query MessagesSince($conversationId: ID!, $afterSequence: Int!, $first: Int) {
  messagesSince(conversationId: $conversationId, afterSequence: $afterSequence, first: $first) {
    nodes { ${MESSAGE_FIELDS} }
    endCursor
    hasNextPage
  }
}`;

export const SINCE_DEFAULT = `query MessagesSinceDefault($conversationId: ID!, $afterSequence: Int!) {
  messagesSince(conversationId: $conversationId, afterSequence: $afterSequence) { nodes { id sequence } endCursor hasNextPage }
}`;

export const READ_MARKERS = `query ReadMarkers($id: ID!) { conversation(id: $id) { members { userId lastReadSequence } } }`;

export const MARK_READ = `mutation MarkRead($id: ID!, $sequence: Int!) { markConversationAsRead(conversationId: $id, sequence: $sequence) { id } }`;

export const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { id sequence clientMessageId } }`;

export const CREATE_CHANNEL = `mutation CreateChannel($input: CreateChannelInput!) { createChannel(input: $input) { id } }`;

export const DELETE = `mutation Delete($id: ID!) { deleteMessage(id: $id) { id } }`;
