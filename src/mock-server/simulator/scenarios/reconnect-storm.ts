import type { Scenario } from '../format.js';

/** Messages keep coming while every socket of the channel's members is closed every 15 s. */
export const reconnectStorm: Scenario = {
  name: 'reconnect-storm',
  description: "a reconnect storm: 120 actions a minute while every WebSocket of the channel's members is closed (1012) after 5 s and every 15 s after; clients catch up with messagesSince",
  ratePerMinute: 120,
  seed: 1,
  actors: { count: 6 },
  mix: { send: 6, reply: 2, react: 1 },
  script: [{ action: 'reconnectStorm', at: 5_000, every: 15_000 }],
};
