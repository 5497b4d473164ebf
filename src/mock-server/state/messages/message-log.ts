import type { MessageRecord } from './records.js';

/**
 * One conversation's messages in ascending `sequence` order.
 *
 * Sequences are assigned here, at append, so the array is sorted by construction and every
 * position lookup is a binary search: paging costs O(log n + page size) however long the
 * conversation grows (DESIGN.md, "Messages").
 */
export class MessageLog {
  private readonly messages: MessageRecord[] = [];
  private lastSequence = 0;

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
