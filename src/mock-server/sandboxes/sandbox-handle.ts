import type { MockData } from '../facade/mock-data.js';
import type { MockState } from '../state/mock-state.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxRegistry } from './sandbox-registry.js';
import { sandboxAddress } from './sandboxes-route.js';

/** A sandbox as a test holds it in-process (`startMockServer`'s `sandboxes.create()`). */
export interface SandboxHandle {
  readonly id: string;
  /** `http://HOST:PORT/sandboxes/<id>`: every route of the server is under it (`/graphql`, `/uploads`, `/files`, `/dev`...). */
  readonly origin: string;
  /** Its GraphQL endpoint, `<origin>/graphql`. */
  readonly url: string;
  /** The same endpoint for subscriptions, `ws://HOST:PORT/sandboxes/<id>/graphql` (on Node 20, see `RunningMockServer.wsUrl`). */
  readonly wsUrl: string;
  /** Arrange and read this sandbox's data, as `RunningMockServer.data` does the root's. The same object across its resets. */
  readonly data: MockData;
  /** Back to where it started (as `POST <origin>/dev/reset`): its starting state, chaos and an empty journal. */
  reset(): void;
  /** Drops it (as `DELETE /sandboxes/<id>`): its sockets close with 1001, its URLs answer 404. */
  close(): void;
  /**
   * The state it serves now (its reset replaces it). Internal: not covered by semver (use {@link data}).
   * @internal
   */
  readonly state: MockState;
  /**
   * Whether a socket of it is open now (which keeps it from idle reclaim). Internal.
   * @internal
   */
  readonly held: boolean;
}

/** What `startMockServer` returns as `sandboxes`. */
export interface SandboxesApi {
  /**
   * A new sandbox, from the server's starting data, or from `snapshot` (a document as
   * `GET /dev/snapshot` gives; a bad one rejects with a `SnapshotError`). Rejects at the cap
   * (`maxSandboxes`), and when the server serves no dev routes or runs in random mode.
   */
  create(options?: { readonly snapshot?: unknown }): Promise<SandboxHandle>;
  /** The sandbox `id` names (one made over HTTP too), or undefined when there is none (dropped, reclaimed). */
  get(id: string): SandboxHandle | undefined;
}

/** The sandboxes API over `registry`, for a server at `serverOrigin`; without a registry, every call rejects with `why`. */
export function sandboxesApi(registry: SandboxRegistry | null, serverOrigin: () => string, why: string): SandboxesApi {
  return {
    async create(options = {}) {
      if (!registry) throw new Error(why);
      return handleOf(registry, await registry.create(options.snapshot), serverOrigin());
    },
    get(id) {
      const sandbox = registry?.get(id);
      return sandbox && registry ? handleOf(registry, sandbox, serverOrigin()) : undefined;
    },
  };
}

function handleOf(registry: SandboxRegistry, sandbox: Sandbox, serverOrigin: string): SandboxHandle {
  const { id, origin, url, wsUrl } = sandboxAddress(serverOrigin, sandbox, registry.idleTimeoutMs);
  return {
    id,
    origin,
    url,
    wsUrl,
    data: sandbox.data,
    reset: () => sandbox.controls.reset(),
    close: () => void registry.drop(id),
    get state() {
      return sandbox.runtime.state;
    },
    get held() {
      return sandbox.held;
    },
  };
}
