import type { MessageIdSpace } from './message-ids.js';
import type { MessageRecord } from './records.js';

/**
 * One conversation's messages in ascending `sequence` order.
 *
 * Sequences are assigned here, at append, so the array is sorted by construction and every
 * position lookup is a binary search: paging costs O(log n + page size) however long the
 * conversation grows (docs/architecture.md, "Memory: compact messages").
 */
export class MessageLog {
  private readonly messages: MessageRecord[] = [];
  private lastSequence = 0;
  /**
   * Where the ids of its messages come from, set by the messages table when the first message
   * arrives (`tables.ts`); null before, and for the rare log whose prefix another conversation
   * has, whose messages then carry ids of their own.
   */
  space: MessageIdSpace | null = null;
  /** Whether the messages table has readied it (given it its space, if it can have one). */
  opened = false;
  /**
   * A sent message by its `clientMessageId`, for retries (SPEC.md: a retry returns the first
   * message). Keyed by the id alone, which the record holds already; a second sender who uses
   * the same id is found in {@link otherSenders}.
   */
  private readonly byClientId = new Map<string, MessageRecord>();
  private otherSenders: Map<string, MessageRecord> | null = null;

  constructor(readonly conversationId: string) {}

  /** The id of this log's message with `sequence` (its computed one: see `message-ids.ts`); throws before the log has a space. */
  idOf(sequence: number): string {
    if (this.space === null) throw new Error(`conversation ${this.conversationId} computes no message ids`);
    return this.space.idOf(sequence);
  }

  /** Number of messages, deleted ones included. */
  get size(): number {
    return this.messages.length;
  }

  /** Sequence of the newest message, or null when there is none. */
  get newestSequence(): number | null {
    return this.messages.length === 0 ? null : this.lastSequence;
  }

  /** The sequence the next message will get: strictly greater than every earlier one. */
  nextSequence(): number {
    return this.lastSequence + 1;
  }

  append(message: MessageRecord): void {
    if (message.sequence <= this.lastSequence) {
      throw new Error(`sequence ${message.sequence} does not follow ${this.lastSequence}`);
    }
    this.messages.push(message);
    this.lastSequence = message.sequence;
    if (!this.byClientId.has(message.clientMessageId)) this.byClientId.set(message.clientMessageId, message);
    else (this.otherSenders ??= new Map()).set(`${message.senderId} ${message.clientMessageId}`, message);
  }

  /** The message `senderId` sent with `clientMessageId`, if any. */
  sentWith(senderId: string, clientMessageId: string): MessageRecord | undefined {
    const first = this.byClientId.get(clientMessageId);
    if (first === undefined || first.senderId === senderId) return first;
    return this.otherSenders?.get(`${senderId} ${clientMessageId}`);
  }

  /** What a digest of the state sees of a log: its messages are the messages table's (see `digest.ts`). */
  toJSON(): { conversationId: string; size: number; newestSequence: number | null } {
    return { conversationId: this.conversationId, size: this.size, newestSequence: this.newestSequence };
  }

  /** The retry index as snapshots hold it: `senderId clientMessageId` -> message id, in sequence order. */
  retryEntries(): [string, string][] {
    return this.messages.map((message) => [`${message.senderId} ${message.clientMessageId}`, message.id]);
  }

  /** The message with this sequence, if the log has one. */
  at(sequence: number): MessageRecord | undefined {
    const index = this.indexAtOrAfter(sequence);
    const message = this.messages[index];
    return message?.sequence === sequence ? message : undefined;
  }

  /**
   * The message at `position` (0 the oldest). Messages are never taken out of a log (a delete is
   * soft), so a position names one message for good: the search index files positions.
   */
  messageAt(position: number): MessageRecord | undefined {
    return this.messages[position];
  }

  /** Index of the first message whose sequence is >= `sequence` (the length when none is). */
  indexAtOrAfter(sequence: number): number {
    let low = 0;
    let high = this.messages.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.messages[mid]!.sequence < sequence) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Creation time of the newest message created at or before `time`, or null when there is none.
   * Messages are appended as they are created, so creation times ascend with sequences and this
   * is a binary search too.
   */
  newestCreatedAtOrBefore(time: number): number | null {
    let low = 0;
    let high = this.messages.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.messages[mid]!.createdAt <= time) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? null : this.messages[low - 1]!.createdAt;
  }

  /** Messages at positions [start, end), in ascending sequence order. */
  slice(start: number, end: number): MessageRecord[] {
    return this.messages.slice(start, end);
  }
}
