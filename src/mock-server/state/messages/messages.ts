import { badInput, forbidden, notFound } from '../errors.js';
import { snapshotMessage } from '../events.js';
import { quote, requireId } from '../input.js';
import type { ConversationRecord } from '../conversations/records.js';
import type { AttachmentInput, Attachments, CheckedUpload } from '../files/attachments.js';
import { MessageRecord } from './records.js';
import type { MessageLog } from './message-log.js';
import type { Notifications } from '../notifications/notifications.js';
import type { AreaContext } from '../context.js';
import type { MessageTables } from './tables.js';
import type { Typing } from '../live/typing.js';

/** Message limits. SPEC.md leaves them open (section 8, gaps); these are the mock's. */
export const messageRules = {
  /** Characters (Unicode code points) of `content` unless {@link MessageOptions.maxMessageLength} says otherwise (Slack's limit). */
  contentMax: 40_000,
  clientMessageIdMax: 128,
  attachmentsMax: 10,
  emojiMax: 64,
} as const;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface NewMessage {
  readonly conversationId: string;
  readonly clientMessageId: string;
  readonly content: string;
  readonly replyToMessageId?: string | null;
  readonly attachments?: readonly AttachmentInput[] | null;
  readonly sharedFileIds?: readonly string[] | null;
}

/** The client's own id, kept byte for byte: clients match optimistic messages by it. */
function checkClientMessageId(value: string): string {
  if (value.length === 0 || value.length > messageRules.clientMessageIdMax) {
    throw badInput(`input.clientMessageId must have 1 to ${messageRules.clientMessageIdMax} characters, but has ${value.length}`);
  }
  if (CONTROL.test(value) || /[\r\n\t]/.test(value)) throw badInput('input.clientMessageId must not contain control characters');
  return value;
}

/** What a state's owner may set of the messages area's rules. */
export interface MessageOptions {
  /**
   * Most characters (Unicode code points) of a message's `content`, on send and on edit: longer
   * is `BAD_USER_INPUT` naming the field (`parley mock serve --max-message-length`).
   * @default 40000 ({@link messageRules}.contentMax)
   */
  readonly maxMessageLength?: number;
}

/** Unicode code points of `text`, counted without copying it. */
function codePoints(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length - 1; at++) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        at++;
      }
    }
  }
  return count;
}

function checkContent(content: string, hasFiles: boolean, argument: string, max: number): string {
  if (content.trim().length === 0 && !hasFiles) {
    throw badInput(`${argument} must not be empty unless the message carries files`, argument);
  }
  // A code point is one or two UTF-16 units: only a text of more than `max` units can be too long.
  if (content.length > max) {
    const length = codePoints(content);
    if (length > max) {
      throw badInput(`${argument} must have at most ${max} characters, but has ${length}; raise the limit with --max-message-length (option maxMessageLength)`, argument);
    }
  }
  if (CONTROL.test(content)) throw badInput(`${argument} must not contain control characters other than tab and newline`, argument);
  return content;
}

/**
 * An always-on, synchronous observer of message changes (the search index): told of every send,
 * text edit and delete, whether or not anyone subscribes to events. An edit and a delete come
 * with the text the message had before, so that what was filed under it can be taken out.
 */
export interface MessageWatcher {
  sent(message: MessageRecord): void;
  edited(message: MessageRecord, previous: string | null): void;
  deleted(message: MessageRecord, previous: string | null): void;
}

/**
 * Sending, editing, soft-deleting and reacting to messages. Reads live in `message-pages.ts`.
 * The files a message carries are the files area's: {@link Attachments} checks them, counts them
 * against the quota, and is told when the message is sent and when it is deleted.
 * Each change that happens is announced: `messageCreated` (send), `messageUpdated` (an edit that
 * changes the text, a reaction added or removed), `messageDeleted` (the first delete). A call
 * that changes nothing (a retried send, an edit to the same text, a repeated reaction) announces
 * nothing.
 */
export class Messages {
  private readonly watchers: MessageWatcher[] = [];
  /** Most code points of `content`. */
  private readonly contentMax: number;

  constructor(
    private readonly ctx: AreaContext<MessageTables>,
    private readonly typing: Typing,
    private readonly notifications: Notifications,
    private readonly attachments: Attachments,
    options: MessageOptions = {},
  ) {
    this.contentMax = options.maxMessageLength ?? messageRules.contentMax;
    if (!Number.isSafeInteger(this.contentMax) || this.contentMax < 1) {
      throw new RangeError(`maxMessageLength must be a whole number of at least 1, not ${String(options.maxMessageLength)}`);
    }
  }

  /** Adds an observer of every change (see {@link MessageWatcher}). */
  watch(watcher: MessageWatcher): void {
    this.watchers.push(watcher);
  }

  /** The message with this id, if there is one (deleted or not): no access check, for other areas' own rules (the search index, the file library). */
  find(messageId: string): MessageRecord | undefined {
    return this.ctx.tables.messages.get(messageId);
  }

  /** Every message, deleted ones too, conversation by conversation in sequence order: for what is counted from them (the storage quota). */
  all(): Iterable<MessageRecord> {
    return this.ctx.tables.messages.values();
  }

  /**
   * `sendMessage`: assigns the next sequence of the conversation. A retry with the same
   * `clientMessageId` from the same sender returns the message the first call created.
   */
  send(input: NewMessage, senderId: string): MessageRecord {
    const { tables } = this.ctx;
    const { conversation } = this.ctx.access.conversationOfMember(input.conversationId, senderId, 'input.conversationId');
    const clientMessageId = checkClientMessageId(input.clientMessageId);
    const earlier = tables.messages.logOf(conversation.id)?.sentWith(senderId, clientMessageId);
    if (earlier !== undefined) return earlier;

    const uploads = this.checkAttachments(input.attachments ?? [], senderId);
    const sharedIds = input.sharedFileIds ?? [];
    if (uploads.length + sharedIds.length > messageRules.attachmentsMax) {
      throw badInput(`a message may carry at most ${messageRules.attachmentsMax} files, attachments and shared files together`, 'input.sharedFileIds');
    }
    const shared = this.attachments.checkShared(sharedIds, conversation.workspaceId, senderId);
    const content = checkContent(input.content, uploads.length + shared.length > 0, 'input.content', this.contentMax);
    const replyToMessageId = input.replyToMessageId == null ? null : this.checkReplyTarget(conversation, input.replyToMessageId);

    this.attachments.reserve(conversation.workspaceId, uploads);
    const log = tables.messages.logFor(conversation.id, this.ctx.ids);
    const sequence = log.nextSequence();
    const message = MessageRecord.create(log, {
      id: this.newId(log, sequence),
      senderId,
      clientMessageId,
      sequence,
      content,
      replyToMessageId,
      createdAt: this.ctx.clock.now(),
      attachments: uploads.length + shared.length === 0 ? undefined : this.attachments.records(uploads, shared),
    });
    tables.messages.add(message);
    this.attachments.attach(message);
    for (const watcher of this.watchers) watcher.sent(message);
    // Sending ends the sender's typing, then the message is announced, then whom it mentions.
    this.typing.stop(conversation.id, senderId);
    this.announce('messageCreated', message);
    const repliedTo = message.replyToMessageId === null ? undefined : tables.messages.get(message.replyToMessageId);
    this.notifications.messageSent(message, conversation, repliedTo);
    return message;
  }

  /** `editMessage`: the sender only, and not once deleted. */
  edit(messageId: string, content: string, userId: string): MessageRecord {
    const message = this.ownLiveMessage(messageId, userId, 'edit');
    const checked = checkContent(content, message.attachments.length > 0, 'content', this.contentMax);
    if (checked !== message.content) {
      const previous = message.content;
      this.ctx.tables.messages.update(message.id, { content: checked, updatedAt: this.ctx.clock.now() });
      for (const watcher of this.watchers) watcher.edited(message, previous);
      this.announce('messageUpdated', message);
    }
    return message;
  }

  /**
   * `deleteMessage`: a soft delete by the sender. The message keeps its sequence and stays in
   * both message queries with `content` null and no attachments. Deleting again changes nothing.
   */
  delete(messageId: string, userId: string): MessageRecord {
    const { message, conversation } = this.ctx.access.messageOfMember(messageId, userId);
    if (message.senderId !== userId) throw forbidden('only the sender can delete a message');
    if (message.deletedAt === null) {
      const now = this.ctx.clock.now();
      const previous = message.content;
      this.attachments.release(message, conversation.workspaceId);
      this.ctx.tables.messages.update(message.id, { content: null, attachments: [], deletedAt: now, updatedAt: now });
      for (const watcher of this.watchers) watcher.deleted(message, previous);
      this.announce('messageDeleted', message);
      this.notifications.messageDeleted(message.id);
    }
    return message;
  }

  /** `addReaction`: any member; reacting twice with one emoji counts once. */
  addReaction(messageId: string, emoji: string, userId: string): MessageRecord {
    const message = this.liveMessage(messageId, userId, 'messageId');
    const key = checkEmoji(emoji);
    const users = message.reactions?.get(key);
    if (users?.includes(userId)) return message;
    const reactions = new Map(message.reactions);
    reactions.set(key, users ? [...users, userId] : [userId]);
    this.ctx.tables.messages.update(message.id, { reactions });
    this.announce('messageUpdated', message);
    return message;
  }

  /** `removeReaction`: removes the caller's own reaction; absent reactions are no error. */
  removeReaction(messageId: string, emoji: string, userId: string): MessageRecord {
    const message = this.liveMessage(messageId, userId, 'messageId');
    const key = checkEmoji(emoji);
    const users = message.reactions?.get(key);
    if (users) {
      if (!users.includes(userId)) return message;
      const reactions = new Map(message.reactions);
      const left = users.filter((user) => user !== userId);
      if (left.length === 0) reactions.delete(key);
      else reactions.set(key, left);
      this.ctx.tables.messages.update(message.id, { reactions });
      this.announce('messageUpdated', message);
    }
    return message;
  }

  /**
   * Null for the computed id (`message-ids.ts`); a generated one for a log that computes none,
   * or when a snapshot's own ids hold the computed one already.
   */
  private newId(log: MessageLog, sequence: number): string | null {
    if (log.space !== null && !this.ctx.tables.messages.holdsGivenId(log.idOf(sequence))) return null;
    return this.ctx.ids();
  }

  /** Publishes a snapshot of `message`, taken only when someone listens. */
  private announce(kind: 'messageCreated' | 'messageUpdated' | 'messageDeleted', message: MessageRecord): void {
    const { events } = this.ctx;
    if (!events.heard(kind, message.conversationId)) return;
    events.publish(kind, message.conversationId, { kind, message: snapshotMessage(message) });
  }

  private liveMessage(messageId: string, userId: string, argument: string): MessageRecord {
    const { message } = this.ctx.access.messageOfMember(messageId, userId, argument);
    if (message.deletedAt !== null) throw notFound(`message ${messageId} is deleted`);
    return message;
  }

  private ownLiveMessage(messageId: string, userId: string, verb: string): MessageRecord {
    const message = this.liveMessage(messageId, userId, 'id');
    if (message.senderId !== userId) throw forbidden(`only the sender can ${verb} a message`);
    return message;
  }

  private checkReplyTarget(conversation: ConversationRecord, replyToMessageId: string): string {
    requireId(replyToMessageId, 'input.replyToMessageId');
    const target = this.ctx.tables.messages.get(replyToMessageId);
    if (!target || target.conversationId !== conversation.id) {
      throw notFound(`message ${replyToMessageId} does not exist in this conversation`);
    }
    if (target.deletedAt !== null) throw notFound(`message ${replyToMessageId} is deleted`);
    return replyToMessageId;
  }

  /** The uploads a message would carry: at most `attachmentsMax`, each checked by the files area. */
  private checkAttachments(attachments: readonly AttachmentInput[], senderId: string): CheckedUpload[] {
    if (attachments.length > messageRules.attachmentsMax) {
      throw badInput(`a message may carry at most ${messageRules.attachmentsMax} attachments`);
    }
    return this.attachments.checkUploads(attachments, senderId);
  }
}

function checkEmoji(emoji: string): string {
  if (emoji.length === 0 || [...emoji].length > messageRules.emojiMax || /[\s\u0000-\u001f\u007f]/.test(emoji)) {
    throw badInput(`emoji must be 1 to ${messageRules.emojiMax} characters without spaces, but got ${quote(emoji)}`);
  }
  return emoji;
}
