import { CheckFailure, CheckSkipped, type RealtimeContext } from '../check.js';
import type { Actor, World } from '../world.js';
import { RealtimeConnection } from './connection.js';
import type { FrameLog } from './frames.js';
import { probeRealtime, type RealtimeProbe } from './probe.js';

/** What the realtime side of a check needs from its run. */
export interface RealtimeScope {
  readonly wsUrl: string;
  readonly world: World;
  readonly timeoutMs: number;
  readonly realtime: RealtimeFinding;
}

/** How realtime checks wait (see {@link RealtimeContext}). */
export const realtimeWaits = { eventWaitMs: 2_000, quietMs: 400 } as const;

/** The realtime connection `events.websocket` finds: settled once, when that check has probed (or failed). */
export interface RealtimeFinding {
  readonly found: Promise<RealtimeProbe>;
  settle(probe: RealtimeProbe): void;
  readonly settled: () => RealtimeProbe | undefined;
}

/** A finding not yet settled: the realtime checks wait on `found` until `events.websocket` settles it. */
export function realtimeFinding(): RealtimeFinding {
  let value: RealtimeProbe | undefined;
  let resolve!: (probe: RealtimeProbe) => void;
  const found = new Promise<RealtimeProbe>((r) => (resolve = r));
  return {
    found,
    settle(probe) {
      if (value !== undefined) return;
      value = probe;
      resolve(probe);
    },
    settled: () => value,
  };
}

/** The realtime side of one check: its sockets, closed when the check ends, and their frames. */
export function realtimeFor(scope: RealtimeScope, log: FrameLog, sockets: RealtimeConnection[]): RealtimeContext {
  return {
    ...realtimeWaits,
    async connect(actor: Actor) {
      const probe = await scope.realtime.found;
      if (!probe.available) throw new CheckSkipped(`needs a graphql-ws connection, and events.websocket found none: ${probe.reason}`, 'blocked');
      const token = actor.authorization.replace(/^Bearer\s+/i, '');
      const connection = new RealtimeConnection({ url: scope.wsUrl, actor: actor.name, token, form: probe.form, log, timeoutMs: scope.timeoutMs });
      sockets.push(connection);
      try {
        await connection.acknowledged;
      } catch (error) {
        // The probe's token form worked for A; a refusal now is the server's doing.
        throw new CheckFailure(`${actor.name}'s WebSocket connection was refused: ${error instanceof Error ? error.message : String(error)}`, `the server acknowledges ${actor.name}'s connection as it did the probe's`);
      }
      return connection;
    },
    async tryConnect(who, credential) {
      const probe = await scope.realtime.found;
      if (!probe.available) throw new CheckSkipped(`needs a graphql-ws connection, and events.websocket found none: ${probe.reason}`, 'blocked');
      const token = credential.authorization.replace(/^Bearer\s+/i, '');
      const connection = new RealtimeConnection({ url: scope.wsUrl, actor: who, token, ...(credential.variable ? { variable: credential.variable } : {}), form: probe.form, log, timeoutMs: scope.timeoutMs });
      sockets.push(connection);
      try {
        await connection.acknowledged;
        return connection;
      } catch {
        return null;
      }
    },
    async probe(verify) {
      const token = scope.world.a.authorization.replace(/^Bearer\s+/i, '');
      const probe = await probeRealtime({ url: scope.wsUrl, actor: 'A', token, log, timeoutMs: Math.min(scope.timeoutMs, 5_000), verify });
      scope.realtime.settle(probe);
      return probe;
    },
  };
}
