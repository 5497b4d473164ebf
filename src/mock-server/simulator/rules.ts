/** The simulator's bounds and defaults (docs/simulator.md; docs/mock.md, "Limits"): no valibot here, so the CLI loads them at start-up. */

/** The most actions a minute a scenario may ask for (1,000 a second). */
export const MAX_RATE_PER_MINUTE = 60_000;
/** The most demo users one scenario drives. */
export const MAX_ACTORS = 50;
/** The most messages one burst sends. */
export const MAX_BURST_MESSAGES = 10_000;
/** The most steps of a script. */
export const MAX_SCRIPT_STEPS = 100;
/** The longest a time in a scenario may be: a year, in milliseconds. */
export const MAX_SCENARIO_MS = 366 * 24 * 60 * 60 * 1000;

/** The kinds of random action, in the order the mix is read. */
export const ACTION_KINDS = ['send', 'reply', 'react', 'edit', 'delete', 'typing', 'presence', 'read'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** The mix when a scenario gives none. */
export const DEFAULT_MIX: Readonly<Record<ActionKind, number>> = { send: 6, reply: 2, react: 2, edit: 1, delete: 0.5, typing: 2, presence: 0.5, read: 1 };
