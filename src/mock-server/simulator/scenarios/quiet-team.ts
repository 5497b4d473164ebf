import type { Scenario } from '../format.js';

/** A small team chatting at a pace a person can follow: a few actions a minute, people coming and going. */
export const quietTeam: Scenario = {
  name: 'quiet-team',
  description: 'a small team chatting at a pace a person can follow: 6 actions a minute (messages, replies, reactions, typing, people coming and going)',
  ratePerMinute: 6,
  seed: 1,
  actors: { count: 5 },
  mix: { send: 5, reply: 2, react: 2, edit: 0.5, delete: 0.2, typing: 2, presence: 1, read: 1 },
  script: [],
};
