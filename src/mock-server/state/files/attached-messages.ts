import type { MessageRecord } from '../messages/records.js';

/**
 * What the files area reads of the messages its attachments were sent with, supplied by the
 * messages area (`Messages`). Declared here, narrow, because the two areas need each other: a
 * message is sent through `Attachments`, and the file library and the quota read messages back.
 */
export interface AttachedMessages {
  /** The message with this id, deleted or not, or undefined. */
  find(messageId: string): MessageRecord | undefined;
  /** Every message, deleted ones too, in the order they were stored. */
  all(): Iterable<MessageRecord>;
}
