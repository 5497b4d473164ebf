/** The request every server in the throughput table answers: one 30-message page, all 14 fields. */
export const PAGE_QUERY = `query Page($c: ID!) {
  messages(conversationId: $c, first: 30) {
    nodes {
      id clientMessageId conversationId senderId sequence type content replyToMessageId
      replyTo { id senderId content deletedAt }
      createdAt updatedAt deletedAt
      attachments { id fileName contentType size }
      reactions { emoji userIds }
    }
    endCursor hasNextPage
  }
}`;

export const SINCE_QUERY = PAGE_QUERY.replace('Page($c: ID!)', 'Since($c: ID!)').replace('messages(conversationId: $c, first: 30)', 'messagesSince(conversationId: $c, afterSequence: 100, first: 30)');

export const SEND_MUTATION = `mutation Send($input: SendMessageInput!) {
  sendMessage(input: $input) { id sequence clientMessageId createdAt }
}`;

/** A child server prints this line once it listens: `READY {"port": 1234, ...}`. */
export const READY = 'READY ';
