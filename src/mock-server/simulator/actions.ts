import type { ExecutionResult } from 'graphql';
import type { Runtime } from '../runtime/runtime.js';
import { rememberOwn, type Actor, type Cast } from './cast.js';
import type { ActionKind } from './rules.js';
import { ADD_REACTION, DELETE_MESSAGE, EDIT_MESSAGE, MARK_READ, REFRESH_TOKEN, REMOVE_MEMBER, SEND_MESSAGE, SET_TYPING } from './operations.js';
import { chatLine, REACTIONS } from './texts.js';

/** How many recent messages of the conversation the simulator remembers (to reply to or react to). */
const RECENT_KEPT = 32;

/** What an action did: ran (whatever its answer) or failed with this message. */
export type Outcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

const OK: Outcome = { ok: true };

/**
 * The people of one cast acting: each action is the actor's own GraphQL operation run through the
 * runtime with their token (refreshed with `refreshToken` once it expires, as a client does), so
 * every rule and event holds. Presence is the one thing that is no operation: the mock makes a
 * member present while they hold a WebSocket, so the simulator tells the presence service, as
 * the WebSocket door does. Every choice comes from `random`, made when the action runs, so the
 * same seed gives the same operations. Holds O(actors) memory: a bounded list of recent messages.
 */
export class Acting {
  /** Ids of the conversation's recent messages sent by the simulator, newest last. */
  private readonly recent: string[] = [];
  /** Messages sent so far: their client ids are unique for this run. */
  private sent = 0;
  /** The sequence of the newest message the simulator sent. */
  private newest = 0;

  constructor(
    private readonly runtime: Runtime,
    private readonly cast: Cast,
    private readonly random: () => number,
    private readonly runId: string,
    private readonly publicOrigin: string,
  ) {}

  /** Brings every actor online (at start). */
  allOnline(): void {
    for (const actor of this.cast.actors) this.setOnline(actor, true);
  }

  /** Takes every actor that is online offline (at stop). */
  allOffline(): void {
    for (const actor of this.cast.actors) this.setOnline(actor, false);
  }

  /** One random action of `kind` by a random actor. */
  async act(kind: ActionKind): Promise<Outcome> {
    if (kind === 'presence') return this.togglePresence();
    const actor = this.pickOnline();
    switch (kind) {
      case 'send':
        return this.send(actor, null);
      case 'reply':
        return this.send(actor, this.pickRecent() ?? null);
      case 'react': {
        const messageId = this.pickRecent();
        const emoji = REACTIONS[Math.floor(this.random() * REACTIONS.length)]!;
        return messageId ? this.run(actor, ADD_REACTION, { messageId, emoji }) : this.send(actor, null);
      }
      case 'edit': {
        const messageId = actor.own.at(-1);
        const content = `${chatLine(this.random(), this.random())} (edited)`;
        return messageId ? this.run(actor, EDIT_MESSAGE, { id: messageId, content }) : this.send(actor, null);
      }
      case 'delete': {
        const messageId = actor.own.pop();
        if (!messageId) return this.send(actor, null);
        const index = this.recent.indexOf(messageId);
        if (index >= 0) this.recent.splice(index, 1);
        return this.run(actor, DELETE_MESSAGE, { id: messageId });
      }
      case 'typing':
        return this.typing(actor, true);
      case 'read':
        return this.markRead(actor);
    }
  }

  /** A new message (a reply to `replyTo`) from `actor`. */
  async send(actor: Actor, replyTo: string | null): Promise<Outcome> {
    const content = chatLine(this.random(), this.random());
    const input = { conversationId: this.cast.conversationId, clientMessageId: `simulator-${this.runId}-${++this.sent}`, content, replyToMessageId: replyTo };
    const result = await this.execute(actor, SEND_MESSAGE, { input });
    const message = result.data?.['sendMessage'] as { id?: string; sequence?: number } | undefined;
    const id = message?.id;
    if (id) {
      this.newest = Math.max(this.newest, message.sequence ?? 0);
      rememberOwn(actor, id);
      this.recent.push(id);
      if (this.recent.length > RECENT_KEPT) this.recent.shift();
    }
    return outcomeOf(result);
  }

  /** `actor` starts (or refreshes) or stops typing. */
  typing(actor: Actor, active: boolean): Promise<Outcome> {
    return this.run(actor, SET_TYPING, { conversationId: this.cast.conversationId, active });
  }

  /** The workspace's owner removes `userId` from it (their subscriptions end with `membershipEnded`). */
  async removeMember(userId: string): Promise<Outcome> {
    const workspace = this.runtime.state.workspaces.find(this.cast.workspaceId);
    const owner = workspace && [...workspace.members.values()].find((member) => member.role === 'OWNER');
    if (!owner) return { ok: false, error: 'the workspace has no owner to remove the member' };
    const existing = this.cast.actors.find((actor) => actor.userId === owner.userId);
    const tokens = existing ?? this.runtime.state.sessions.open(owner.userId, false);
    if (!existing) this.runtime.changed();
    const authorization = `Bearer ${tokens.accessToken}`;
    const result = await this.runtime.run({ query: REMOVE_MEMBER, variables: { workspaceId: this.cast.workspaceId, userId }, authorization, publicOrigin: this.publicOrigin });
    return outcomeOf(result);
  }

  /** The actor that acts next: a random online one (one comes online when nobody is). */
  pickOnline(): Actor {
    const online = this.cast.actors.filter((actor) => actor.online);
    const pool = online.length > 0 ? online : this.cast.actors;
    const actor = pool[Math.floor(this.random() * pool.length)]!;
    this.setOnline(actor, true);
    return actor;
  }

  /** One actor comes online or goes away; the last one online stays. */
  private togglePresence(): Outcome {
    const actor = this.cast.actors[Math.floor(this.random() * this.cast.actors.length)]!;
    const othersOnline = this.cast.actors.some((other) => other !== actor && other.online);
    this.setOnline(actor, !actor.online || !othersOnline);
    return OK;
  }

  private setOnline(actor: Actor, online: boolean): void {
    if (actor.online === online) return;
    actor.online = online;
    const { presence } = this.runtime.state;
    if (online) presence.connected(actor.userId);
    else presence.disconnected(actor.userId);
  }

  private pickRecent(): string | undefined {
    return this.recent.length === 0 ? undefined : this.recent[Math.floor(this.random() * this.recent.length)];
  }

  /** `actor` reads up to the newest message the simulator has sent. */
  private markRead(actor: Actor): Promise<Outcome> {
    return this.run(actor, MARK_READ, { conversationId: this.cast.conversationId, sequence: this.newest });
  }

  private async run(actor: Actor, query: string, variables: Record<string, unknown>): Promise<Outcome> {
    return outcomeOf(await this.execute(actor, query, variables));
  }

  /** Runs `query` as `actor`, refreshing their token first when it has expired. */
  private async execute(actor: Actor, query: string, variables: Record<string, unknown>): Promise<ExecutionResult> {
    if (this.runtime.state.sessions.accessExpiry(actor.accessToken) === undefined) await this.refresh(actor);
    return this.runtime.run({ query, variables, authorization: `Bearer ${actor.accessToken}`, publicOrigin: this.publicOrigin });
  }

  /** A new token pair with `refreshToken`, as a client does; a new session when that is refused too. */
  private async refresh(actor: Actor): Promise<void> {
    const result = await this.runtime.run({ query: REFRESH_TOKEN, variables: { refreshToken: actor.refreshToken }, publicOrigin: this.publicOrigin });
    const tokens = result.data?.['refreshToken'] as { accessToken: string; refreshToken: string } | undefined;
    const fresh = tokens ?? this.runtime.state.sessions.open(actor.userId, false);
    if (!tokens) this.runtime.changed();
    actor.accessToken = fresh.accessToken;
    actor.refreshToken = fresh.refreshToken;
  }
}

function outcomeOf(result: ExecutionResult): Outcome {
  const error = result.errors?.[0];
  return error ? { ok: false, error: `${String(error.extensions?.['code'] ?? 'ERROR')}: ${error.message}` } : OK;
}
