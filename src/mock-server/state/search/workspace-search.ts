import type { UserRecord } from '../accounts/records.js';
import type { Users } from '../accounts/users.js';
import type { Conversations } from '../conversations/conversations.js';
import type { ConversationRecord } from '../conversations/records.js';
import { badInput } from '../errors.js';
import type { FileEntry } from '../files/entries.js';
import type { LibraryEntries } from '../files/library-entries.js';
import { requirePageSize, requireText } from '../input.js';
import type { Presence } from '../live/presence.js';
import type { MessageRecord } from '../messages/records.js';
import type { Kernel } from '../context.js';
import { humanOrder } from '../workspaces/directory-access.js';
import type { WorkspaceMemberRecord, WorkspaceRecord } from '../workspaces/records.js';
import type { MessageIndex } from './message-index.js';
import type { IndexSize } from './prefix-postings.js';
import { hasWordStartingWith, matchesText, queryWords, searchWords } from './words.js';

/** Bounds of `workspaceSearch`: the mock's choices, SPEC.md leaves them open. */
export const searchRules = {
  /** Characters of `query`, after trimming. */
  queryMax: 200,
  limitMin: 1,
  limitMax: 50,
} as const;

export type SearchKind = 'CHANNELS' | 'FILES' | 'MESSAGES' | 'PEOPLE';
const ALL_KINDS: readonly SearchKind[] = ['CHANNELS', 'FILES', 'MESSAGES', 'PEOPLE'];

/** `WorkspaceSearchInput`, with its defaults applied by GraphQL. */
export interface SearchQuery {
  readonly query: string;
  readonly limit: number;
  readonly kinds?: readonly SearchKind[] | null;
}

export interface ChannelHit {
  readonly conversation: ConversationRecord;
  readonly isMember: boolean;
}

export interface MessageHitView {
  readonly message: MessageRecord;
  readonly conversation: ConversationRecord;
  readonly sender: UserRecord;
  /** The channel's title, or for a direct conversation the other participant's display name. */
  readonly conversationLabel: string;
  readonly snippet: string;
}

export interface PersonHit {
  readonly user: UserRecord;
  readonly member: WorkspaceMemberRecord;
  readonly isOnline: boolean;
}

export interface SearchResults {
  readonly channels: readonly ChannelHit[];
  readonly files: readonly FileEntry[];
  readonly messages: readonly MessageHitView[];
  readonly people: readonly PersonHit[];
}

const NONE: SearchResults = { channels: [], files: [], messages: [], people: [] };

interface Caller {
  readonly workspace: WorkspaceRecord;
  readonly member: WorkspaceMemberRecord;
  readonly userId: string;
}

const byIdAsc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `workspaceSearch`: channels, files, messages and people of one workspace that the caller may
 * see, each kind ranked and cut to `limit`. The rules are written down in docs/mock-behaviour.md,
 * "Workspace search".
 */
export class WorkspaceSearch {
  constructor(
    private readonly kernel: Kernel,
    private readonly users: Users,
    private readonly conversations: Conversations,
    private readonly presence: Presence,
    private readonly index: MessageIndex,
    private readonly fileEntries: LibraryEntries,
  ) {}

  /**
   * What the message index holds now, over the conversations searched so far: an observable
   * bound (it never exceeds what one copy of the live texts gives; see `prefix-postings.ts`).
   */
  indexSize(): IndexSize {
    return this.index.size();
  }

  async search(workspaceId: string, input: SearchQuery, userId: string): Promise<SearchResults> {
    const { workspace, member } = this.kernel.access.workspaceOfMember(workspaceId, userId);
    const query = requireText(input.query, 'input.query', { max: searchRules.queryMax });
    const limit = requirePageSize(input.limit, 'input.limit', searchRules.limitMin, searchRules.limitMax);
    if (input.kinds != null && input.kinds.length === 0) {
      throw badInput('input.kinds must name at least one kind; leave it out (or null) for all four', 'input.kinds');
    }
    const kinds = new Set(input.kinds ?? ALL_KINDS);
    const terms = queryWords(query);
    // Only separators ("!!", "--"): nothing can match a query without a letter or digit.
    if (terms.length === 0) return NONE;
    const caller: Caller = { workspace, member, userId };
    return {
      channels: kinds.has('CHANNELS') ? this.channels(caller, terms, limit) : [],
      files: kinds.has('FILES') ? this.files(caller, terms, limit) : [],
      messages: kinds.has('MESSAGES') ? this.messages(caller, terms, limit) : [],
      people: kinds.has('PEOPLE') ? this.people(caller, terms, limit) : [],
    };
  }

  /** Title matches first, then title-and-description matches; newest first within each. */
  private channels(caller: Caller, terms: readonly string[], limit: number): ChannelHit[] {
    const ranked: { conversation: ConversationRecord; rank: number }[] = [];
    for (const conversation of this.conversations.channelsVisibleTo(caller.workspace.id, caller.userId)) {
      const title = conversation.title ?? '';
      const rank = matchesText(terms, title) ? 0 : matchesText(terms, `${title}\n${conversation.description ?? ''}`) ? 1 : -1;
      if (rank >= 0) ranked.push({ conversation, rank });
    }
    ranked.sort((a, b) => a.rank - b.rank || b.conversation.createdAt - a.conversation.createdAt || byIdAsc(a.conversation, b.conversation));
    return ranked.slice(0, limit).map(({ conversation }) => ({ conversation, isMember: conversation.members.has(caller.userId) }));
  }

  /** Live files whose name matches, newest first (stored files and attachments alike). */
  private files(caller: Caller, terms: readonly string[], limit: number): FileEntry[] {
    const found = this.fileEntries.named(caller.workspace.id, caller.userId, (fileName) => matchesText(terms, fileName));
    return found.sort((a, b) => b.createdAt - a.createdAt || byIdAsc(a, b)).slice(0, limit);
  }

  /** The caller's conversations' indexes, merged: by level, then newest (createdAt, sequence), then id. */
  private messages(caller: Caller, terms: readonly string[], limit: number): MessageHitView[] {
    const hits = [];
    for (const conversation of this.conversations.ofMember(caller.userId, caller.workspace.id)) {
      hits.push(...this.index.search(conversation, terms, limit));
    }
    hits.sort(
      (a, b) =>
        a.level - b.level ||
        b.message.createdAt - a.message.createdAt ||
        b.message.sequence - a.message.sequence ||
        byIdAsc(a.message, b.message),
    );
    return hits.slice(0, limit).map(({ message, conversation }) => ({
      message,
      conversation,
      sender: this.users.find(message.senderId)!,
      conversationLabel: this.labelOf(conversation, caller.userId),
      snippet: snippetOf(message.content ?? '', terms),
    }));
  }

  /**
   * Members whose display name or username matches first, then those matched by email too, then
   * those matched by job title in this workspace (`design` finds the designers); in directory order (display name, then username) within each. A guest finds only the people
   * they share a conversation with, and themselves.
   */
  private people(caller: Caller, terms: readonly string[], limit: number): PersonHit[] {
    const allowed = caller.member.role === 'GUEST' ? this.companionsOf(caller) : null;
    const ranked: { user: UserRecord; member: WorkspaceMemberRecord; rank: number }[] = [];
    for (const member of caller.workspace.members.values()) {
      if (allowed !== null && !allowed.has(member.userId)) continue;
      const user = this.users.find(member.userId)!;
      const names = `${user.displayName}\n${user.username}`;
      const rank = matchesText(terms, names) ? 0 : matchesText(terms, `${names}\n${user.email}`) ? 1 : matchesText(terms, `${names}\n${member.jobTitle ?? ''}`) ? 2 : -1;
      if (rank >= 0) ranked.push({ user, member, rank });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        humanOrder.compare(a.user.displayName, b.user.displayName) ||
        humanOrder.compare(a.user.username, b.user.username) ||
        byIdAsc(a.user, b.user),
    );
    return ranked.slice(0, limit).map(({ user, member }) => ({ user, member, isOnline: this.presence.isPresent(user.id) }));
  }

  private companionsOf(caller: Caller): Set<string> {
    const people = new Set([caller.userId]);
    for (const conversation of this.conversations.ofMember(caller.userId, caller.workspace.id)) {
      for (const userId of conversation.members.keys()) people.add(userId);
    }
    return people;
  }

  private labelOf(conversation: ConversationRecord, userId: string): string {
    if (conversation.type === 'CHANNEL') return conversation.title ?? '';
    const otherId = [...conversation.members.keys()].find((id) => id !== userId) ?? userId;
    return this.users.find(otherId)?.displayName ?? '';
  }
}

/** Words of context each side of the first match in a message snippet. */
export const SNIPPET_CONTEXT_WORDS = 10;

/**
 * The words around the first match in `content`: up to {@link SNIPPET_CONTEXT_WORDS} words
 * (white-space separated, as written) each side, joined by single spaces, with "…" where the text
 * was cut. A message that does not match (it cannot happen for a hit) shows its beginning.
 */
export function snippetOf(content: string, terms: readonly string[]): string {
  const words = content.split(/\s+/u).filter((word) => word !== '');
  let first = words.findIndex((word) => {
    const folded = searchWords(word);
    return terms.some((term) => hasWordStartingWith(folded, term));
  });
  if (first < 0) first = 0;
  const start = Math.max(0, first - SNIPPET_CONTEXT_WORDS);
  const end = Math.min(words.length, first + SNIPPET_CONTEXT_WORDS + 1);
  return `${start > 0 ? '… ' : ''}${words.slice(start, end).join(' ')}${end < words.length ? ' …' : ''}`;
}
