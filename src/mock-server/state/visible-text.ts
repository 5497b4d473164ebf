import { badInput } from './errors.js';

/**
 * Characters that change how text looks, or make two texts look alike, without being seen
 * themselves: names and e-mails refuse them, so one account, workspace, channel or file cannot
 * pass for another (docs/mock-behaviour.md, "Text at the door").
 */
const HIDDEN: readonly { readonly kind: string; readonly pattern: RegExp }[] = [
  // C0 and C1 controls, tab and newline included: a name is one line.
  { kind: 'control characters', pattern: /[\u0000-\u001f\u007f-\u009f]/ },
  // Zero-width and invisible format characters (soft hyphen, Mongolian vowel separator, zero-width
  // space, word joiner and invisible operators, byte order mark). The zero-width joiner and
  // non-joiner are not here: emoji sequences and several scripts need them in names.
  { kind: 'invisible characters', pattern: /[\u00ad\u180e\u200b\u2060-\u2064\ufeff]/ },
  // Bidi controls: marks, embeddings, overrides and isolates, which reorder what follows them.
  { kind: 'bidirectional control characters', pattern: /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/ },
];

/** The joiners names may hold and e-mail addresses may not. */
const JOINERS = /[\u200c\u200d]/;

/**
 * Throws BAD_USER_INPUT naming `argument` when `value` holds a control, invisible or bidi control
 * character (and, with `joiners: false`, a zero-width joiner or non-joiner).
 */
export function refuseHiddenCharacters(value: string, argument: string, options: { readonly joiners: boolean }): void {
  for (const { kind, pattern } of HIDDEN) {
    if (pattern.test(value)) throw badInput(`${argument} must not contain ${kind}`, argument);
  }
  if (!options.joiners && JOINERS.test(value)) throw badInput(`${argument} must not contain invisible characters`, argument);
}

/**
 * Whether `value` holds none of the characters {@link refuseHiddenCharacters} refuses (joiners
 * refused) and no lone surrogate: for text that arrives outside the variables (a social token's
 * payload), which the door's Unicode check never sees.
 */
export function isVisibleText(value: string): boolean {
  return !/\p{Cs}/u.test(value) && !HIDDEN.some(({ pattern }) => pattern.test(value)) && !JOINERS.test(value);
}

/**
 * `value` with each run of the characters {@link refuseHiddenCharacters} refuses, and of lone
 * surrogates, made one space: for names from elsewhere (a provider's), which are not ours to refuse.
 */
export function withoutHiddenCharacters(value: string): string {
  let text = value.replace(/\p{Cs}+/gu, ' ');
  for (const { pattern } of HIDDEN) text = text.replace(new RegExp(`${pattern.source}+`, 'g'), ' ');
  return text;
}
