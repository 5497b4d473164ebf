import type { ExecutionMode } from '../../src/mock-server/engine/engine.js';
import { createDemoState } from '../../src/mock-server/demo/create-demo-state.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { nodePasswordHasher } from '../../src/mock-server/platform/node-passwords.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import type { MockState } from '../../src/mock-server/state/mock-state.js';
import type { IdPools } from './input-values.js';
import type { Caller } from './operations.js';

/** When the equal states live: a fixed instant, so every record created gets the same time. */
const NOW = Date.UTC(2026, 5, 1, 12);
const SEED = 5;

/**
 * One mock server per execution mode over states built equal: the same demo data, a manual clock
 * that never moves, and counters for new ids and token secrets. The same requests in the same
 * order then give the same responses and leave the same states, unless an execution path differs.
 */
export interface EqualServers {
  readonly servers: readonly (readonly [ExecutionMode, RunningMockServer])[];
  /** Real ids of the (shared) demo data, for the generator. */
  readonly pools: IdPools;
  /** Bugs the servers hid from clients (internal errors), with the mode that hit them. */
  readonly bugs: string[];
  /** A fresh access token of `caller`, the same on every server; undefined for nobody. */
  tokenOf(caller: Caller): string | undefined;
  close(): Promise<void>;
}

function counter(format: (n: number) => string): () => string {
  let n = 0;
  return () => format(++n);
}

async function equalState(): Promise<MockState> {
  const ids = counter((n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
  let secret = 0;
  return createDemoState({
    seed: SEED,
    extraMembers: 3,
    generalMessages: 40,
    clock: new ManualClock(NOW),
    ids,
    secrets: (bytes) => `s${(++secret).toString(36)}`.padEnd(Math.ceil((bytes * 4) / 3), '0'),
    passwords: nodePasswordHasher,
  });
}

function idPools(state: MockState): IdPools {
  const { tables } = state;
  const some = <T>(values: Iterable<T>, count: number) => [...values].slice(0, count);
  const users = ['alice', 'bob', 'carol', 'dave'].map((name) => tables.usersByUsername.get(name)!);
  const messages = [...tables.messages.values()];
  const deleted = messages.filter((message) => message.deletedAt !== null).slice(0, 1);
  return {
    workspaces: [...tables.workspaces.keys()],
    conversations: [...tables.conversations.keys()],
    messages: [...some(messages, 3), ...messages.slice(-3), ...deleted].map((message) => message.id),
    users,
    others: [
      ...messages.flatMap((message) => message.attachments.map((attachment) => attachment.id)).slice(0, 3),
      ...some(tables.notifications.keys(), 2),
      ...some(tables.inviteLinks.keys(), 1),
      ...some(tables.storedFiles.keys(), 2),
      ...some(tables.fileFolders.keys(), 1),
    ],
  };
}

export async function startEqualServers(modes: readonly ExecutionMode[]): Promise<EqualServers> {
  const bugs: string[] = [];
  const servers: (readonly [ExecutionMode, RunningMockServer])[] = [];
  for (const mode of modes) {
    const state = await equalState();
    const server = await startMockServer({ port: 0, state, execution: mode, logBug: (error) => bugs.push(`${mode}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`) });
    servers.push([mode, server]);
  }
  const first = servers[0]![1].state;
  return {
    servers,
    pools: idPools(first),
    bugs,
    tokenOf(caller) {
      if (caller === 'nobody') return undefined;
      const tokens = servers.map(([, server]) => server.state.sessions.open(server.state.tables.usersByUsername.get(caller)!, false).accessToken);
      if (new Set(tokens).size !== 1) throw new Error(`the servers issued different tokens (${tokens.join(', ')}): their states are no longer equal`);
      return tokens[0];
    },
    close: async () => {
      await Promise.all(servers.map(([, server]) => server.close()));
    },
  };
}
