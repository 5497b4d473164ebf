/**
 * `parley/msw/shared-worker`: what a SharedWorker script imports to hold Parley's state for every
 * tab of an app (the page side is `createSharedParleyHandlers` from `parley/msw`). It imports
 * neither msw nor anything of Node.
 *
 * @example
 * // parley.worker.ts
 * import { hostParley } from 'parley/msw/shared-worker';
 * hostParley({ seed: 1 });
 */
export { hostParley, type SharedWorkerScope } from './shared-worker/host.js';
export type { ParleyBackendOptions } from './backend.js';
