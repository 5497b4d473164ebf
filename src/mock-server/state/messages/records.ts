import type { MessageLog } from './message-log.js';

/** Messages: the records this area stores (times are epoch milliseconds, enums the schema's values). */

export type MessageType = 'TEXT' | 'SYSTEM';

export interface AttachmentRecord {
  readonly id: string;
  /** Where the bytes are: the upload record under this key. */
  readonly uploadKey: string;
  /** A stored file shared into the message (`sharedFileIds`), or null for a file sent with it. */
  readonly storedFileId: string | null;
  readonly fileName: string;
  readonly contentType: string;
  /** As reported by the client when sending (SPEC.md 2.1). */
  readonly size: number;
}

const NO_ATTACHMENTS: readonly AttachmentRecord[] = Object.freeze([]);

/** emoji -> user ids, both in first-use order. Replaced whole on a change, never changed in place. */
export type Reactions = ReadonlyMap<string, readonly string[]>;

/** What a change to a stored message may set: through the messages table's `update` only. */
export interface MessageChange {
  readonly content?: string | null;
  readonly updatedAt?: number;
  readonly deletedAt?: number | null;
  readonly attachments?: readonly AttachmentRecord[];
  readonly reactions?: Reactions | null;
}

/**
 * What most messages never have: a reply target, an edit or a delete, files, reactions, a type
 * other than TEXT, an id of their own. Kept apart, so that a plain message does not pay a field
 * for each (see {@link MessageRecord}).
 */
class MessageExtras {
  type: MessageType = 'TEXT';
  replyToMessageId: string | null = null;
  /** Null while it equals `createdAt`. */
  updatedAt: number | null = null;
  deletedAt: number | null = null;
  attachments: readonly AttachmentRecord[] = NO_ATTACHMENTS;
  reactions: Reactions | null = null;
  /** The message's id when it is not its conversation's computed one (a snapshot's own ids). */
  explicitId: string | null = null;
}

/** The fields a message is made with (see {@link MessageRecord.create}). */
export interface MessageFields {
  readonly id?: string | null;
  readonly senderId: string;
  readonly clientMessageId: string;
  readonly sequence: number;
  readonly type?: MessageType;
  readonly content: string | null;
  readonly replyToMessageId?: string | null;
  readonly createdAt: number;
  readonly updatedAt?: number;
  readonly deletedAt?: number | null;
  readonly attachments?: readonly AttachmentRecord[];
  readonly reactions?: Reactions | null;
}

/**
 * A stored message. Memory is the design constraint (docs/architecture.md, "Memory: compact
 * messages"; docs/benchmarks.md, "Memory: a message in 280 bytes"): the record holds seven
 * fields, and reads the rest through its accessors.
 * - `id` is computed from the conversation's {@link MessageLog} and the sequence (see
 *   `message-ids.ts`), or is the message's own id when a snapshot gave it one;
 * - `conversationId` is its log's;
 * - the fields most messages never set live in one {@link MessageExtras}, made on the first
 *   that is set (a plain message holds null there).
 */
export class MessageRecord {
  private more: MessageExtras | null = null;

  private constructor(
    /** The conversation's log, which the message is in. */
    readonly log: MessageLog,
    readonly senderId: string,
    readonly clientMessageId: string,
    readonly sequence: number,
    /** Null once soft-deleted. */
    readonly content: string | null,
    readonly createdAt: number,
  ) {}

  /** A message of `log` (not yet appended to it). */
  static create(log: MessageLog, fields: MessageFields): MessageRecord {
    const message = new MessageRecord(log, fields.senderId, fields.clientMessageId, fields.sequence, fields.content, fields.createdAt);
    if (fields.type !== undefined && fields.type !== 'TEXT') message.extras().type = fields.type;
    if (fields.replyToMessageId != null) message.extras().replyToMessageId = fields.replyToMessageId;
    MessageRecord.write(message, {
      updatedAt: fields.updatedAt,
      deletedAt: fields.deletedAt ?? undefined,
      attachments: fields.attachments,
      reactions: fields.reactions ?? undefined,
    });
    if (fields.id != null) {
      if (log.space === null || fields.id !== log.space.idOf(fields.sequence)) message.extras().explicitId = fields.id;
    } else if (log.space === null) {
      throw new Error(`a message of conversation ${log.conversationId} needs an id of its own`);
    }
    return message;
  }

  get id(): string {
    return this.more?.explicitId ?? this.log.idOf(this.sequence);
  }

  /** Whether the id was given (by a snapshot) rather than computed. */
  get hasExplicitId(): boolean {
    return (this.more?.explicitId ?? null) !== null;
  }

  get conversationId(): string {
    return this.log.conversationId;
  }

  get type(): MessageType {
    return this.more?.type ?? 'TEXT';
  }

  get replyToMessageId(): string | null {
    return this.more?.replyToMessageId ?? null;
  }

  get updatedAt(): number {
    return this.more?.updatedAt ?? this.createdAt;
  }

  get deletedAt(): number | null {
    return this.more?.deletedAt ?? null;
  }

  /** Emptied on soft delete. */
  get attachments(): readonly AttachmentRecord[] {
    return this.more?.attachments ?? NO_ATTACHMENTS;
  }

  /** emoji -> user ids, both in first-use order; null until the first reaction. */
  get reactions(): Reactions | null {
    return this.more?.reactions ?? null;
  }

  /**
   * Sets the fields `change` gives (the others stay). The record is readonly to everything else:
   * the messages table's `update` calls this, and records the change for `--persist`. A field
   * most messages never set costs nothing while it keeps its default.
   */
  static write(message: MessageRecord, change: MessageChange): void {
    if (change.content !== undefined) (message as { content: string | null }).content = change.content;
    const { updatedAt, deletedAt, attachments, reactions } = change;
    if (updatedAt !== undefined && (updatedAt !== message.createdAt || message.more !== null)) message.extras().updatedAt = updatedAt === message.createdAt ? null : updatedAt;
    if (deletedAt !== undefined && (deletedAt !== null || message.more !== null)) message.extras().deletedAt = deletedAt;
    if (attachments !== undefined && (attachments.length > 0 || message.more !== null)) message.extras().attachments = attachments.length === 0 ? NO_ATTACHMENTS : attachments;
    if (reactions !== undefined && (reactions !== null || message.more !== null)) message.extras().reactions = reactions;
  }

  /** Every field as plain data, in the order a snapshot saves them (shared, not copied: see `snapshot.ts`). */
  toJSON() {
    return {
      id: this.id,
      conversationId: this.conversationId,
      senderId: this.senderId,
      clientMessageId: this.clientMessageId,
      sequence: this.sequence,
      type: this.type,
      content: this.content,
      replyToMessageId: this.replyToMessageId,
      createdAt: this.createdAt,
      updatedAt: this.updatedAt,
      deletedAt: this.deletedAt,
      attachments: this.attachments,
      reactions: this.reactions,
    };
  }

  /** A copy as the message is now, sharing nothing that changes later (an event's payload). */
  detached(): MessageRecord {
    const copy = new MessageRecord(this.log, this.senderId, this.clientMessageId, this.sequence, this.content, this.createdAt);
    // Reactions and attachments are replaced whole on a change, never changed in place: shared.
    if (this.more !== null) Object.assign(copy.extras(), this.more);
    return copy;
  }

  private extras(): MessageExtras {
    return (this.more ??= new MessageExtras());
  }
}
