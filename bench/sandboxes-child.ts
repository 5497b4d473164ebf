/**
 * Run by `sandboxes.ts` in a process of its own (node --expose-gc --import tsx): a demo-data mock
 * on a free port, then the time to create a sandbox (in-process and over HTTP), against the root's
 * reset (the same state copy, the anchor), and the heap each sandbox holds, against a bare copy of
 * the demo state. Prints one JSON line, a {@link SandboxesReport}.
 */
import { startMockServer } from '../src/mock-server/mock-server.js';
import { StateBaseline } from '../src/mock-server/state/snapshot/baseline.js';
import type { MockState } from '../src/mock-server/state/mock-state.js';
import { collectGarbage, median } from './stats.js';

export interface SandboxesReport {
  /** Median ms of `sandboxes.create()` from the demo data. */
  readonly createMs: number;
  /** Median ms of `POST /sandboxes` (a fetch from the same process), with its DELETE after. */
  readonly postMs: number;
  /** Median ms of `GET /ready` from the same process: what any request over HTTP costs here, the anchor of {@link postMs}. */
  readonly readyMs: number;
  /** Median ms of the root's `reset()`: a fresh copy of the same demo state, the anchor. */
  readonly resetMs: number;
  /** Heap held per sandbox of the demo data, bytes. */
  readonly heapPerSandbox: number;
  /** Heap held per bare copy of the demo state (no runtime, routes or controls), bytes. */
  readonly heapPerState: number;
  readonly held: number;
}

const ROUNDS = 60;
const HELD = 20;

function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const mock = await startMockServer({ port: 0, maxSandboxes: HELD + 5 });
try {
  for (let i = 0; i < 10; i++) (await mock.sandboxes.create()).close();
  const create: number[] = [];
  const reset: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let started = performance.now();
    const sandbox = await mock.sandboxes.create();
    create.push(performance.now() - started);
    sandbox.close();
    started = performance.now();
    mock.reset();
    reset.push(performance.now() - started);
  }
  const post: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < ROUNDS / 2; i++) {
    const readyStarted = performance.now();
    await (await fetch(`${mock.origin}/ready`)).text();
    ready.push(performance.now() - readyStarted);
    const started = performance.now();
    const response = await fetch(`${mock.origin}/sandboxes`, { method: 'POST' });
    const { origin } = (await response.json()) as { origin: string };
    post.push(performance.now() - started);
    await fetch(origin, { method: 'DELETE' });
  }

  const before = heapUsed();
  const held = [];
  for (let i = 0; i < HELD; i++) held.push(await mock.sandboxes.create());
  const withSandboxes = heapUsed();
  for (const sandbox of held) sandbox.close();
  held.length = 0;

  const baseline = StateBaseline.of(mock.state);
  const beforeStates = heapUsed();
  const states: MockState[] = [];
  for (let i = 0; i < HELD; i++) states.push(baseline.fresh());
  const withStates = heapUsed();

  const report: SandboxesReport = {
    createMs: median(create),
    postMs: median(post),
    readyMs: median(ready),
    resetMs: median(reset),
    heapPerSandbox: (withSandboxes - before) / HELD,
    heapPerState: (withStates - beforeStates) / states.length,
    held: HELD,
  };
  console.log(JSON.stringify(report));
} finally {
  await mock.close();
}
