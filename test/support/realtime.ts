import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import type { DomainEventKind } from '../../src/mock-server/state/events.js';
import { acknowledged, connectSocket, Results, until, type SocketClient } from './socket.js';
import type { Actor } from './world.js';

/**
 * The sockets of one test file against one mock: opened as an actor (acknowledged) or raw, and
 * all closed by `closeAll` in `afterEach`.
 */
export class Sockets {
  private readonly opened: SocketClient[] = [];

  constructor(private readonly mock: () => RunningMockServer) {}

  /** A socket as `actor`, once the server acknowledged it. */
  async as(actor: Actor): Promise<SocketClient> {
    const socket = this.raw({ Authorization: `Bearer ${actor.token}` });
    await acknowledged(socket);
    return socket;
  }

  /** A socket with this `connection_init` payload and upgrade headers, not waited for. */
  raw(params: Record<string, unknown> | undefined, headers: Record<string, string> = {}): SocketClient {
    const socket = connectSocket(this.mock().wsUrl, params, headers);
    this.opened.push(socket);
    return socket;
  }

  /**
   * Subscribes and waits until the server holds the subscription: graphql-ws does not acknowledge
   * a subscribe, and a mutation sent over HTTP could otherwise overtake it.
   */
  async listen<T>(socket: SocketClient, kind: DomainEventKind, query: string, scope: string, variables: Record<string, unknown> = { c: scope }): Promise<Results<T>> {
    const { events } = this.mock().state;
    const before = events.listenerCount(kind, scope);
    const results = new Results<T>(socket, query, variables);
    await until(() => events.listenerCount(kind, scope) > before, `a ${kind} listener`);
    return results;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((socket) => socket.dispose()));
  }
}
