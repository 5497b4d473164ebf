import type { TableChanges } from '../changes/tracked-map.js';
import { MessageLog } from './message-log.js';
import { messageIdPrefix, messageIdSpace } from './message-ids.js';
import { MessageRecord, type MessageChange, type MessageFields } from './records.js';

/** A message as a snapshot saved it, waiting for its conversation's log (see {@link MessageTable.stage}). */
export interface StagedMessage extends MessageFields {
  /** The table key it was saved under: its id. */
  readonly key: string;
  readonly id: string;
  readonly conversationId: string;
}

/** Sequences fit the 48 bits a computed id holds (`message-ids.ts`). */
const MAX_SEQUENCE = 2 ** 48;

/** Why staged messages could not be added: the snapshot's fault, told in a sentence. */
export class StagedMessageError extends Error {}

/**
 * Every message, by id: the messages area's one table. The records live in their conversation's
 * {@link MessageLog} (sequence order), which this table holds, keyed by conversation id, from the
 * conversation's first message on; this finds them by id without storing ids. A computed id
 * (`message-ids.ts`) names its conversation's log by its prefix, and its sequence: one map entry
 * per conversation, a binary search in the log. The rare message whose id was given (a snapshot
 * made elsewhere, or one saved before ids were computed) is in {@link explicit}.
 *
 * To the snapshot codecs and the `--persist` journal this is a table like the others (the
 * {@link TrackedMap} interface: `get`, the entries in order, `size` and `changes`), in the order
 * of conversations (of their first message), then sequence. Records are readonly: a message is
 * added with {@link add} and changed with {@link update}, which record the change.
 */
export class MessageTable implements Iterable<[string, MessageRecord]> {
  /** Where changes are recorded (`--persist`), or null; see {@link TrackedMap}. */
  changes: TableChanges<string> | null = null;
  /** The state's message-id key: secret, saved with the state; null until the first message (or a snapshot's). */
  private idKey: string | null = null;
  private readonly logs: MessageLog[] = [];
  /** conversation id -> its log (the first opened for it) */
  private readonly byConversation = new Map<string, MessageLog>();
  private readonly byPrefix = new Map<string, MessageLog>();
  private readonly explicit = new Map<string, MessageRecord>();
  private count = 0;
  private staged: readonly StagedMessage[] = [];

  /** The message-id key, if one was made or loaded: what a snapshot saves. */
  get key(): string | null {
    return this.idKey;
  }

  /** Loads a saved key: before any message is added. */
  loadKey(key: string): void {
    if (this.count > 0) throw new Error('the message-id key is loaded before the messages');
    this.idKey = key;
  }

  get size(): number {
    return this.count;
  }

  /** The messages of conversation `conversationId` in sequence order, if it has had any. */
  logOf(conversationId: string): MessageLog | undefined {
    return this.byConversation.get(conversationId);
  }

  /** The log of `conversationId`, made and readied (see {@link open}) on the conversation's first message. */
  logFor(conversationId: string, newKey: () => string): MessageLog {
    return this.byConversation.get(conversationId) ?? this.open(new MessageLog(conversationId), newKey);
  }

  /**
   * Readies `log` for messages: gives it its id space on the first call (none when another
   * conversation's prefix is the same, a chance of 2^-74: its messages then have ids of their
   * own). The state's key is made with `newKey` (the state's id source, so that a seeded state
   * computes the same ids every run) if there is none yet.
   */
  open(log: MessageLog, newKey: () => string): MessageLog {
    if (log.opened) return log;
    const space = messageIdSpace(log.conversationId, (this.idKey ??= newKey()));
    if (!this.byPrefix.has(space.prefix)) {
      this.byPrefix.set(space.prefix, log);
      log.space = space;
    }
    log.opened = true;
    this.logs.push(log);
    if (!this.byConversation.has(log.conversationId)) this.byConversation.set(log.conversationId, log);
    return log;
  }

  /** Appends `message` to its log (opened), recording the change. */
  add(message: MessageRecord): void {
    if (!message.log.opened) throw new Error(`the log of conversation ${message.conversationId} is not open`);
    if (message.hasExplicitId) {
      const id = message.id;
      if (this.has(id)) throw new Error(`message id ${id} is taken`);
      this.explicit.set(id, message);
    }
    message.log.append(message);
    this.count += 1;
    this.changes?.rows.set(message.id, true);
  }

  /** Holds a snapshot's messages until their conversations are loaded: see {@link addStaged}. */
  stage(messages: readonly StagedMessage[]): void {
    this.staged = messages;
  }

  /**
   * Adds the staged messages, each to its conversation's log, keeping its saved id. Throws a
   * {@link StagedMessageError} for a message of a conversation `hasConversation` denies, out of
   * its conversation's sequence order, saved under another key, or whose id another message has.
   */
  addStaged(hasConversation: (conversationId: string) => boolean, newKey: () => string): void {
    const staged = this.staged;
    this.staged = [];
    for (const fields of staged) {
      const { key, conversationId } = fields;
      if (key !== fields.id) throw new StagedMessageError(`message ${fields.id} is saved under the key ${key}`);
      if (!hasConversation(conversationId)) throw new StagedMessageError(`message ${fields.id} is in conversation ${conversationId}, which the snapshot does not hold`);
      const log = this.logFor(conversationId, newKey);
      if (!Number.isSafeInteger(fields.sequence) || fields.sequence >= MAX_SEQUENCE) throw new StagedMessageError(`message ${fields.id} has the sequence ${fields.sequence}, which is not a whole number below 2^48`);
      if (fields.sequence < log.nextSequence()) {
        throw new StagedMessageError(`message ${fields.id} comes after a message with sequence ${log.nextSequence() - 1} in its conversation but has sequence ${fields.sequence}`);
      }
      const message = MessageRecord.create(log, fields);
      if (message.hasExplicitId ? this.has(fields.id) : this.holdsGivenId(fields.id)) throw new StagedMessageError(`two messages have the id ${fields.id}`);
      this.add(message);
    }
  }

  /**
   * Whether a message that was given its id holds `id`. For a computed id of a sequence not yet
   * in its log this is all that can hold it (sequences ascend): a send asks this, not {@link has}.
   */
  holdsGivenId(id: string): boolean {
    return this.explicit.size > 0 && this.explicit.has(id);
  }

  get(id: string): MessageRecord | undefined {
    const prefix = messageIdPrefix(id);
    const log = prefix === null ? undefined : this.byPrefix.get(prefix);
    if (log !== undefined) {
      const sequence = log.space!.sequenceOf(id);
      const message = sequence === null ? undefined : log.at(sequence);
      if (message !== undefined && !message.hasExplicitId) return message;
    }
    return this.explicit.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Changes message `id` (the fields `change` gives), recording the change; returns it. Throws when there is none. */
  update(id: string, change: MessageChange): MessageRecord {
    const message = this.get(id);
    if (message === undefined) throw new Error(`the messages table has no message ${id} to update`);
    MessageRecord.write(message, change);
    this.changes?.rows.set(id, false);
    return message;
  }

  *values(): IterableIterator<MessageRecord> {
    for (const log of this.logs) yield* log.slice(0, log.size);
  }

  *keys(): IterableIterator<string> {
    for (const message of this.values()) yield message.id;
  }

  *entries(): IterableIterator<[string, MessageRecord]> {
    for (const message of this.values()) yield [message.id, message];
  }

  [Symbol.iterator](): IterableIterator<[string, MessageRecord]> {
    return this.entries();
  }
}

/** The messages area's table, which holds each conversation's log (see message-log.ts). */
export interface MessageTables {
  readonly messages: MessageTable;
}

export function createMessageTables(): MessageTables {
  return { messages: new MessageTable() };
}
