import { DevControls } from '../dev-controls.js';
import type { Engine } from '../engine/engine.js';
import { MockData } from '../facade/mock-data.js';
import { graphqlOverHttp } from '../routes/graphql-over-http.js';
import { graphqlRoute } from '../routes/graphql.js';
import type { FetchRoute } from '../routes/route-host.js';
import { createRouter } from '../routes/router.js';
import { Chaos } from '../runtime/chaos/chaos.js';
import type { ChaosSettings } from '../runtime/chaos/chaos-settings.js';
import { Runtime } from '../runtime/runtime.js';
import type { Clock } from '../state/clock.js';
import type { MockStateOptions } from '../state/mock-state.js';
import { StateBaseline } from '../state/snapshot/baseline.js';
import { Sandbox } from './sandbox.js';

/** How long a sandbox may go unused before it is reclaimed (`--sandbox-idle-timeout`). */
export const DEFAULT_SANDBOX_IDLE_TIMEOUT_MS = 10 * 60_000;
/** How many sandboxes may exist at once (`--max-sandboxes`): docs/mock.md, "Sandboxes", gives the memory each takes. */
export const DEFAULT_MAX_SANDBOXES = 100;

export interface SandboxRegistryOptions {
  /** The server's engine: every sandbox executes through it (one schema, one document cache). */
  readonly engine: Engine;
  /** What a sandbox made without a snapshot starts from: the server's starting state (the root's reset baseline). */
  readonly baseline: StateBaseline;
  /** The options of every state a sandbox restores (clock, token lifetimes, quotas, password hashing). */
  readonly stateOptions: MockStateOptions;
  /** The chaos each sandbox starts with, and goes back to on its reset. @default none */
  readonly startingChaos?: ChaosSettings;
  /** The mock's clock: idle time is read on it. */
  readonly clock: Clock;
  /** A sandbox unused this long is dropped. @default {@link DEFAULT_SANDBOX_IDLE_TIMEOUT_MS} */
  readonly idleTimeoutMs?: number;
  /** The most sandboxes that exist at once. @default {@link DEFAULT_MAX_SANDBOXES} */
  readonly maxSandboxes?: number;
  /** The door's `/graphql` over a sandbox's runtime, its URLs under `base`. @default the transport-free core, unpaced */
  readonly graphqlRoute?: (runtime: Runtime, base: string) => FetchRoute;
  /** Why this server makes no sandboxes (random mode), as one sentence; undefined when it does. */
  readonly unavailable?: string;
}

/** Refused: as many sandboxes exist as the server keeps. */
export class SandboxLimitReached extends Error {
  constructor(readonly max: number) {
    super(`${max} sandboxes exist, the most this server keeps: DELETE /sandboxes/<id> the ones you are done with (idle ones go after the idle timeout), or start the mock with a higher --max-sandboxes (maxSandboxes)`);
  }
}

/** Refused: this server makes no sandboxes (random mode). */
export class SandboxesUnavailable extends Error {}

/** A new sandbox id: 128 random bits, so one sandbox's id tells nothing of another's. */
function newSandboxId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sb_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The sandboxes of one server: each a {@link Sandbox} made from the server's starting state or a
 * snapshot, over the server's one engine. Bounded: at most `maxSandboxes` exist, and one unused for
 * `idleTimeoutMs` on the mock's clock is dropped at the next look (the Node door also looks on a
 * timer). Below the doors: no transport, no Node.
 */
export class SandboxRegistry {
  readonly idleTimeoutMs: number;
  readonly maxSandboxes: number;
  private readonly sandboxes = new Map<string, Sandbox>();
  private readonly dropListeners = new Set<(sandbox: Sandbox) => void>();

  constructor(private readonly options: SandboxRegistryOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_SANDBOX_IDLE_TIMEOUT_MS;
    this.maxSandboxes = options.maxSandboxes ?? DEFAULT_MAX_SANDBOXES;
  }

  /** How many exist now (the idle ones reclaimed first). */
  get size(): number {
    this.reclaimIdle();
    return this.sandboxes.size;
  }

  /** The sandboxes there are now (the idle ones reclaimed first), oldest first. */
  list(): Sandbox[] {
    this.reclaimIdle();
    return [...this.sandboxes.values()];
  }

  /**
   * A new sandbox, from the server's starting state or from `snapshot` (a document as
   * `GET /dev/snapshot` gives, checked: a bad one throws a `SnapshotError` naming what is wrong).
   * Throws {@link SandboxLimitReached} at the cap, {@link SandboxesUnavailable} in random mode.
   */
  async create(snapshot?: unknown): Promise<Sandbox> {
    this.admit();
    let baseline = this.options.baseline;
    if (snapshot !== undefined) {
      // The checks (and valibot) load with the first snapshot, as for PUT /dev/snapshot.
      const { validateSnapshot } = await import('../state/snapshot/validate.js');
      baseline = StateBaseline.ofDocument(validateSnapshot(snapshot), this.options.stateOptions);
      this.admit();
    }
    const id = newSandboxId();
    const base = `/sandboxes/${id}`;
    const runtime = new Runtime({ engine: this.options.engine, state: baseline.fresh(), chaos: new Chaos(this.options.startingChaos) });
    const controls = new DevControls(runtime, this.options.startingChaos, baseline, { clock: this.options.clock });
    const graphql = this.options.graphqlRoute?.(runtime, base) ?? graphqlRoute(graphqlOverHttp(runtime), runtime.limits, base);
    const route = createRouter({ host: runtime, graphql, dev: controls, base });
    const sandbox = new Sandbox(id, { runtime, controls, data: new MockData(runtime), route }, this.options.clock.now());
    // A console watching it (an open /dev/events stream) is use, as an open socket is.
    sandbox.busyWhile(() => controls.events.streams > 0);
    this.sandboxes.set(id, sandbox);
    return sandbox;
  }

  /** The sandbox `id` names, counted as used now; undefined when there is none (never made, dropped, reclaimed). */
  get(id: string): Sandbox | undefined {
    this.reclaimIdle();
    const sandbox = this.sandboxes.get(id);
    sandbox?.markActive(this.options.clock.now());
    return sandbox;
  }

  /** Drops the sandbox `id` names (its doors close its sockets); false when there was none. */
  drop(id: string): boolean {
    const sandbox = this.sandboxes.get(id);
    if (!sandbox) return false;
    this.sandboxes.delete(id);
    sandbox.controls.events.closeAll();
    for (const listener of this.dropListeners) listener(sandbox);
    return true;
  }

  /** Drops every sandbox unused for the idle timeout; returns how many went. */
  reclaimIdle(): number {
    const now = this.options.clock.now();
    let dropped = 0;
    for (const [id, sandbox] of this.sandboxes) if (sandbox.idle(now, this.idleTimeoutMs) && this.drop(id)) dropped++;
    return dropped;
  }

  /** Drops them all (the server closes). */
  dropAll(): void {
    for (const id of [...this.sandboxes.keys()]) this.drop(id);
  }

  /** Calls `listener` with each sandbox dropped (DELETE, idle, close): a door closes what it holds of it. */
  onDropped(listener: (sandbox: Sandbox) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** Throws unless one more sandbox may be made now (idle ones are reclaimed first). */
  private admit(): void {
    if (this.options.unavailable !== undefined) throw new SandboxesUnavailable(this.options.unavailable);
    if (this.sandboxes.size >= this.maxSandboxes) this.reclaimIdle();
    if (this.sandboxes.size >= this.maxSandboxes) throw new SandboxLimitReached(this.maxSandboxes);
  }
}
