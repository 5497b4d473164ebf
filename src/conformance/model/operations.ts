/** The operations a history sends: the scripted checks' own, and the writes only histories make. */
export { CREATE_CHANNEL, DELETE, MESSAGES as MODEL_MESSAGES, SEND, SINCE as MODEL_SINCE } from '../checks/operations.js';

export const EDIT = 'mutation Edit($id: ID!, $content: String!) { editMessage(id: $id, content: $content) { id } }';

export const REACT = 'mutation React($id: ID!, $emoji: String!) { addReaction(messageId: $id, emoji: $emoji) { id } }';

export const UPLOAD = 'mutation Upload($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { key uploadUrl } }';
