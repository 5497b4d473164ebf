/**
 * What every server in the realtime table is spoken to with: the same subscription document over
 * graphql-ws, the same `sendMessage` body over HTTP, the same event fields. The anchors accept
 * these exact texts, so the load generator runs one code path against all three.
 */

/** The subscription each of the 1,000 sockets runs (one per socket). */
export const SUBSCRIPTION = `subscription Created($c: ID!) {
  messageCreated(conversationId: $c) { id sequence clientMessageId content senderId createdAt }
}`;

/** The mutation the sender posts over HTTP; its response is "the sendMessage response". */
export const SEND_MUTATION = `mutation Send($input: SendMessageInput!) {
  sendMessage(input: $input) { id sequence }
}`;

/** Every message says the same, so every server's event has the same size for the same ids. */
export const CONTENT = 'realtime bench: the roadmap review moved to Friday, notes are in the doc';

/** One `messageCreated` event, the fields of {@link SUBSCRIPTION}. */
export interface CreatedEvent {
  readonly id: string;
  readonly sequence: number;
  readonly clientMessageId: string;
  readonly content: string | null;
  readonly senderId: string;
  readonly createdAt: string;
}

/** The body of the `sendMessage` POST. */
export function sendBody(conversationId: string, clientMessageId: string): string {
  return JSON.stringify({ query: SEND_MUTATION, variables: { input: { conversationId, clientMessageId, content: CONTENT } }, operationName: 'Send' });
}

/** The `input` of a {@link sendBody}, as the anchors read it back. */
export interface SendInput {
  readonly conversationId: string;
  readonly clientMessageId: string;
  readonly content: string;
}
