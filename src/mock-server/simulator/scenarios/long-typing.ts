import type { Scenario } from '../format.js';

/** Someone types for ten minutes without sending: the typing indicator must stay up, then go. */
export const longTyping: Scenario = {
  name: 'long-typing',
  description: 'someone typing for a long time: one person types for 10 minutes (setTyping every 3 s) without sending, then stops',
  ratePerMinute: 0,
  seed: 1,
  actors: { count: 1 },
  script: [{ action: 'typeFor', at: 0, durationMs: 600_000 }],
};
