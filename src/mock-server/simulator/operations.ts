/**
 * The GraphQL operations the simulated people send, as a client would: each runs through the
 * runtime with the actor's own access token, so every rule, limit and event holds.
 */

export const SEND_MESSAGE = `mutation SimulatorSendMessage($input: SendMessageInput!) {
  sendMessage(input: $input) { id sequence }
}`;

export const EDIT_MESSAGE = `mutation SimulatorEditMessage($id: ID!, $content: String!) {
  editMessage(id: $id, content: $content) { id }
}`;

export const DELETE_MESSAGE = `mutation SimulatorDeleteMessage($id: ID!) {
  deleteMessage(id: $id) { id }
}`;

export const ADD_REACTION = `mutation SimulatorAddReaction($messageId: ID!, $emoji: String!) {
  addReaction(messageId: $messageId, emoji: $emoji) { id }
}`;

export const SET_TYPING = `mutation SimulatorSetTyping($conversationId: ID!, $active: Boolean!) {
  setTyping(conversationId: $conversationId, active: $active)
}`;

export const MARK_READ = `mutation SimulatorMarkRead($conversationId: ID!, $sequence: Int!) {
  markConversationAsRead(conversationId: $conversationId, sequence: $sequence) { id }
}`;

export const REMOVE_MEMBER = `mutation SimulatorRemoveMember($workspaceId: ID!, $userId: ID!) {
  removeWorkspaceMember(workspaceId: $workspaceId, userId: $userId)
}`;

export const REFRESH_TOKEN = `mutation SimulatorRefreshToken($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) { accessToken refreshToken }
}`;
