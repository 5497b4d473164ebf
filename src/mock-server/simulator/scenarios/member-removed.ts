import type { Scenario } from '../format.js';

/** The channel goes on while carol (the demo's member) is removed from the workspace as she watches. */
export const memberRemoved: Scenario = {
  name: 'member-removed',
  description: "a member removed while they watch: chatter at 12 actions a minute, and after 10 s the owner removes carol from the workspace (her subscriptions end with membershipEnded)",
  ratePerMinute: 12,
  seed: 1,
  actors: { count: 4 },
  mix: { send: 4, reply: 1, react: 1, typing: 1 },
  script: [{ action: 'removeMember', at: 10_000, user: 'carol' }],
};
