import type { Scenario } from '../format.js';

/** 1,000 messages at once, as fast as the engine takes them: for virtual lists. */
export const burst: Scenario = {
  name: 'burst',
  description: 'a burst of 1,000 messages as fast as the engine takes them (for virtual lists), then quiet',
  ratePerMinute: 0,
  seed: 1,
  actors: { count: 8 },
  script: [{ action: 'burst', at: 0, messages: 1000 }],
};
