import { defaultRealtimeOptions, type RealtimeOptions } from './measure.js';

/**
 * The realtime options, with the environment's overrides: BENCH_REALTIME_ROUNDS (default 1: one
 * round of 200 latency samples and 5 s of throughput per server keeps the section near a minute),
 * BENCH_REALTIME_SECONDS, BENCH_REALTIME_MESSAGES (latency samples), and
 * BENCH_REALTIME_CPU_PROF=DIR for a V8 CPU profile of the Parley server process.
 */
export function realtimeOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RealtimeOptions {
  const number = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  return {
    ...defaultRealtimeOptions,
    rounds: number('BENCH_REALTIME_ROUNDS', defaultRealtimeOptions.rounds),
    seconds: number('BENCH_REALTIME_SECONDS', defaultRealtimeOptions.seconds),
    latencyMessages: number('BENCH_REALTIME_MESSAGES', defaultRealtimeOptions.latencyMessages),
    ...(env['BENCH_REALTIME_CPU_PROF'] ? { parleyCpuProfileDir: env['BENCH_REALTIME_CPU_PROF'] } : {}),
  };
}

/** The section's heading, the same in `npm run bench` and `npm run bench:realtime`. */
export function realtimeHeading(options: RealtimeOptions): string[] {
  const per = options.subscribers / options.users;
  return [
    `realtime: ${options.subscribers.toLocaleString('en-US')} graphql-ws subscribers to one conversation's messageCreated (Parley: ${options.users} accounts, ${per} sockets each),`,
    `${options.rounds} round${options.rounds === 1 ? '' : 's'} per server; each server and the load generator in processes of their own; medians over rounds, ratios medians of per-round ratios`,
  ];
}
