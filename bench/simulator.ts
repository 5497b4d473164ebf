/**
 * `npm run bench:simulator`: `busy-channel` against the real server for a minute (SIM_SECONDS),
 * with one graphql-ws client subscribed to the channel. Every 10 s: the actions run against the
 * ones asked for (the rate), the messages stored and the events the client received, and the heap
 * after a full GC, with its growth per message stored since the start: flat means the simulator
 * holds no memory of its own that grows (the mock grows by the messages it stores, nothing else).
 * Run with --expose-gc (the npm script does).
 */
import { cpus } from 'node:os';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startMockServer } from '../src/mock-server/mock-server.js';
import { createMock } from '../src/mock-server/mock.js';
import { chatLine } from '../src/mock-server/simulator/texts.js';

const seconds = Number(process.env['SIM_SECONDS'] ?? 60);
const rate = Number(process.env['SIM_RATE'] ?? 300);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:simulator does)');

const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * The anchor, measured first in a mock of its own (closed before the run): messages with the same
 * kind of texts sent straight into a fresh demo mock's channel by 12 members (no simulator, no
 * subscriber), after a warm-up: what messages themselves cost in heap (the record, its search
 * index entries...). The run's growth per message is read against it.
 */
async function anchorBytesPerMessage(count: number): Promise<number> {
  const anchor = await createMock({});
  const channel = anchor.data.workspacesOf('carol')[0]!.generalId;
  const people = anchor.data.conversation(channel)!.memberIds.slice(0, 12);
  const send = async (howMany: number, from: number) => {
    for (let index = from; index < from + howMany; index++) {
      await anchor.data.sendMessage({ conversation: channel, by: people[index % people.length]!, content: chatLine((index * 0.618) % 1, (index * 0.377) % 1) });
    }
  };
  await send(100, 0);
  const before = heap();
  await send(count, 100);
  const perMessage = (heap() - before) / count;
  await anchor.close();
  return Math.round(perMessage);
}

const anchorCount = Number(process.env['SIM_ANCHOR_MESSAGES'] ?? 2000);
const anchor = await anchorBytesPerMessage(anchorCount);
console.log(`Parley simulator: Node ${process.version}, ${cpus().length} cores; busy-channel at ${rate} actions a minute for ${seconds} s, one subscribed client`);
const mock = await startMockServer({ port: 0 });
const general = mock.data.workspacesOf('carol')[0]!.generalId;
const { accessToken } = await mock.data.signIn('carol');
let events = 0;
const client = createClient({ url: mock.wsUrl, webSocketImpl: WebSocket, connectionParams: { Authorization: `Bearer ${accessToken}` }, lazy: false });
const subscribed = new Promise<void>((resolve) => client.on('connected', () => resolve()));
client.subscribe({ query: 'subscription($c: ID!) { messageCreated(conversationId: $c) { id sequence content senderId createdAt } }', variables: { c: general } }, { next: () => void events++, error: (error) => console.error(error), complete: () => {} });
await subscribed;
while (mock.state.events.listenerCount('messageCreated', general) === 0) await new Promise((resolve) => setTimeout(resolve, 10));

const storedAtStart = mock.data.messages(general).length;
const heapAtStart = heap();
const started = await fetch(`${mock.origin}/dev/simulator`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'busy-channel', ratePerMinute: rate }) });
if (!started.ok) throw new Error(`POST /dev/simulator: ${started.status} ${await started.text()}`);
const t0 = Date.now();

const rows: string[] = ['| s | actions (asked) | rate vs asked | messages stored | events received | heap MB | heap growth per message since 10 s |', '|---:|---:|---:|---:|---:|---:|---:|'];
// The first 10 s warm up (the engine compiles each operation, caches fill): growth is read from there.
let warm: { heap: number; stored: number } | null = null;

for (let second = 10; second <= seconds; second += 10) {
  await new Promise((resolve) => setTimeout(resolve, t0 + second * 1000 - Date.now()));
  const status = (await (await fetch(`${mock.origin}/dev/simulator`)).json()) as { actions: number; failures: number; dropped: number };
  const elapsed = (Date.now() - t0) / 1000;
  const asked = Math.floor((elapsed * rate) / 60);
  const stored = mock.data.messages(general).length - storedAtStart;
  const used = heap();
  warm ??= { heap: used, stored };
  const perMessage = stored > warm.stored ? `${Math.round((used - warm.heap) / (stored - warm.stored))} B` : '-';
  rows.push(`| ${second} | ${status.actions} (${asked}) | ${((status.actions / asked) * 100).toFixed(1)}% | ${stored} | ${events} | ${(used / 1024 / 1024).toFixed(1)} | ${perMessage} |`);
  process.stderr.write(`  .. ${second} s: ${status.actions} actions, ${status.failures} refused, ${status.dropped} dropped\n`);
}
const stopped = (await (await fetch(`${mock.origin}/dev/simulator`, { method: 'DELETE' })).json()) as { actions: number; failures: number; dropped: number };
console.log(rows.join('\n'));
console.log(`heap at the start ${(heapAtStart / 1024 / 1024).toFixed(1)} MB; stopped after ${stopped.actions} actions: ${stopped.failures} refused by the mock's rules, ${stopped.dropped} dropped (engine behind)`);
await client.dispose();
await mock.close();
console.log(`anchor: ${anchorCount} messages sent straight into a fresh demo mock (no simulator): ${anchor} B of heap a message`);
