import type { MockState } from '../state/mock-state.js';

/**
 * What the routes need of the running mock, and nothing more: the current state and the change
 * signal. Each door builds one over its mock, in one place (`http/server.ts`, `msw/backend.ts`).
 */
export interface RouteHost {
  /** The state requests run on now. A reset or a restore replaces it: read it per request. */
  readonly state: MockState;
  /** Tells whoever listens (persistence) that the state changed outside GraphQL: an upload stored. */
  changed(): void;
}

/** A route: a Fetch Request in, a Response out. No transport: every door calls the same function. */
export type FetchRoute = (request: Request) => Promise<Response>;

/**
 * Drops the uploads that expired unused (`UnusedUploads.sweep`), and tells persistence when any
 * went: a Node door calls it on a timer, so their bytes leave memory even when nobody calls.
 */
export function sweepExpiredUploads(host: RouteHost): void {
  if (host.state.uploads.sweep() > 0) host.changed();
}
