import { randomUUID } from 'node:crypto';
import type { Credential } from '../target.js';
import type { Exchange, HistoryStep } from '../types.js';
import type { Actor } from '../world.js';
import type { Burst, Caller, Command, ConversationName, Read, Walk } from './commands.js';
import { expectRead } from './expect-read.js';
import { judgeRead } from './judge.js';
import type { Verdict } from './node-fields.js';
import { MODEL_MESSAGES, MODEL_SINCE, CREATE_CHANNEL } from './operations.js';
import { CONVERSATIONS, dataOf, PlayBlocked, refusedWith, type PlayContext, type PlayerOptions, type PlayResult } from './play-context.js';
import { ReadMemory, type PageSeen } from './read-memory.js';
import { resolveRead, type ResolvedCall } from './resolve.js';
import { conversationOf, ownLive, statesDuring, withMessage, type ModelMessage, type ModelState } from './state.js';
import { WriteMaker, type Applied, type SingleWrite } from './write-maker.js';
import { editTarget, reactionTarget } from './writes.js';

export { PlayBlocked, type PlayContext, type PlayResult, type WriteMade } from './play-context.js';

/**
 * Plays one history against the server and holds every answer to the model, step by step. The
 * only I/O is through {@link PlayContext} (the check's recorded requests), so every request is
 * evidence. Stops at the first answer the model does not allow.
 */

/** Pages a walk reads at most. */
const WALK_PAGES = 12;

export class Player {
  private state: ModelState = new Map();
  private readonly ids = new Map<ConversationName, string>();
  private readonly memory = new ReadMemory();
  private readonly steps: HistoryStep[] = [];
  private readonly writer: WriteMaker;
  /** The answer a verdict is said of: the last read's, or the write's that broke a rule. */
  private lastAnswer: Exchange | undefined;
  /** The last read and what it sent, for `again`. */
  private lastCall: { read: Read; call: ResolvedCall } | undefined;

  constructor(
    private readonly ctx: PlayContext,
    private readonly options: PlayerOptions,
  ) {
    this.writer = new WriteMaker(ctx, (name) => this.actor(name), this.ids, options.attachments);
  }

  /** The model's state now (the events judge looks messages up in it). */
  get model(): ModelState {
    return this.state;
  }

  get history(): readonly HistoryStep[] {
    return this.steps;
  }

  /** The conversation's id on the server. */
  idOf(name: ConversationName): string {
    return this.ids.get(name)!;
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
        return { authorization: `Bearer parley-not-a-token-${this.writer.tag}` };
      case 'suffixed:A':
        // No variable: the redaction shows it as `Bearer $TOKEN_A-x`, the suffix kept.
        return { authorization: `${this.actor('A').authorization}-x` };
    }
  }

  /** Runs one step: its requests are the check's exchanges sent meanwhile; a verdict marks it. */
  private async step(action: string, run: () => Promise<Verdict | null | void>): Promise<Verdict | null> {
    const from = this.ctx.sent();
    const index = this.steps.length;
    this.steps.push({ n: index + 1, action, exchanges: [] });
    const verdict = (await run()) ?? null;
    const exchanges = Array.from({ length: this.ctx.sent() - from }, (_, i) => from + i);
    const broke = verdict ? { broke: { rule: verdict.rule.id, specRef: verdict.rule.specRef, reason: verdict.reason, expected: verdict.expected } } : {};
    this.steps[index] = { ...this.steps[index]!, exchanges, ...broke };
    return verdict;
  }

  /** Renames the last step (a write learns what it did only once answered). */
  private say(action: string): void {
    this.steps[this.steps.length - 1] = { ...this.steps.at(-1)!, action };
  }

  /** Adds a step that only waits or listens (its requests and frames are the ones made meanwhile). */
  note(action: string, run: () => Promise<Verdict | null>): Promise<Verdict | null> {
    return this.step(action, run);
  }

  async setUp(): Promise<void> {
    const { world } = this.ctx;
    const wanted = this.options.conversations ?? ['X', 'Y'];
    const made = CONVERSATIONS.filter(({ name }) => wanted.includes(name));
    const words = made.map(({ name, members }) => `${name} (${members.length === 1 ? `${members[0]} alone` : members.join(' and ')})`);
    await this.step(`A creates the private channels ${words.join(', ')}`, async () => {
      for (const { name, members } of made) {
        const input = { workspaceId: world.workspaceId, title: `model-${world.runId}-${this.writer.tag}-${name}`, visibility: 'PRIVATE', memberIds: members.filter((m) => m !== 'A').map((m) => this.actor(m).id) };
        const exchange = await this.ctx.graphql(CREATE_CHANNEL, { input }, world.a);
        const id = dataOf<{ id: string }>(exchange, 'createChannel')?.id;
        if (!id) throw new PlayBlocked(`createChannel failed (${refusedWith(exchange)})`);
        this.ids.set(name, id);
        this.state = new Map(this.state).set(name, { name, id, members: new Set(members), messages: [] });
        // Some servers post SYSTEM messages on creation; provisioning saw whether this one does.
        if (world.empty.messages.length > 0) await this.baseline(name, id);
      }
    });
  }

  private async baseline(name: ConversationName, id: string): Promise<void> {
    const exchange = await this.ctx.graphql(MODEL_SINCE, { conversationId: id, afterSequence: 0, first: 100 }, this.ctx.world.a);
    const nodes = dataOf<{ nodes: { id: string; sequence: number; clientMessageId: string; senderId: string; type: string; content: string | null }[] }>(exchange, 'messagesSince')?.nodes ?? [];
    for (const node of nodes) {
      this.state = withMessage(this.state, { ...node, conversation: name, sender: null, content: node.content ?? '', deleted: node.content === null, replyToMessageId: null, attachments: [], reactions: new Map(), known: false });
    }
  }

  /** Plays `commands` after {@link setUp}; the result holds every step and the first broken rule. */
  async play(commands: readonly Command[]): Promise<PlayResult> {
    for (const command of commands) {
      const verdict = await this.command(command);
      if (verdict) return { steps: this.steps, failure: { ...verdict, step: this.steps.length, exchange: this.lastAnswer } };
    }
    return { steps: this.steps, failure: null };
  }

  private command(command: Command): Promise<Verdict | null> {
    switch (command.kind) {
      case 'concurrently':
        return command.read ? this.during(command.read, command.writes) : this.together(command.writes);
      case 'messages':
      case 'since':
        return this.read(command);
      case 'again':
        return this.again();
      case 'walk':
        return this.walk(command);
      case 'burst':
        return this.burst(command);
      default:
        return this.write(command);
    }
  }

  private resolve(read: Read): ResolvedCall {
    return resolveRead(read, this.state, this.memory, this.ids, { unknownId: randomUUID() });
  }

  private send(read: Read, call: ResolvedCall): Promise<Exchange> {
    return this.ctx.graphql(read.kind === 'messages' ? MODEL_MESSAGES : MODEL_SINCE, call.variables, this.credential(read.as));
  }

  private async read(read: Read, words = ''): Promise<Verdict | null> {
    const call = this.resolve(read);
    this.lastCall = { read, call };
    return this.step(`${read.as} reads ${call.words}${words}`, async () => this.judge(read, call, await this.send(read, call), [this.state]));
  }

  /** The last read once more, the same variables sent, held to the state as it is now. */
  private async again(): Promise<Verdict | null> {
    const last = this.lastCall;
    if (!last) return this.step('the last read again: there was none', async () => null);
    const { read, call } = last;
    return this.step(`${read.as} reads ${call.words} again`, async () => this.judge(read, call, await this.send(read, call), [this.state]));
  }

  /** Page after page while hasNextPage says more remain: `before` the last cursor, or after the last node. */
  private async walk({ read }: Walk): Promise<Verdict | null> {
    const next: Read = read.kind === 'messages' ? { kind: 'messages', as: read.as, in: read.in, first: read.first, before: 'latest' } : { ...read, after: { from: 'walk' } };
    let verdict = await this.read(read, ', the first page of a walk');
    for (let page = 2; !verdict && this.memory.lastHasNext && page <= WALK_PAGES; page++) verdict = await this.read(next, `, page ${page} of the walk`);
    return verdict;
  }

  /**
   * Judges a read against every state it may have seen (one, or one per subset of concurrent
   * writes), and remembers what it handed out.
   */
  private judge(read: Read, call: ResolvedCall, exchange: Exchange, states: readonly ModelState[]): Verdict | null {
    this.lastAnswer = exchange;
    this.memory.lastHasNext = false;
    const field = read.kind === 'messages' ? 'messages' : 'messagesSince';
    const alternatives = states.flatMap((state) => expectRead(state, call.read).map((want) => ({ want, state })));
    const verdict = judgeRead(exchange.response, { field, conversationId: this.ids.get(read.in)!, alternatives });
    if (verdict) return verdict;
    const page = dataOf<PageSeen>(exchange, field);
    return page ? this.memory.remember(field, read.in, page, this.steps.length) : null;
  }

  /** Makes one write from `before` and tells the options' listener of an acknowledged change. */
  private async apply(write: SingleWrite, before: ModelState): Promise<Applied> {
    const applied = await this.writer.make(write, before);
    if (applied.verdict) this.lastAnswer = applied.exchange;
    if (applied.changed && this.options.onWrite) {
      const message = conversationOf(applied.state, write.in).messages.find((m) => m.id === applied.changed!.id)!;
      this.options.onWrite({ kind: write.kind, conversation: write.in, message, step: this.steps.length, ...(write.kind === 'send' ? {} : { before: applied.changed }) });
    }
    return applied;
  }

  private write(write: SingleWrite): Promise<Verdict | null> {
    return this.step(this.writer.words(write), async () => {
      const applied = await this.apply(write, this.state);
      this.state = applied.state;
      this.say(applied.words);
      return applied.verdict;
    });
  }

  /** Makes one write outside the history (the events check's warm-up and end marker), as a step of its own. */
  async extra(write: SingleWrite): Promise<{ verdict: Verdict | null; message: ModelMessage | null }> {
    let message: ModelMessage | null = null;
    const verdict = await this.step(this.writer.words(write), async () => {
      const applied = await this.apply(write, this.state);
      this.state = applied.state;
      this.say(applied.words);
      message = applied.changed ? (conversationOf(applied.state, write.in).messages.find((m) => m.id === applied.changed!.id) ?? null) : null;
      return applied.verdict;
    });
    return { verdict, message };
  }

  private burst(burst: Burst): Promise<Verdict | null> {
    const deleting = burst.deletes ? `, then deletes the ${burst.deletes === 'alternate' ? 'every other one' : burst.deletes === 'all' ? 'all of them' : `${burst.deletes === 'head' ? 'oldest' : 'newest'} few`}` : '';
    return this.step(`${burst.as} sends ${burst.count} messages to ${burst.in}${deleting}`, async () => {
      const sent: ModelMessage[] = [];
      for (let i = 1; i <= burst.count; i++) {
        const applied = await this.apply({ kind: 'send', as: burst.as, in: burst.in, content: `burst ${i} of ${burst.count}`, clientMessageId: randomUUID() }, this.state);
        if (applied.verdict) return applied.verdict;
        this.state = applied.state;
        if (applied.changed) sent.push(applied.changed);
      }
      const doomed = sent.filter((_, i) => burst.deletes === 'all' || (burst.deletes === 'alternate' && i % 2 === 1) || (burst.deletes === 'head' && i < 3) || (burst.deletes === 'tail' && i >= sent.length - 3));
      for (const message of doomed) {
        const pick = ownLive(conversationOf(this.state, burst.in), burst.as).findIndex((m) => m.id === message.id);
        if (pick < 0) continue;
        const applied = await this.apply({ kind: 'delete', as: burst.as, in: burst.in, target: { pick } }, this.state);
        this.state = applied.state;
      }
      return null;
    });
  }

  /** The writes of a group that target a message no other write of it targets, so they commute. */
  private commuting(writes: readonly SingleWrite[], before: ModelState): SingleWrite[] {
    const targets = new Set<string>();
    return writes.filter((w) => {
      if (w.kind === 'send') return true;
      const target = w.kind === 'react' ? reactionTarget(before, w, this.actor(w.as).id) : editTarget(before, w);
      if (!target || targets.has(target.id)) return false;
      targets.add(target.id);
      return true;
    });
  }

  /** Writes sent at once, none waiting for another (what an event stream must report, each). */
  private together(writes: readonly SingleWrite[]): Promise<Verdict | null> {
    const before = this.state;
    const group = this.commuting(writes, before);
    return this.step(`${group.length} writes at once`, async () => {
      const applied = await Promise.all(group.map((w) => this.apply(w, before)));
      const changes = applied.filter((a): a is Applied & { changed: ModelMessage } => a.changed !== null);
      this.state = statesDuring(before, changes).at(-1)!;
      this.say(`at once: ${applied.map((a) => a.words).join('; ')}`);
      return applied.find((a) => a.verdict)?.verdict ?? null;
    });
  }

  /**
   * A read sent while writes are in flight. It may see any of the writes or none (the spec says
   * nothing of isolation), so it is held to the state of every subset of the acknowledged ones;
   * afterwards every acknowledged write holds.
   */
  private during(read: Read, writes: readonly SingleWrite[]): Promise<Verdict | null> {
    const before = this.state;
    const call = this.resolve(read);
    this.lastCall = { read, call };
    const group = this.commuting(writes, before);
    return this.step(`${read.as} reads ${call.words} while ${group.length} write(s) are in flight`, async () => {
      const [exchange, ...applied] = await Promise.all([this.send(read, call), ...group.map((w) => this.apply(w, before))]);
      const made = applied as Applied[];
      const changes = made.filter((a): a is Applied & { changed: ModelMessage } => a.changed !== null);
      const states = statesDuring(before, changes);
      this.state = states.at(-1)!;
      this.say(`${read.as} reads ${call.words} while ${made.map((a) => a.words).join('; ')}`);
      return made.find((a) => a.verdict)?.verdict ?? this.judge(read, call, exchange as Exchange, states);
    });
  }
}
