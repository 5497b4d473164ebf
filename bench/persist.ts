import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildCommand, ChildMessage, ChildPhase, ChildReady } from './persist-child.js';
import { startOnce } from './startup.js';
import { quantile } from './stats.js';
import { table } from './table.js';

/**
 * `--persist` under load: a mock holding 1,000, 100,000 or 1,000,000 messages (built in a child
 * process of its own, `persist-child.ts`, the file written as `parley mock serve --persist` does)
 * gets one sendMessage every 100 ms and a `{ health }` request every 10 ms, from this process;
 * `{ health }` latency is timed here, the event-loop delay in the child. Two phases: appending
 * (each change appended to the log) and compacting (the same while a fresh base is written).
 * Then recovery: `parley mock serve --persist FILE` started on the file, to `/ready`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface PersistPhase {
  readonly healthP99Ms: number;
  readonly healthMaxMs: number;
  readonly requests: number;
  readonly eventLoopP99Ms: number;
  readonly eventLoopMaxMs: number;
  readonly seconds: number;
  readonly changes: number;
  readonly appendedBytes: number;
  readonly compactionMs: number | null;
}

export interface PersistResult {
  readonly messages: number;
  readonly buildMs: number;
  readonly baseMs: number;
  readonly baseBytes: number;
  readonly append: PersistPhase;
  readonly compact: PersistPhase;
  readonly fileBytes: number;
  /** Spawn of `parley mock serve --persist FILE` to `/ready` 200. */
  readonly recoveryMs: number;
}

export interface PersistOptions {
  readonly sizes: readonly number[];
  /** Length of the appending phase; the compacting phase lasts as long as its compaction, and at least this. */
  readonly seconds: number;
}

export const defaultPersistOptions: PersistOptions = { sizes: [1_000, 100_000, 1_000_000], seconds: 5 };

const SEND_EVERY_MS = 100;
const HEALTH_EVERY_MS = 10;
const WARM_UP_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drives one phase: changes and health requests until `until()` says stop; returns the health latencies. */
async function load(ready: ChildReady, until: () => boolean): Promise<{ latencies: number[]; seconds: number }> {
  const started = performance.now();
  const latencies: number[] = [];
  let sent = 0;
  let sending = Promise.resolve();
  const sender = setInterval(() => {
    const body = JSON.stringify({
      query: 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }',
      variables: { i: { conversationId: ready.conversationId, clientMessageId: `persist-bench-${process.pid}-${(sent += 1)}`, content: `streamed in while persisting, number ${sent}` } },
    });
    sending = sending.then(async () => {
      const response = await fetch(ready.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: ready.authorization }, body });
      const answer = (await response.json()) as { errors?: unknown };
      if (answer.errors) throw new Error(`sendMessage failed: ${JSON.stringify(answer.errors)}`);
    });
  }, SEND_EVERY_MS);
  try {
    while (!until()) {
      const start = performance.now();
      const response = await fetch(ready.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' });
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - start)));
    }
  } finally {
    clearInterval(sender);
  }
  await sending;
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** A child's messages, one awaited at a time. */
function inbox(child: ReturnType<typeof fork>) {
  const queued: ChildMessage[] = [];
  const waiting: ((message: ChildMessage) => void)[] = [];
  child.on('message', (message: ChildMessage) => {
    const next = waiting.shift();
    if (next) next(message);
    else queued.push(message);
  });
  return <T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const take = (message: ChildMessage) => (message.type === type ? resolve(message as Extract<ChildMessage, { type: T }>) : reject(new Error(`expected ${type} from the child, got ${message.type}`)));
      const queuedMessage = queued.shift();
      if (queuedMessage) take(queuedMessage);
      else waiting.push(take);
    });
}

async function phase(child: ReturnType<typeof fork>, next: ReturnType<typeof inbox>, ready: ChildReady, compact: boolean, seconds: number): Promise<PersistPhase> {
  const command = (message: ChildCommand) => child.send(message);
  let compacted = !compact;
  const compactedMessage = compact ? next('compacted').then(() => (compacted = true)) : null;
  command({ type: 'phase', compact });
  const stopAt = performance.now() + seconds * 1000;
  const { latencies, seconds: took } = await load(ready, () => compacted && performance.now() >= stopAt);
  await compactedMessage;
  command({ type: 'end' });
  const done: ChildPhase = await next('phase-done');
  return {
    healthP99Ms: quantile(latencies, 0.99),
    healthMaxMs: Math.max(...latencies),
    requests: latencies.length,
    eventLoopP99Ms: done.eventLoopP99Ms,
    eventLoopMaxMs: done.eventLoopMaxMs,
    seconds: took,
    changes: done.changes,
    appendedBytes: done.appendedBytes,
    compactionMs: done.compactionMs,
  };
}

async function measureSize(messages: number, seconds: number, progress: (line: string) => void): Promise<PersistResult> {
  const directory = mkdtempSync(join(tmpdir(), 'parley-bench-persist-'));
  const file = join(directory, 'state.json');
  try {
    progress(`--persist: building ${messages.toLocaleString('en-US')} messages and writing the file, in a child process ...`);
    const child = fork(join(ROOT, 'bench/persist-child.ts'), [String(messages), file], { cwd: ROOT, execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const next = inbox(child);
    const ready = await Promise.race([next('ready'), exited.then((code) => Promise.reject(new Error(`the persist child exited with ${code}`)))]);
    progress(`--persist, ${messages.toLocaleString('en-US')} messages: warming up, appending, then compacting ...`);
    // Not measured: the first requests compile their operations, in both processes.
    const warmUntil = performance.now() + WARM_UP_MS;
    await load(ready, () => performance.now() >= warmUntil);
    const append = await phase(child, next, ready, false, seconds);
    const compact = await phase(child, next, ready, true, seconds);
    child.send({ type: 'close' } satisfies ChildCommand);
    const { fileBytes } = await next('closed');
    await exited;
    progress(`--persist, ${messages.toLocaleString('en-US')} messages: recovering (parley mock serve --persist FILE to /ready) ...`);
    const recovery = await startOnce(['--persist', file], 300_000);
    return { messages, buildMs: ready.buildMs, baseMs: ready.baseMs, baseBytes: ready.baseBytes, append, compact, fileBytes, recoveryMs: recovery.readyMs };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A size that could not be measured (the mock did not start, recover or serve): the reason. */
export interface PersistFailure {
  readonly messages: number;
  readonly error: string;
}

export async function measurePersist(options: PersistOptions = defaultPersistOptions, progress: (line: string) => void = () => undefined): Promise<(PersistResult | PersistFailure)[]> {
  const results: (PersistResult | PersistFailure)[] = [];
  for (const size of options.sizes) {
    try {
      results.push(await measureSize(size, options.seconds, progress));
    } catch (error) {
      results.push({ messages: size, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
    }
  }
  return results;
}

/** `BENCH_PERSIST_SIZES=1000,100000` and `BENCH_PERSIST_SECONDS` override the defaults. */
export function persistOptionsFromEnv(): PersistOptions {
  const sizes = process.env['BENCH_PERSIST_SIZES']?.split(',').map(Number) ?? defaultPersistOptions.sizes;
  return { sizes, seconds: Number(process.env['BENCH_PERSIST_SECONDS'] ?? defaultPersistOptions.seconds) };
}

/** The target: with 100,000 messages, `{ health }` p99 under 50 ms and within about 3x of the same mock with 1,000. */
export const PERSIST_TARGET = { messages: 100_000, anchor: 1_000, p99Ms: 50, ratio: 3 } as const;

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? `${n.toFixed(1)} ms` : `${count(n)} ms`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const isResult = (row: PersistResult | PersistFailure): row is PersistResult => !('error' in row);
/** The worse `{ health }` p99 of the two phases: changes stream in during both. */
const worstP99 = (row: PersistResult) => Math.max(row.append.healthP99Ms, row.compact.healthP99Ms);

export interface PersistReport {
  readonly lines: string[];
  /** The summary's rows: the target at 100,000 messages, and whether 1,000,000 starts, recovers and serves. */
  readonly summary: string[][];
}

export function persistReport(rows: readonly (PersistResult | PersistFailure)[], options: PersistOptions): PersistReport {
  const lines = [
    `--persist under load: the mock (a child process, the file written at start as \`mock serve --persist\` does) gets one sendMessage`,
    `every ${SEND_EVERY_MS} ms and a { health } request every ${HEALTH_EVERY_MS} ms from the bench process (after ${WARM_UP_MS / 1000} s of the same, not measured); appending: ${options.seconds} s; compacting: a fresh base`,
    'forced at the start, for as long as it takes (at least as long); event-loop delay: perf_hooks monitorEventLoopDelay in the mock;',
    'recovery: spawn `node dist/cli/main.js mock serve --persist FILE` on the file left, to /ready 200 (one run)',
    table([
      ['messages', 'file', 'first base', 'health p99 / max', 'loop p99', 'bytes/change', 'compaction', 'health p99 / max', 'loop p99', 'recovery'],
      ['', '', '', 'appending', 'appending', '', '', 'compacting', 'compacting', ''],
      ...rows.map((row) =>
        isResult(row)
          ? [
              count(row.messages),
              mb(row.fileBytes),
              ms(row.baseMs),
              `${ms(row.append.healthP99Ms)} / ${ms(row.append.healthMaxMs)}`,
              ms(row.append.eventLoopP99Ms),
              count(row.append.appendedBytes / Math.max(1, row.append.changes)),
              row.compact.compactionMs === null ? '-' : ms(row.compact.compactionMs),
              `${ms(row.compact.healthP99Ms)} / ${ms(row.compact.healthMaxMs)}`,
              ms(row.compact.eventLoopP99Ms),
              ms(row.recoveryMs),
            ]
          : [count(row.messages), `FAILED: ${row.error}`, '', '', '', '', '', '', '', ''],
      ),
    ]),
  ];
  const measured = rows.filter(isResult);
  const at = (messages: number) => measured.find((row) => row.messages === messages);
  const target = at(PERSIST_TARGET.messages);
  const anchor = at(PERSIST_TARGET.anchor);
  const summary: string[][] = [];
  if (target && anchor) {
    const ratio = worstP99(target) / worstP99(anchor);
    summary.push([
      `--persist, ${count(target.messages)} messages: { health } p99 while changes stream in (worse of appending and compacting)`,
      `${ms(worstP99(target))}, ${ratio.toFixed(2)}x the ${count(anchor.messages)}-message mock (${ms(worstP99(anchor))})`,
      `target < ${PERSIST_TARGET.p99Ms} ms, <= about ${PERSIST_TARGET.ratio}x`,
      worstP99(target) < PERSIST_TARGET.p99Ms && ratio <= PERSIST_TARGET.ratio ? 'PASS' : 'MISS',
    ]);
  }
  const largest = rows.find((row) => row.messages === Math.max(...options.sizes));
  if (largest && largest.messages > PERSIST_TARGET.messages) {
    summary.push(
      isResult(largest)
        ? [`--persist, ${count(largest.messages)} messages: starts, recovers and serves`, `first base ${ms(largest.baseMs)}, recovery ${ms(largest.recoveryMs)}, { health } p99 ${ms(worstP99(largest))}`, '', 'PASS']
        : [`--persist, ${count(largest.messages)} messages: starts, recovers and serves`, largest.error, '', 'MISS'],
    );
  }
  return { lines, summary };
}
