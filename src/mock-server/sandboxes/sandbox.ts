import type { DevControls } from '../dev-controls.js';
import type { MockData } from '../facade/mock-data.js';
import type { FetchRoute } from '../routes/route-host.js';
import type { Runtime } from '../runtime/runtime.js';

/** What a sandbox is made of: a runtime of its own (over the shared engine), its dev controls, its data, its routes. */
export interface SandboxParts {
  readonly runtime: Runtime;
  readonly controls: DevControls;
  readonly data: MockData;
  /** Every route of the root, under {@link Sandbox.base}: `/graphql`, `/uploads`, `/files`, `/oauth`, `/ready`, `/dev`. */
  readonly route: FetchRoute;
}

/**
 * One isolated mock on a shared server: its own state, journal, chaos, outbox and baseline (what
 * its `/dev/reset` goes back to), reached under `/sandboxes/<id>`. Only the engine (its schema and
 * document cache) is shared. Idle means no request and no open socket for the registry's idle
 * time; a door that holds sockets of the sandbox says so through {@link busyWhile}.
 */
export class Sandbox implements SandboxParts {
  /** The path everything of this sandbox is under: `/sandboxes/<id>`. */
  readonly base: string;
  readonly runtime: Runtime;
  readonly controls: DevControls;
  readonly data: MockData;
  readonly route: FetchRoute;
  private lastUsed: number;
  private readonly busy = new Set<() => boolean>();

  constructor(
    readonly id: string,
    parts: SandboxParts,
    now: number,
  ) {
    this.base = `/sandboxes/${id}`;
    this.runtime = parts.runtime;
    this.controls = parts.controls;
    this.data = parts.data;
    this.route = parts.route;
    this.lastUsed = now;
  }

  /** A request reached it at `now` (the mock's clock). */
  markActive(now: number): void {
    this.lastUsed = Math.max(this.lastUsed, now);
  }

  /** Whether nothing used it for `idleMs` until `now`: no request, and no door holding a socket (which counts as use). */
  idle(now: number, idleMs: number): boolean {
    if (this.held) this.markActive(now);
    return now - this.lastUsed >= idleMs;
  }

  /** Whether a door holds something of it now (an open socket). */
  get held(): boolean {
    for (const probe of this.busy) if (probe()) return true;
    return false;
  }

  /** Counts the sandbox as in use whenever `probe` says so (a door's open sockets); returns what stops it. */
  busyWhile(probe: () => boolean): () => void {
    this.busy.add(probe);
    return () => this.busy.delete(probe);
  }
}
