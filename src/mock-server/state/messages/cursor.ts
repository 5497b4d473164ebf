import { isUuid } from '../../../schema/ids.js';
import { base64urlToText, textToBase64url } from '../base64.js';

/**
 * Message cursors: opaque to clients, but they name the conversation and the sequence they
 * point at, so a cursor used with another conversation is caught (SPEC.md 4.1, section 7).
 *
 * Format: base64url of `m1:<conversationId>:<sequence>`. The `m1` tag versions the format.
 */
export interface MessageCursor {
  readonly conversationId: string;
  readonly sequence: number;
}

const TAG = 'm1';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A cursor longer than this cannot be one of ours; refuse before decoding. */
const MAX_CURSOR_LENGTH = 128;

export function encodeCursor(cursor: MessageCursor): string {
  return textToBase64url(`${TAG}:${cursor.conversationId}:${cursor.sequence}`);
}

/** Decodes a cursor, or returns null when `text` is not a cursor this server produced. */
export function decodeCursor(text: string): MessageCursor | null {
  if (text.length === 0 || text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) return null;
  const parts = base64urlToText(text)?.split(':');
  if (parts?.length !== 3) return null;
  const [tag, conversationId, sequenceText] = parts as [string, string, string];
  if (tag !== TAG || !isUuid(conversationId) || !/^(0|[1-9][0-9]{0,14})$/.test(sequenceText)) return null;
  // Re-encoding must give back the same text, so two spellings never mean one cursor.
  const cursor = { conversationId, sequence: Number(sequenceText) };
  return encodeCursor(cursor) === text ? cursor : null;
}
