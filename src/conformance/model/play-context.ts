import type { Credential } from '../target.js';
import type { Exchange, HistoryStep } from '../types.js';
import type { World } from '../world.js';
import type { ConversationName, Member } from './commands.js';
import type { Verdict } from './node-fields.js';
import type { ModelMessage } from './state.js';

/** What playing a history needs and gives: the check's I/O, the result, and the answers' data. */

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

export function dataOf<T>(exchange: Exchange, field: string): T | null {
  const body = bodyOf(exchange);
  return body?.errors?.length ? null : ((body?.data?.[field] as T | undefined) ?? null);
}

export function refusedWith(exchange: Exchange): string {
  return `refused: HTTP ${exchange.response.status}, ${exchange.response.errorCodes[0] ?? 'no code'}`;
}

/** The conversations a history plays in: X holds A and B, Y holds A alone, Z (for events) holds A and B. */
export const CONVERSATIONS: readonly { name: ConversationName; members: readonly Member[] }[] = [
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
  /** The message as it was before the write (absent for a send). */
  readonly before?: ModelMessage;
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
