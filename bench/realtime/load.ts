/**
 * The realtime load generator, a process of its own (`node --import tsx bench/realtime/load.ts
 * CONFIG_JSON`): provisions the audience, opens the subscribers, runs the warm-up, latency and
 * throughput phases against one server, closes every socket and prints one JSON line, a
 * {@link LoadReport}, on stdout. Progress goes to stderr; a failure exits 1 with its reason there.
 */
import { Deliveries } from './deliveries.js';
import type { RealtimeOptions } from './measure.js';
import { GraphQLPoster } from './http.js';
import { measureLatency, measureThroughput, warmUp, type Latency, type Rig, type Throughput, type WarmUp } from './phases.js';
import { sendBody } from './protocol.js';
import { ANCHOR_AUDIENCE, provisionParley, type Audience } from './provision.js';
import { SubscriberPool } from './subscribers.js';

/** What one load run needs: the shared sizes of {@link RealtimeOptions}, and the server to load. */
export interface LoadConfig extends Pick<RealtimeOptions, 'subscribers' | 'users' | 'warmUpMessages' | 'latencyMessages' | 'seconds' | 'inFlight'> {
  /** `http://HOST:PORT`; GraphQL at /graphql over HTTP and WebSocket. */
  readonly origin: string;
  /** Parley needs accounts and a conversation; the anchors take anything. */
  readonly parley: boolean;
  readonly serverPid?: number;
}

export interface LoadReport {
  readonly subscribers: number;
  readonly users: number;
  readonly connectMs: number;
  readonly warmUp: WarmUp;
  readonly latency: Latency;
  readonly throughput: Throughput;
  /** Bytes of one event's `payload` as the client parsed it, re-serialised: the servers' events should match. */
  readonly payloadBytes: number;
  readonly problemCount: number;
  readonly problems: readonly string[];
}

const progress = (line: string) => process.stderr.write(`  .. ${line}\n`);

async function run(config: LoadConfig): Promise<LoadReport> {
  const poster = new GraphQLPoster(`${config.origin}/graphql`, config.inFlight);
  let pool: SubscriberPool | undefined;
  try {
    const audience: Audience = config.parley ? await provisionParley(poster, config.users) : ANCHOR_AUDIENCE;
    const connectStarted = performance.now();
    pool = await SubscriberPool.open({
      url: `${config.origin.replace(/^http/, 'ws')}/graphql`,
      count: config.subscribers,
      conversationId: audience.conversationId,
      authorizations: audience.listeners,
      batch: 100,
      connectTimeoutMs: 30_000,
    });
    const connectMs = performance.now() - connectStarted;
    const deliveries = new Deliveries(config.subscribers);
    let payloadBytes = 0;
    pool.onEvent = (event, at) => {
      if (payloadBytes === 0) payloadBytes = Buffer.byteLength(JSON.stringify({ data: { messageCreated: event } }));
      deliveries.receive(event, at);
    };
    const rig: Rig = {
      pool,
      deliveries,
      serverPid: config.serverPid,
      send: async (clientMessageId) => {
        await poster.post(sendBody(audience.conversationId, clientMessageId), audience.sender);
      },
    };
    progress(`${config.subscribers} sockets open in ${Math.round(connectMs)} ms; warming up ...`);
    const warm = await warmUp(rig, config.warmUpMessages, 20_000);
    progress(`latency: ${config.latencyMessages} messages, one at a time ...`);
    const latency = await measureLatency(rig, config.latencyMessages);
    progress(`throughput: ${config.seconds} s, ${config.inFlight} in flight ...`);
    const throughput = await measureThroughput(rig, config.seconds, config.inFlight, 15_000);
    return {
      subscribers: config.subscribers,
      users: config.parley ? config.users : 0,
      connectMs,
      warmUp: warm,
      latency,
      throughput,
      payloadBytes,
      problemCount: pool.problemCount,
      problems: pool.problems,
    };
  } finally {
    await pool?.close();
    poster.close();
  }
}

const argument = process.argv[2];
if (!argument) {
  process.stderr.write('usage: node --import tsx bench/realtime/load.ts CONFIG_JSON (see LoadConfig; bench/realtime/measure.ts passes it)\n');
  process.exit(2);
}
const config = JSON.parse(argument) as LoadConfig;
try {
  const report = await run(config);
  process.stdout.write(`${JSON.stringify(report)}\n`);
} catch (error) {
  process.stderr.write(`realtime load generator against ${config.origin}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
