/**
 * Run by `memory.ts` in a process of its own (node --expose-gc --import tsx): loads messages into
 * an otherwise empty state and prints one JSON line, a {@link MemoryReport}. With `strings` as
 * the second argument it is the anchor instead: the same inputs, of which only each message's own
 * two strings (its `clientMessageId` and `content`) are kept, in one array.
 */
import { appendMessages, createConversation, messageInputs } from './conversation.js';
import { collectGarbage } from './stats.js';

export interface MemorySnapshot {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
}

export interface MemoryReport {
  readonly messages: number;
  readonly loadMs: number;
  readonly before: MemorySnapshot;
  readonly after: MemorySnapshot;
}

function snapshot(): MemorySnapshot {
  collectGarbage();
  collectGarbage(); // a second pass frees what the first only made unreachable (weak references)
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external };
}

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const messages = Number(process.argv[2] ?? 1_000_000);
const mode = process.argv[3] ?? 'parley';
let report: MemoryReport;
if (mode === 'strings') {
  const kept: string[] = [];
  const before = snapshot();
  const start = performance.now();
  for (const chunk of messageInputs(messages)) for (const { clientMessageId, content } of chunk) kept.push(clientMessageId, content);
  const loadMs = performance.now() - start;
  const after = snapshot();
  if (kept.length !== 2 * messages) throw new Error('not every string was kept');
  report = { messages, loadMs, before, after };
} else {
  const conversation = await createConversation();
  const before = snapshot();
  const loadMs = appendMessages(conversation, messages);
  const after = snapshot();
  if (conversation.state.tables.messages.size !== messages) throw new Error('not every message was stored');
  report = { messages, loadMs, before, after };
}
console.log(JSON.stringify(report));
