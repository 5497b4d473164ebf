import { randomBytes, randomUUID } from 'node:crypto';
import type { Credential } from '../target.js';
import type { Exchange, HistoryStep } from '../types.js';
import type { Actor, World } from '../world.js';
import type { Caller, Command, ConversationName, Member, Read, Send, Write } from './commands.js';
import { expectRead } from './expect-read.js';
import { judgeRead } from './judge.js';
import { modelRules } from './model-rules.js';
import type { Verdict } from './node-fields.js';
import { resolveRead, type HeldCursor, type Memory, type ResolvedCall } from './resolve.js';
import { conversationOf, newestSequence, withDelete, withEdit, withMessage, withReaction, type ModelMessage, type ModelState } from './state.js';
import { editTarget, quoted, reactionTarget, replyTarget, uniqueClientId } from './writes.js';
import { CREATE_CHANNEL, DELETE, EDIT, MODEL_MESSAGES, MODEL_SINCE, REACT, SEND, UPLOAD } from './operations.js';

/**
 * Plays one history against the server and holds every answer to the model, step by step. The
 * only I/O is through {@link PlayContext} (the check's recorded requests), so every request is
 * evidence. Stops at the first answer the model does not allow.
 */

export interface PlayContext {
  readonly world: World;
  graphql(query: string, variables: Record<string, unknown>, as: Credential | null): Promise<Exchange>;
  put(url: string, bytes: Uint8Array, contentType: string): Promise<number>;
  /** How many requests the check has sent so far (the index the next one's exchange gets). */
  sent(): number;
}

export interface PlayResult {
  readonly steps: readonly HistoryStep[];
  /** The broken rule, with the step it broke at (also marked `broke` in `steps`). */
  readonly failure: (Verdict & { readonly step: number; readonly exchange: Exchange | undefined }) | null;
}

/** A write could not be made because provisioning-level operations failed: the history cannot go on. */
export class PlayBlocked extends Error {
  override readonly name = 'PlayBlocked';
}

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message?: string }[];
}

function bodyOf(exchange: Exchange): Body | null {
  try {
    return JSON.parse(exchange.response.body) as Body;
  } catch {
    return null;
  }
}

function dataOf<T>(exchange: Exchange, field: string): T | null {
  const body = bodyOf(exchange);
  return body?.errors?.length ? null : ((body?.data?.[field] as T | undefined) ?? null);
}

function refusedWith(exchange: Exchange): string {
  return `refused: HTTP ${exchange.response.status}, ${exchange.response.errorCodes[0] ?? 'no code'}`;
}

/** The conversations a history plays in: X holds A and B, Y holds A alone, Z (for events) holds A and B. */
const CONVERSATIONS: readonly { name: ConversationName; members: readonly Member[] }[] = [
  { name: 'X', members: ['A', 'B'] },
  { name: 'Y', members: ['A'] },
  { name: 'Z', members: ['A', 'B'] },
];

/** An acknowledged write, as the events judge needs it: what changed, and at which step. */
export interface WriteMade {
  readonly kind: 'send' | 'edit' | 'delete' | 'react';
  readonly conversation: ConversationName;
  /** The message as the write left it. */
  readonly message: ModelMessage;
  readonly step: number;
}

export interface PlayerOptions {
  /** Whether sends may carry a file (the server's upload works). */
  readonly attachments: boolean;
  /** The conversations to create. @default X and Y */
  readonly conversations?: readonly ConversationName[];
  /** Told of every acknowledged write, in the order acknowledged. */
  readonly onWrite?: (write: WriteMade) => void;
}

export class Player {
  private state: ModelState = new Map();
  private readonly ids = new Map<ConversationName, string>();
  private readonly cursors = new Map<ConversationName, HeldCursor[]>();
  private readonly walks = new Map<ConversationName, number>();
  private readonly steps: HistoryStep[] = [];
  private readonly tag = randomBytes(3).toString('hex');
  private unique = 0;
  /** The answer of the last read, the one a verdict on a read is said of. */
  private lastRead: Exchange | undefined;

  private readonly attachments: boolean;

  constructor(
    private readonly ctx: PlayContext,
    private readonly options: PlayerOptions,
  ) {
    this.attachments = options.attachments;
  }

  /** The model's state now (the events judge looks messages up in it). */
  get model(): ModelState {
    return this.state;
  }

  /** The conversation's id on the server. */
  idOf(name: ConversationName): string {
    return this.ids.get(name)!;
  }

  /** Makes one write outside the history (the events check's warm-up and end marker), as a step of its own. */
  async extra(write: Exclude<Write, { kind: 'burst' }>): Promise<{ verdict: Verdict | null; message: ModelMessage | null }> {
    let message: ModelMessage | null = null;
    const verdict = await this.step(this.words(write), async () => {
      const applied = await this.applyWrite(write, this.state);
      this.state = applied.state;
      this.say(applied.words);
      message = applied.changed ? conversationOf(applied.state, write.in).messages.find((m) => m.id === applied.changed!.id) ?? null : null;
      return applied.verdict;
    });
    return { verdict, message };
  }

  /** Adds a step that only waits or listens (its requests and frames are the ones made meanwhile). */
  async note(action: string, run: () => Promise<Verdict | null>): Promise<Verdict | null> {
    return this.step(action, run);
  }

  get history(): readonly HistoryStep[] {
    return this.steps;
  }

  private actor(name: 'A' | 'B' | 'C'): Actor {
    const { world } = this.ctx;
    const actor = name === 'A' ? world.a : name === 'B' ? world.b : world.c;
    if (!actor) throw new PlayBlocked(`the history needs actor ${name}`);
    return actor;
  }

  private credential(caller: Caller): Credential | null {
    switch (caller) {
      case 'A':
      case 'B':
      case 'C':
        return this.actor(caller);
      case 'refresh:A':
      case 'refresh:B': {
        const actor = this.actor(caller === 'refresh:A' ? 'A' : 'B');
        // Without a refresh token, a token no server issued stands in: both must be refused.
        return actor.refreshToken ? { authorization: `Bearer ${actor.refreshToken}`, variable: `REFRESH_TOKEN_${actor.name}` } : this.credential('garbage');
      }
      case 'none':
        return null;
      case 'garbage':
        return { authorization: `Bearer parley-not-a-token-${this.tag}` };
    }
  }

  private async step(action: string, run: () => Promise<Verdict | null | void>): Promise<Verdict | null> {
    const from = this.ctx.sent();
    const index = this.steps.length;
    this.steps.push({ n: index + 1, action, exchanges: [] });
    const verdict = (await run()) ?? null;
    const to = this.ctx.sent();
    const exchanges = Array.from({ length: to - from }, (_, i) => from + i);
    this.steps[index] = { ...this.steps[index]!, exchanges, ...(verdict ? { broke: { rule: verdict.rule.id, specRef: verdict.rule.specRef, reason: verdict.reason, expected: verdict.expected } } : {}) };
    return verdict;
  }

  /** Renames the last step (a write learns what it did only once answered). */
  private say(action: string): void {
    const last = this.steps.at(-1)!;
    this.steps[this.steps.length - 1] = { ...last, action };
  }

  async setUp(): Promise<void> {
    const { world } = this.ctx;
    const wanted = this.options.conversations ?? ['X', 'Y'];
    const made = CONVERSATIONS.filter(({ name }) => wanted.includes(name));
    const words = made.map(({ name, members }) => `${name} (${members.length === 1 ? `${members[0]} alone` : members.join(' and ')})`);
    await this.step(`A creates the private channels ${words.join(', ')}`, async () => {
      for (const { name, members } of made) {
        const exchange = await this.ctx.graphql(CREATE_CHANNEL, { input: { workspaceId: world.workspaceId, title: `model-${world.runId}-${this.tag}-${name}`, visibility: 'PRIVATE', memberIds: members.filter((m) => m !== 'A').map((m) => this.actor(m).id) } }, world.a);
        const id = dataOf<{ id: string }>(exchange, 'createChannel')?.id;
        if (!id) throw new PlayBlocked(`createChannel failed (${refusedWith(exchange)})`);
        this.ids.set(name, id);
        const conversation = { name, id, members: new Set(members), messages: [] };
        this.state = new Map(this.state).set(name, conversation);
        // Some servers post SYSTEM messages on creation; provisioning saw whether this one does.
        if (world.empty.messages.length > 0) await this.baseline(name, id);
      }
    });
  }

  private async baseline(name: ConversationName, id: string): Promise<void> {
    const exchange = await this.ctx.graphql(MODEL_SINCE, { conversationId: id, afterSequence: 0, first: 100 }, this.ctx.world.a);
    const nodes = dataOf<{ nodes: { id: string; sequence: number; clientMessageId: string; senderId: string; type: string; content: string | null }[] }>(exchange, 'messagesSince')?.nodes ?? [];
    for (const node of nodes) {
      this.state = withMessage(this.state, { id: node.id, conversation: name, sequence: node.sequence, clientMessageId: node.clientMessageId, senderId: node.senderId, sender: null, type: node.type, content: node.content ?? '', deleted: node.content === null, replyToMessageId: null, attachments: [], reactions: new Map(), known: false });
    }
  }

  /** Plays `commands` after {@link setUp}; the result holds every step and the first broken rule. */
  async play(commands: readonly Command[]): Promise<PlayResult> {
    for (const command of commands) {
      const verdict = command.kind === 'concurrently' ? await this.concurrently(command.read, command.writes) : command.kind === 'messages' || command.kind === 'since' ? await this.read(command) : await this.write(command);
      if (verdict) return { steps: this.steps, failure: { ...verdict, step: this.steps.length, exchange: this.lastRead } };
    }
    return { steps: this.steps, failure: null };
  }

  private memory(): Memory {
    return { cursors: this.cursors, walks: this.walks };
  }

  private resolve(read: Read): ResolvedCall {
    return resolveRead(read, this.state, this.memory(), this.ids, { unknownId: randomUUID() });
  }

  private async read(read: Read): Promise<Verdict | null> {
    const call = this.resolve(read);
    const states = [this.state];
    return this.step(`${read.as} reads ${call.words}`, async () => {
      const exchange = await this.ctx.graphql(read.kind === 'messages' ? MODEL_MESSAGES : MODEL_SINCE, call.variables, this.credential(read.as));
      return this.judge(read, call, exchange, states);
    });
  }

  /** Judges a read against every state it may have seen (one, or one per subset of concurrent writes); remembers its cursor or walk position. */
  private judge(read: Read, call: ResolvedCall, exchange: Exchange, states: readonly ModelState[]): Verdict | null {
    const field = read.kind === 'messages' ? 'messages' : 'messagesSince';
    this.lastRead = exchange;
    const alternatives = states.flatMap((state) => expectRead(state, call.read).map((want) => ({ want, state })));
    const verdict = judgeRead(exchange.response, { field, conversationId: this.ids.get(read.in)!, alternatives });
    if (verdict) return verdict;
    const page = dataOf<{ nodes: { sequence: number }[]; endCursor: string | null }>(exchange, field);
    if (page && page.nodes.length > 0) {
      if (read.kind === 'messages' && page.endCursor !== null) {
        const held = this.cursors.get(read.in) ?? [];
        this.cursors.set(read.in, [...held, { cursor: page.endCursor, atSequence: page.nodes[0]!.sequence, step: this.steps.length }]);
      }
      if (read.kind === 'since') this.walks.set(read.in, page.nodes.at(-1)!.sequence);
    }
    return null;
  }

  private async write(write: Write): Promise<Verdict | null> {
    if (write.kind === 'burst') {
      return this.step(`${write.as} sends ${write.count} messages to ${write.in}`, async () => {
        for (let i = 1; i <= write.count; i++) {
          const applied = await this.applyWrite({ kind: 'send', as: write.as, in: write.in, content: `burst ${i} of ${write.count}`, clientMessageId: randomUUID() }, this.state);
          if (applied.verdict) return applied.verdict;
          this.state = applied.state;
        }
        return null;
      });
    }
    return this.step(this.words(write), async () => {
      const applied = await this.applyWrite(write, this.state);
      this.state = applied.state;
      this.say(applied.words);
      return applied.verdict;
    });
  }

  private words(write: Exclude<Write, { kind: 'burst' }>): string {
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
  private async applyWrite(write: Exclude<Write, { kind: 'burst' }>, before: ModelState): Promise<{ state: ModelState; verdict: Verdict | null; words: string; changed: ModelMessage | null }> {
    const applied = await this.makeWrite(write, before);
    if (applied.changed && this.options.onWrite) {
      const message = conversationOf(applied.state, write.in).messages.find((m) => m.id === applied.changed!.id)!;
      this.options.onWrite({ kind: write.kind, conversation: write.in, message, step: this.steps.length });
    }
    return applied;
  }

  private async makeWrite(write: Exclude<Write, { kind: 'burst' }>, before: ModelState): Promise<{ state: ModelState; verdict: Verdict | null; words: string; changed: ModelMessage | null }> {
    const actor = this.actor(write.as);
    const nothing = (words: string) => ({ state: this.state, verdict: null, words, changed: null });
    if (write.kind === 'send') return this.send(write, actor, before);
    if (write.kind === 'react') {
      const target = reactionTarget(this.state, write, actor.id);
      if (!target) return nothing(`${write.as} reacts to a message of ${write.in}: nothing to react to`);
      const exchange = await this.ctx.graphql(REACT, { id: target.id, emoji: write.emoji }, actor);
      const words = `${write.as} reacts ${quoted(write.emoji)} to the message of sequence ${target.sequence} in ${write.in}`;
      if (!dataOf(exchange, 'addReaction')) return nothing(`${words}: ${refusedWith(exchange)}`);
      return { state: withReaction(this.state, write.in, target.id, write.emoji, actor.id), verdict: null, words, changed: target };
    }
    const target = editTarget(this.state, write);
    const verb = write.kind === 'edit' ? 'edits' : 'deletes';
    if (!target) return nothing(`${write.as} ${verb} a message of ${write.in}: none of theirs is live`);
    const words = write.kind === 'edit' ? `${write.as} edits the message of sequence ${target.sequence} in ${write.in} to ${quoted(write.content)}` : `${write.as} deletes the message of sequence ${target.sequence} in ${write.in}`;
    const exchange = await this.ctx.graphql(write.kind === 'edit' ? EDIT : DELETE, write.kind === 'edit' ? { id: target.id, content: write.content } : { id: target.id }, actor);
    if (!dataOf(exchange, write.kind === 'edit' ? 'editMessage' : 'deleteMessage')) return nothing(`${words}: ${refusedWith(exchange)}`);
    const state = write.kind === 'edit' ? withEdit(this.state, write.in, target.id, write.content) : withDelete(this.state, write.in, target.id);
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

  private async send(write: Send, actor: Actor, before: ModelState): Promise<{ state: ModelState; verdict: Verdict | null; words: string; changed: ModelMessage | null }> {
    const conversationId = this.ids.get(write.in)!;
    const clientMessageId = uniqueClientId(write.clientMessageId, `${this.tag}${(++this.unique).toString(16).padStart(6, '0')}`);
    const reply = replyTarget(this.state, write);
    const file = write.attach && this.attachments ? await this.upload(actor) : null;
    // Empty content only goes with a file ("may be an empty string for a message that carries only files").
    const content = write.content === '' && !file ? 'no file after all' : write.content;
    const input = { conversationId, clientMessageId, content, ...(reply ? { replyToMessageId: reply.id } : {}), ...(file ? { attachments: [{ key: file.key, fileName: file.fileName, contentType: file.contentType, size: file.size }] } : {}) };
    const words = `${write.as} sends ${quoted(content)} (client id ${clientMessageId})${reply ? ` replying to sequence ${reply.sequence}` : ''}${file ? ' with a file' : ''} to ${write.in}`;
    const exchange = await this.ctx.graphql(SEND, { input }, actor);
    const sent = dataOf<{ id: string; sequence: number }>(exchange, 'sendMessage');
    this.lastRead = exchange;
    if (!sent) return { state: this.state, verdict: null, words: `${words}: ${refusedWith(exchange)}`, changed: null };
    const newest = newestSequence(conversationOf(before, write.in));
    const verdict = typeof sent.sequence !== 'number' || sent.sequence <= newest ? { rule: modelRules.sequence, reason: `the new message has sequence ${String(sent.sequence)}; the conversation already held sequence ${newest}`, expected: modelRules.sequence.text } : null;
    const message: ModelMessage = {
      id: sent.id, conversation: write.in, sequence: sent.sequence, clientMessageId, senderId: actor.id, sender: write.as, type: 'TEXT', content,
      deleted: false, replyToMessageId: reply?.id ?? null, attachments: file ? [{ fileName: file.fileName, contentType: file.contentType, size: file.size }] : [], reactions: new Map(), known: true,
    };
    return { state: withMessage(this.state, message), verdict, words, changed: message };
  }

  /**
   * A read sent while writes are in flight. It may see any of the writes or none (the spec says
   * nothing of isolation), so it is held to the state of every subset of the acknowledged ones;
   * afterwards every acknowledged write holds.
   */
  private async concurrently(read: Read, writes: readonly Exclude<Write, { kind: 'burst' }>[]): Promise<Verdict | null> {
    const before = this.state;
    const call = this.resolve(read);
    return this.step(`${read.as} reads ${call.words} while ${writes.length} write(s) are in flight`, async () => {
      // Each message is the target of one write of the group at most, so the writes commute.
      const targets = new Set<string>();
      const group = writes.filter((w) => {
        if (w.kind === 'send') return true;
        const target = w.kind === 'react' ? reactionTarget(before, w, this.actor(w.as).id) : editTarget(before, w);
        if (!target || targets.has(target.id)) return false;
        targets.add(target.id);
        return true;
      });
      const [exchange, ...applied] = await Promise.all([
        this.ctx.graphql(read.kind === 'messages' ? MODEL_MESSAGES : MODEL_SINCE, call.variables, this.credential(read.as)),
        ...group.map(async (w) => {
          this.state = before;
          return this.applyWrite(w, before);
        }),
      ]);
      const changes = (applied as Awaited<ReturnType<Player['applyWrite']>>[]).filter((a) => a.changed !== null);
      const broken = (applied as Awaited<ReturnType<Player['applyWrite']>>[]).find((a) => a.verdict)?.verdict;
      // Re-apply each acknowledged write to `before`, in every subset (the last one is all of them).
      const replayed = changes.map((a) => (state: ModelState) => this.reapply(state, a.state, a.changed!));
      const states: ModelState[] = [];
      for (let mask = 0; mask < 1 << replayed.length; mask++) states.push(replayed.reduce((s, apply, i) => (mask & (1 << i) ? apply(s) : s), before));
      this.state = states.at(-1)!;
      this.say(`${read.as} reads ${call.words} while ${group.map((w) => this.words(w)).join('; ')}`);
      return broken ?? this.judge(read, call, exchange, states);
    });
  }

  /** The change one write made (its message as `after` holds it) applied to `state`. */
  private reapply(state: ModelState, after: ModelState, changed: ModelMessage): ModelState {
    const now = conversationOf(after, changed.conversation).messages.find((m) => m.id === changed.id)!;
    const conversation = conversationOf(state, changed.conversation);
    const messages = conversation.messages.some((m) => m.id === now.id) ? conversation.messages.map((m) => (m.id === now.id ? now : m)) : [...conversation.messages, now].sort((x, y) => x.sequence - y.sequence);
    return new Map(state).set(changed.conversation, { ...conversation, messages });
  }
}
