/**
 * Run by `persist.ts` in a process of its own (node --expose-gc --import tsx, forked with IPC):
 * builds a state of `messages` messages in one channel, serves it over HTTP with a `--persist`
 * writer attached (as `parley mock serve --persist` does), and measures its own event loop while
 * the parent streams changes and `{ health }` requests in. One phase at a time, on the parent's
 * word: `append` (changes appended as they come) or `compact` (the same while a fresh base is
 * written, a compaction forced at the phase's start).
 */
import { statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startMockServer } from '../src/mock-server/mock-server.js';
import { StateFileWriter } from '../src/mock-server/persist/state-file.js';
import { appendMessages, createConversation } from './conversation.js';
import { collectGarbage } from './stats.js';

export type ChildCommand = { readonly type: 'phase'; readonly compact: boolean } | { readonly type: 'end' } | { readonly type: 'close' };

export interface ChildReady {
  readonly type: 'ready';
  readonly url: string;
  readonly authorization: string;
  readonly conversationId: string;
  /** Loading the messages through `state.messages.send`. */
  readonly buildMs: number;
  /** Writing the first base (what `--persist` does at start when there is no file yet). */
  readonly baseMs: number;
  readonly baseBytes: number;
}

export interface ChildPhase {
  readonly type: 'phase-done';
  readonly eventLoopP99Ms: number;
  readonly eventLoopMaxMs: number;
  /** Bytes appended during the phase (flushed at its end), and changes the engine reported. */
  readonly appendedBytes: number;
  readonly changes: number;
  /** The forced compaction's duration (compact phases). */
  readonly compactionMs: number | null;
}

export type ChildMessage = ChildReady | { readonly type: 'compacted'; readonly ms: number } | ChildPhase | { readonly type: 'closed'; readonly fileBytes: number };

const send = (message: ChildMessage) => process.send!(message);

const messages = Number(process.argv[2]);
const file = process.argv[3]!;
const conversation = await createConversation();
const buildMs = appendMessages(conversation, messages);
collectGarbage();
const server = await startMockServer({ port: 0, state: conversation.state, devRoutes: false });
// What `startMockServer({ persist })` does, with the writer at hand (to force a compaction).
const writer = new StateFileWriter(server.runtime, { file });
let started = performance.now();
await writer.writeNow();
const baseMs = performance.now() - started;
send({ type: 'ready', url: server.url, authorization: conversation.authorization, conversationId: conversation.conversationId, buildMs, baseMs, baseBytes: writer.size.baseBytes });

let changes = 0;
server.runtime.onChange(() => {
  changes += 1;
});
const histogram = monitorEventLoopDelay({ resolution: 10 });
let before = { logBytes: 0, bases: 0, changes: 0 };
let compactionMs: number | null = null;

process.on('message', (command: ChildCommand) => {
  void (async () => {
    if (command.type === 'phase') {
      await writer.flush();
      collectGarbage();
      before = { ...writer.size, changes };
      compactionMs = null;
      histogram.reset();
      histogram.enable();
      if (command.compact) {
        started = performance.now();
        void writer.compact().then(() => {
          compactionMs = performance.now() - started;
          send({ type: 'compacted', ms: compactionMs });
        });
      }
    } else if (command.type === 'end') {
      histogram.disable();
      await writer.flush();
      const size = writer.size;
      // After a compaction the appended bytes start again from the new base's end.
      const appendedBytes = size.bases === before.bases ? size.logBytes - before.logBytes : size.logBytes;
      send({ type: 'phase-done', eventLoopP99Ms: histogram.percentile(99) / 1e6, eventLoopMaxMs: histogram.max / 1e6, appendedBytes, changes: changes - before.changes, compactionMs });
    } else {
      await server.close();
      await writer.close();
      send({ type: 'closed', fileBytes: statSync(file).size });
      process.disconnect();
    }
  })();
});
