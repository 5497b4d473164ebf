import type { Scenario } from '../format.js';

/** A channel at load rates: 300 actions a minute, about 240 of them messages and replies. */
export const busyChannel: Scenario = {
  name: 'busy-channel',
  description: 'a busy channel: 300 actions a minute by 12 people, about 240 of them messages and replies, the rest reactions, edits and deletes',
  ratePerMinute: 300,
  seed: 1,
  actors: { count: 12 },
  mix: { send: 10, reply: 3, react: 2, edit: 0.5, delete: 0.5 },
  script: [],
};
