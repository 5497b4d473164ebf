import { randomBytes } from 'node:crypto';
import type { Exchange } from '../types.js';
import type { Actor } from '../world.js';
import type { ConversationName, Member, Send, Write } from './commands.js';
import { modelRules } from './model-rules.js';
import type { Verdict } from './node-fields.js';
import { DELETE, EDIT, REACT, SEND, UPLOAD } from './operations.js';
import { dataOf, refusedWith, type PlayContext } from './play-context.js';
import { conversationOf, newestSequence, withDelete, withEdit, withMessage, withReaction, type ModelMessage, type ModelState } from './state.js';
import { editTarget, quoted, reactionTarget, replyTarget, uniqueClientId } from './writes.js';

/** One write but a burst: a burst is many sends. */
export type SingleWrite = Exclude<Write, { kind: 'burst' }>;

/** What a write did: the state with it applied (unchanged when refused), its words, and the message it changed. */
export interface Applied {
  readonly state: ModelState;
  readonly verdict: Verdict | null;
  readonly words: string;
  readonly changed: ModelMessage | null;
  /** The answer a verdict on the write was read from. */
  readonly exchange?: Exchange;
}

/**
 * Makes the writes of a history against the server and says what each did to the model. Pure
 * but for its requests: the state a write starts from is given, never kept.
 */
export class WriteMaker {
  /** Unique in the run: in client message ids and file names. */
  readonly tag = randomBytes(3).toString('hex');
  private unique = 0;

  constructor(
    private readonly ctx: PlayContext,
    private readonly actor: (name: Member) => Actor,
    private readonly ids: ReadonlyMap<ConversationName, string>,
    private readonly attachments: boolean,
  ) {}

  words(write: SingleWrite): string {
    switch (write.kind) {
      case 'send':
        return `${write.as} sends ${quoted(write.content)} to ${write.in}`;
      case 'edit':
        return `${write.as} edits a message of ${write.in} to ${quoted(write.content)}`;
      case 'delete':
        return `${write.as} deletes a message of ${write.in}`;
      case 'react':
        return `${write.as} reacts ${quoted(write.emoji)} to a message of ${write.in}`;
    }
  }

  /**
   * Makes one write (sends, edits, deletes, reacts) and returns the state with it applied when
   * the server acknowledged it. A refused write changes nothing (validation of these mutations
   * is not in the spec); an acknowledged send must have a larger sequence than every message the
   * conversation held before it (`before` is that state, which concurrent sends share).
   */
  async make(write: SingleWrite, before: ModelState): Promise<Applied> {
    const actor = this.actor(write.as);
    const nothing = (words: string) => ({ state: before, verdict: null, words, changed: null });
    if (write.kind === 'send') return this.send(write, actor, before);
    if (write.kind === 'react') {
      const target = reactionTarget(before, write, actor.id);
      if (!target) return nothing(`${write.as} reacts to a message of ${write.in}: nothing to react to`);
      const exchange = await this.ctx.graphql(REACT, { id: target.id, emoji: write.emoji }, actor);
      const words = `${write.as} reacts ${quoted(write.emoji)} to the message of sequence ${target.sequence} in ${write.in}`;
      if (!dataOf(exchange, 'addReaction')) return nothing(`${words}: ${refusedWith(exchange)}`);
      return { state: withReaction(before, write.in, target.id, write.emoji, actor.id), verdict: null, words, changed: target };
    }
    const target = editTarget(before, write);
    const verb = write.kind === 'edit' ? 'edits' : 'deletes';
    if (!target) return nothing(`${write.as} ${verb} a message of ${write.in}: none of theirs is live`);
    const words = write.kind === 'edit' ? `${write.as} edits the message of sequence ${target.sequence} in ${write.in} to ${quoted(write.content)}` : `${write.as} deletes the message of sequence ${target.sequence} in ${write.in}`;
    const exchange = await this.ctx.graphql(write.kind === 'edit' ? EDIT : DELETE, write.kind === 'edit' ? { id: target.id, content: write.content } : { id: target.id }, actor);
    if (!dataOf(exchange, write.kind === 'edit' ? 'editMessage' : 'deleteMessage')) return nothing(`${words}: ${refusedWith(exchange)}`);
    const state = write.kind === 'edit' ? withEdit(before, write.in, target.id, write.content) : withDelete(before, write.in, target.id);
    return { state, verdict: null, words, changed: target };
  }

  private async upload(actor: Actor): Promise<{ key: string; fileName: string; contentType: string; size: number } | null> {
    const fileName = `n\u00e4me ${this.tag}-${++this.unique}.txt`;
    const exchange = await this.ctx.graphql(UPLOAD, { input: { contentType: 'text/plain', scope: 'PRIVATE', fileName } }, actor);
    const upload = dataOf<{ key: string; uploadUrl: string }>(exchange, 'createUploadUrl');
    if (!upload) return null;
    const bytes = new TextEncoder().encode(`model ${this.tag}\n`);
    const status = await this.ctx.put(upload.uploadUrl, bytes, 'text/plain');
    return status < 300 ? { key: upload.key, fileName, contentType: 'text/plain', size: bytes.byteLength } : null;
  }

  private async send(write: Send, actor: Actor, before: ModelState): Promise<Applied> {
    const conversationId = this.ids.get(write.in)!;
    const clientMessageId = uniqueClientId(write.clientMessageId, `${this.tag}${(++this.unique).toString(16).padStart(6, '0')}`);
    const reply = replyTarget(before, write);
    const file = write.attach && this.attachments ? await this.upload(actor) : null;
    // Empty content only goes with a file ("may be an empty string for a message that carries only files").
    const content = write.content === '' && !file ? 'no file after all' : write.content;
    const input = { conversationId, clientMessageId, content, ...(reply ? { replyToMessageId: reply.id } : {}), ...(file ? { attachments: [{ key: file.key, fileName: file.fileName, contentType: file.contentType, size: file.size }] } : {}) };
    const words = `${write.as} sends ${quoted(content)} (client id ${clientMessageId})${reply ? ` replying to sequence ${reply.sequence}` : ''}${file ? ' with a file' : ''} to ${write.in}`;
    const exchange = await this.ctx.graphql(SEND, { input }, actor);
    const sent = dataOf<{ id: string; sequence: number }>(exchange, 'sendMessage');
    if (!sent) return { state: before, verdict: null, words: `${words}: ${refusedWith(exchange)}`, changed: null };
    const newest = newestSequence(conversationOf(before, write.in));
    const verdict = typeof sent.sequence !== 'number' || sent.sequence <= newest ? { rule: modelRules.sequence, reason: `the new message has sequence ${String(sent.sequence)}; the conversation already held sequence ${newest}`, expected: modelRules.sequence.text } : null;
    const message: ModelMessage = {
      id: sent.id, conversation: write.in, sequence: sent.sequence, clientMessageId, senderId: actor.id, sender: write.as, type: 'TEXT', content,
      deleted: false, replyToMessageId: reply?.id ?? null, attachments: file ? [{ fileName: file.fileName, contentType: file.contentType, size: file.size }] : [], reactions: new Map(), known: true,
    };
    return { state: withMessage(before, message), verdict, words, changed: message, exchange };
  }
}
