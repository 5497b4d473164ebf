import type { Edit, Delete, React, Send } from './commands.js';
import { conversationOf, live, ownLive, picked, type ModelMessage, type ModelState } from './state.js';

/**
 * Turns a write's references into the message it acts on, from the model's state. Pure. A write
 * whose target does not exist yet (an edit before any send) resolves to null: the player records
 * the step as having nothing to do, so shrinking may leave such steps in a history harmlessly.
 */

export function editTarget(state: ModelState, write: Edit | Delete): ModelMessage | null {
  return picked(ownLive(conversationOf(state, write.in), write.as), write.target.pick) ?? null;
}

export function reactionTarget(state: ModelState, write: React, userId: string): ModelMessage | null {
  const target = picked(live(conversationOf(state, write.in)), write.target.pick);
  // Reacting twice with one emoji is not a change the spec describes; the model never asks it.
  if (!target || target.reactions.get(write.emoji)?.includes(userId)) return null;
  return target;
}

export function replyTarget(state: ModelState, write: Send): ModelMessage | null {
  return write.replyTo ? (picked(live(conversationOf(state, write.in)).filter((m) => m.known), write.replyTo.pick) ?? null) : null;
}

/**
 * A client message id made unique in the run, keeping its form: a UUID keeps its shape and case
 * (its last twelve digits replaced), anything else gets a suffix. Servers may treat a repeated
 * id as a retry (2.1: "used to match optimistic messages and retries"), so none repeats.
 */
export function uniqueClientId(base: string, unique: string): string {
  const uuid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-)[0-9a-fA-F]{12}$/.exec(base);
  if (uuid) {
    const digits = unique.padStart(12, '0').slice(-12);
    return uuid[1]! + (base === base.toUpperCase() ? digits.toUpperCase() : digits.toLowerCase());
  }
  // Whitespace around an id is part of it: the suffix goes inside.
  const [, body = base, trailing = ''] = /^(.*?)(\s*)$/su.exec(base) ?? [];
  return `${body}-${unique}${trailing}`;
}

/** Short words for a text in a step: quoted, with unusual characters visible, cut when long. */
export function quoted(text: string): string {
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}` : text).replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
  return text.length > 40 ? `${shown}... (${[...text].length} characters)` : shown;
}
