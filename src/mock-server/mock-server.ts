import type { Server } from 'node:http';
import { DevControls } from './dev-controls.js';
import { Chaos } from './engine/chaos.js';
import type { Engine } from './engine/engine.js';
import type { MockState } from './state/mock-state.js';
import { createMock, mockOf, startingState, stateOptions, type DoorChoices, type Mock, type MockOptions } from './mock.js';
import { createHttpDoor, devRoutesServed, listen, type HttpDoorOptions } from './http/server.js';
import { HostAllowList } from './http/host-allow-list.js';
import { sweepUploads } from './http/upload-sweeper.js';
import { nodePasswordHasher } from './platform/node-passwords.js';
import type { RandomModeOptions } from './random/random-engine.js';
import type { PersistOptions, StateFileWriter } from './persist/state-file.js';
import type { SocketRules } from './realtime/socket-rules.js';
import { attachWebSocketDoor } from './ws/attach.js';

export interface MockServerOptions extends MockOptions, HttpDoorOptions {
  /** Port to listen on; 0 picks a free one. @default 4000 */
  readonly port?: number;
  /**
   * Random mode: every operation answers schema-valid random data, the same for the same `seed`
   * and request, with no state behind it (docs/mock.md, "Random mode"). `state`, `empty`,
   * `fixtures` and `demo` do not apply; WebSocket connections need no token.
   * @default false (the stateful mock)
   */
  readonly random?: boolean | RandomModeOptions;
  /**
   * Keep the state in this file (`parley mock serve --persist FILE`): loaded at start when it
   * exists (a corrupt or incompatible file is refused: `startMockServer` rejects with
   * `StateFileRefused` and leaves it untouched; a torn last append is cut off), kept up to date by
   * appending what changed, debounced, and at `close()`. Without a file yet, the state is built as usual (`state`, `empty`, demo).
   * Ignored in `random` mode.
   */
  readonly persist?: string | PersistOptions;
  /**
   * Changes some limits of the WebSocket door (`socketRules`: unsent bytes a socket may hold,
   * keep-alive interval, largest pong payload, operations per connection). @default socketRules
   */
  readonly socketRules?: Partial<SocketRules>;
}

export interface RunningMockServer {
  /** The GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  readonly url: string;
  /** The same endpoint for subscriptions (graphql-ws), e.g. `ws://127.0.0.1:4000/graphql`. */
  readonly wsUrl: string;
  /** `http://HOST:PORT`, the base URL the conformance suite takes. */
  readonly origin: string;
  readonly port: number;
  /** The state being served now: `/dev/reset` and `PUT /dev/snapshot` replace it, so read it again after one. */
  readonly state: MockState;
  readonly engine: Engine;
  readonly server: Server;
  /** Stops accepting connections, ends open ones and resolves when the port is free. */
  close(): Promise<void>;
}

/** What `persist` names, as options. */
const persistOptions = (persist: string | PersistOptions): PersistOptions => (typeof persist === 'string' ? { file: persist } : persist);

/**
 * The mock over the state in the `--persist` file, or the usual one when there is none yet; and
 * the writer that keeps the file up to date (it writes at once when the file did not exist).
 */
async function persistedMock(options: MockServerOptions, persist: PersistOptions, door: DoorChoices): Promise<{ mock: Mock; writer: StateFileWriter }> {
  const { loadStateFile, StateFileWriter } = await import('./persist/state-file.js');
  const { StateFileLock } = await import('./persist/state-lock.js');
  // One writer per file: a second mock on it is refused before it reads anything.
  const lock = StateFileLock.acquire(persist.file);
  try {
    const loaded = await loadStateFile(persist.file, stateOptions(options, door.passwords));
    const mock = mockOf(loaded?.state ?? (await startingState(options, door.passwords)), options, door);
    const writer = new StateFileWriter(mock.engine, persist, loaded?.log, lock);
    // Opens the file's log for appending, or writes a base when there is none yet.
    await writer.writeNow();
    return { mock, writer };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Random mode (faker and @graphql-tools/mock load only when it is asked for), with the same dev controls. */
async function randomMock(options: MockServerOptions, random: true | RandomModeOptions, door: DoorChoices): Promise<Mock> {
  const { createRandomEngine } = await import('./random/random-engine.js');
  const { logBug, execution, limits, seed, clock } = options;
  const engine = createRandomEngine({ ...(random === true ? {} : random), logBug, execution, limits, seed, clock, chaos: new Chaos(options.chaos) });
  return { engine, controls: door.devControls ? new DevControls(engine, options.chaos) : null };
}

/** Builds the state (demo data unless `empty`), starts the HTTP and WebSocket doors and resolves once they listen. */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  // The Node door hashes with Node's native scrypt; a browser door keeps the pure-JS default.
  const door: DoorChoices = { passwords: nodePasswordHasher, devControls: devRoutesServed(options) };
  const host = options.host ?? '127.0.0.1';
  // First: a name that could never match is refused before the --persist file is locked.
  const hosts = new HostAllowList(host, options.allowedHosts);
  const persisted = options.persist && !options.random ? await persistedMock(options, persistOptions(options.persist), door) : undefined;
  const mock = persisted?.mock ?? (options.random ? await randomMock(options, options.random, door) : await createMock(options, door));
  const { engine } = mock;
  const server = createHttpDoor(engine, mock.controls, hosts, options);
  const realtime = attachWebSocketDoor(server, engine, hosts, { anyone: Boolean(options.random), rules: options.socketRules });
  const address = await listen(server, options.port ?? 4000, host).catch(async (error: unknown) => {
    // Not serving (the port is taken): the file is left to the next mock, lock released.
    await realtime.close();
    await persisted?.writer.close();
    throw error;
  });
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${shownHost}:${address.port}`;
  // Uploads that expired unused leave memory (and the --persist file) even when nobody calls.
  const stopSweeping = options.random ? () => {} : sweepUploads(engine);
  return {
    url: `${origin}/graphql`,
    wsUrl: `ws://${shownHost}:${address.port}/graphql`,
    origin,
    port: address.port,
    get state() {
      return engine.state;
    },
    engine,
    server,
    close: async () => {
      stopSweeping();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await realtime.close();
      await closed;
      await persisted?.writer.close();
    },
  };
}
