import * as v from 'valibot';
import { MAX_ACTORS, MAX_BURST_MESSAGES, MAX_RATE_PER_MINUTE, MAX_SCENARIO_MS, MAX_SCRIPT_STEPS } from './rules.js';

/**
 * The scenario format (docs/simulator.md, "A scenario file"): what a user writes to describe the
 * activity the simulator plays. This valibot schema is the one source of truth: the loader
 * validates with it and the TypeScript types come from it. Times are milliseconds from the start.
 */

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

const whole = (min: number, max: number) =>
  v.pipe(v.number('expected a number'), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));
const ms = (min: number) => whole(min, MAX_SCENARIO_MS);
const weight = v.optional(v.pipe(v.number('expected a number'), v.minValue(0, 'must be 0 or more'), v.maxValue(1000, 'must be at most 1000')));
const userRef = v.pipe(v.string('expected a text (a username or a user id)'), v.minLength(1, 'must not be empty'), v.maxLength(64, 'must have at most 64 characters'));

/** When a step runs: `at` ms from the start, then again every `every` ms if given. */
const timing = { at: v.optional(ms(0), 0), every: v.optional(ms(100)) };

/** One timed step of a script. */
export const scriptStep = v.variant(
  'action',
  [
    /** `count` messages from the actors in turn, as fast as the engine takes them. */
    v.strictObject({ action: v.literal('burst'), ...timing, messages: whole(1, MAX_BURST_MESSAGES) }),
    /** One actor (`user`, or the first actor) types for `durationMs`, refreshing before typing expires, then stops. */
    v.strictObject({ action: v.literal('typeFor'), ...timing, durationMs: ms(1), user: v.optional(userRef) }),
    /** The workspace's owner removes `user` from the workspace: their subscriptions end with `membershipEnded`. */
    v.strictObject({ action: v.literal('removeMember'), ...timing, user: userRef }),
    /** Every WebSocket of the conversation's members closes (1012): clients reconnect and catch up with `messagesSince`. */
    v.strictObject({ action: v.literal('reconnectStorm'), ...timing }),
  ],
  'expected an object with "action": "burst", "typeFor", "removeMember" or "reconnectStorm"',
);

/** How often each kind of random action is picked (relative weights; 0 never). */
export const actionMix = v.strictObject({
  send: weight,
  reply: weight,
  react: weight,
  edit: weight,
  delete: weight,
  typing: weight,
  presence: weight,
  read: weight,
});

export const scenarioSchema = v.strictObject({
  /** Lower-case letters, digits and dashes (`my-team`). */
  name: v.pipe(v.string('expected a text'), v.regex(NAME, 'must be 1 to 64 lower-case letters, digits and dashes, starting with a letter or digit')),
  description: v.optional(v.pipe(v.string('expected a text'), v.maxLength(500, 'must have at most 500 characters')), ''),
  /** Random actions a minute, spread evenly; 0 plays the script only. */
  ratePerMinute: v.pipe(v.number('expected a number'), v.minValue(0, 'must be 0 or more'), v.maxValue(MAX_RATE_PER_MINUTE, `must be at most ${MAX_RATE_PER_MINUTE}`)),
  /** Seed of the random choices: the same seed, scenario and starting state give the same activity. */
  seed: v.optional(whole(0, 2 ** 31 - 1), 1),
  /** A conversation id, or a channel's title; default: the default channel of the first workspace. */
  conversation: v.optional(v.pipe(v.string('expected a text'), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must have at most 200 characters'))),
  /** Who acts: these members (usernames or ids), or `count` members of the conversation picked with the seed. */
  actors: v.optional(
    v.strictObject({
      count: v.optional(whole(1, MAX_ACTORS)),
      users: v.optional(v.pipe(v.array(userRef, 'expected a list'), v.minLength(1, 'must not be empty'), v.maxLength(MAX_ACTORS, `must have at most ${MAX_ACTORS} items`))),
    }),
    {},
  ),
  /** Weights of the random actions; kinds left out are never picked. Default: `DEFAULT_MIX` (rules.ts). */
  mix: v.optional(actionMix),
  /** Stop on its own after this long; default: runs until stopped. */
  durationMs: v.optional(ms(1)),
  script: v.optional(v.pipe(v.array(scriptStep, 'expected a list'), v.maxLength(MAX_SCRIPT_STEPS, `must have at most ${MAX_SCRIPT_STEPS} steps`)), []),
});

/** A scenario as written (fields left out). */
export type ScenarioInput = v.InferInput<typeof scenarioSchema>;
/** A scenario with its defaults filled in. */
export type Scenario = v.InferOutput<typeof scenarioSchema>;
export type ScriptStep = v.InferOutput<typeof scriptStep>;

