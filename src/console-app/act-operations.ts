/**
 * The GraphQL a client sends for each act, word for word: the console acts through `/graphql`
 * with the user's token, so the engine checks permissions and publishes the events as for any app.
 * The operation names are the ones apps use, so chaos set on `SendMessage` holds here too.
 */
export const SEND = `mutation SendMessage($input: SendMessageInput!) {
  sendMessage(input: $input) { id sequence content }
}`;

export const EDIT = `mutation EditMessage($id: ID!, $content: String!) {
  editMessage(id: $id, content: $content) { id content }
}`;

export const DELETE = `mutation DeleteMessage($id: ID!) {
  deleteMessage(id: $id) { id deletedAt }
}`;

export const REACT = `mutation AddReaction($messageId: ID!, $emoji: String!) {
  addReaction(messageId: $messageId, emoji: $emoji) { id reactions { emoji userIds } }
}`;

export const TYPING = `mutation SetTyping($conversationId: ID!, $active: Boolean!) {
  setTyping(conversationId: $conversationId, active: $active)
}`;

export const MARK_READ = `mutation MarkConversationAsRead($conversationId: ID!, $sequence: Int!) {
  markConversationAsRead(conversationId: $conversationId, sequence: $sequence) { id }
}`;

/** A `clientMessageId` no other send of this page repeats. */
export function clientMessageId(): string {
  return `console-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
