import type { ConversationName } from './commands.js';
import { modelRules } from './model-rules.js';
import type { Verdict } from './node-fields.js';
import type { HeldCursor, Memory } from './resolve.js';

interface Place {
  readonly in: ConversationName;
  readonly sequence: number;
  readonly step: number;
}

/** A page as far as the memory needs it. */
export interface PageSeen {
  readonly nodes: readonly { readonly sequence: number }[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/**
 * What a history's reads handed out, for later reads to use: the cursors of `messages` pages and
 * where a `messagesSince` walk stands. It also holds every endCursor to the one place it names:
 * a cursor met twice for two places is a verdict.
 */
export class ReadMemory implements Memory {
  readonly cursors = new Map<ConversationName, HeldCursor[]>();
  readonly walks = new Map<ConversationName, number>();
  private readonly places = { messages: new Map<string, Place>(), messagesSince: new Map<string, Place>() };
  /** Whether the last page read said more remain (a walk goes on while it does). */
  lastHasNext = false;

  /** Remembers an allowed page read at `step`; a verdict if its cursor named another place before. */
  remember(field: 'messages' | 'messagesSince', name: ConversationName, page: PageSeen, step: number): Verdict | null {
    this.lastHasNext = page.hasNextPage;
    if (page.nodes.length === 0 || page.endCursor === null) return null;
    // 4.1 rule 5: the cursor at the oldest message; 4.2 rule 4: the newest sequence, and the conversation.
    const sequence = field === 'messages' ? page.nodes[0]!.sequence : page.nodes.at(-1)!.sequence;
    const seen = this.places[field].get(page.endCursor);
    if (seen && ((field === 'messagesSince' && seen.in !== name) || (seen.in === name && seen.sequence !== sequence))) {
      const at = field === 'messages' ? 'oldest' : 'newest';
      const rule = modelRules.cursorIdentifies;
      return { rule, reason: `the endCursor ${JSON.stringify(page.endCursor.slice(0, 80))} came with a page of ${name} whose ${at} sequence is ${sequence}, and at step ${seen.step} with one of ${seen.in} whose ${at} sequence is ${seen.sequence}`, expected: rule.text };
    }
    this.places[field].set(page.endCursor, { in: name, sequence, step });
    if (field === 'messages') this.cursors.set(name, [...(this.cursors.get(name) ?? []), { cursor: page.endCursor, atSequence: sequence, step }]);
    else this.walks.set(name, sequence);
    return null;
  }
}
