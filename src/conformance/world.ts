import type { Credential } from './target.js';

/**
 * Where an actor's account came from. `registered`: this run registered it on the server under
 * test, a throwaway whose email and password reports print so the user can log in as it.
 * `credentials`: entry `index` of `--credentials FILE`, someone's real account: reports never
 * print it, and its password (if the entry had one) is redacted like a token.
 */
export type ActorAccount =
  | { readonly kind: 'registered'; readonly email: string; readonly password: string }
  | { readonly kind: 'credentials'; readonly index: number; readonly password: string | null };

/** An account the suite acts as. A owns the world; B is in the workspace; C is not. */
export interface Actor extends Credential {
  readonly name: 'A' | 'B' | 'C';
  readonly id: string;
  readonly variable: 'TOKEN_A' | 'TOKEN_B' | 'TOKEN_C';
  readonly refreshToken: string | null;
  readonly account: ActorAccount;
}

/** A message as the suite sent it and as the server acknowledged it. */
export interface SentMessage {
  readonly id: string;
  readonly sequence: number;
  readonly clientMessageId: string;
  readonly senderId: string;
  /** The content as last written by the suite (after an edit), or null once deleted. */
  readonly content: string | null;
  readonly replyToMessageId: string | null;
  /** TEXT for what the suite sent; a message the server put there itself (e.g. SYSTEM) keeps its own. */
  readonly type: string;
}

export interface ProvisionedConversation {
  readonly id: string;
  /**
   * Every message the conversation holds, ascending: first any the server put there itself when
   * the conversation was created (SPEC.md allows SYSTEM messages and does not say when), then
   * the suite's, in the order sent.
   */
  readonly messages: readonly SentMessage[];
}

/** What provisioning built on the server under test, through its public API only. */
export interface World {
  /** A unique tag of this run (in slugs, emails, titles and client message ids). */
  readonly runId: string;
  readonly a: Actor;
  readonly b: Actor | null;
  readonly c: Actor | null;
  readonly workspaceId: string;
  /**
   * A's private channel (A only), with more than 100 messages: replies, an edited message and
   * deleted messages, one of which has a reply.
   */
  readonly main: ProvisionedConversation & {
    readonly deletedIds: readonly string[];
    /** A deleted message that a live message replies to. */
    readonly repliedDeletedId: string;
    readonly editedId: string;
    /** A deleted message that carried an attachment, when uploads work. */
    readonly deletedAttachmentMessageId: string | null;
  };
  /** A second conversation of A's with a few messages, for cross-conversation checks. */
  readonly other: ProvisionedConversation;
  /** A PUBLIC channel of A's (A only) with one message: workspace members outside it may not read it either. */
  readonly publicChannelId: string;
  /** A conversation of A's the suite sent nothing to; `messages` lists what the server put there, if anything. */
  readonly empty: ProvisionedConversation;
  /** The direct conversation of A and B (when B exists), with reactions from both. */
  readonly shared: (ProvisionedConversation & { readonly reactedId: string; readonly reactions: readonly { emoji: string; userIds: string[] }[] }) | null;
  /** A message of `main` carrying one attachment, when the server's upload worked. */
  readonly attachment: { readonly messageId: string; readonly fileName: string; readonly contentType: string; readonly size: number } | null;
  /** Why there is no attachment (the upload did not work), in one sentence; absent when there is one. */
  readonly attachmentProblem?: string;
}
