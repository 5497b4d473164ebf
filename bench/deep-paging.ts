import type { ExecutionResult } from 'graphql';
import { createRuntime } from '../src/mock-server/runtime/create-runtime.js';
import type { Runtime } from '../src/mock-server/runtime/runtime.js';
import { encodeCursor } from '../src/mock-server/state/messages/cursor.js';
import type { MessagePage } from '../src/mock-server/state/messages/message-pages.js';
import { appendMessages, createConversation, type BenchConversation } from './conversation.js';
import { pairedRounds } from './stats.js';

/**
 * Deep paging: the same 30-message page read from a small and from a large conversation, at the
 * domain level (`state.messagePages`) and end to end (`engine.run`). Paging is meant to cost
 * O(log n + page size) (docs/architecture.md, "Memory: compact messages"), so the large/small ratio should stay near 1.
 */

export const PAGE_SIZE = 30;

export interface DeepPagingOptions {
  readonly small: number;
  readonly large: number;
  readonly rounds: number;
  readonly stateIterations: number;
  readonly engineIterations: number;
}

export const defaultDeepPagingOptions: DeepPagingOptions = {
  small: 1_000,
  large: 1_000_000,
  rounds: 7,
  stateIterations: 100_000,
  // An engine page costs ~0.45 ms here: 5,000 calls are 2 s a measurement, 20,000 would make the
  // whole bench take over 6 minutes.
  engineIterations: 5_000,
};

export interface PagingRow {
  readonly layer: 'state' | 'engine';
  readonly query: string;
  readonly informational: boolean;
  readonly iterations: number;
  /** Median nanoseconds per page over the rounds. */
  readonly smallNs: number;
  readonly largeNs: number;
  /** Median of the per-round large/small ratios (each pair measured back to back). */
  readonly ratio: number;
  readonly minRatio: number;
  readonly maxRatio: number;
}

export interface DeepPagingResult {
  readonly options: DeepPagingOptions;
  /** Time spent in `state.messages.send` loading the large conversation. */
  readonly largeLoadMs: number;
  readonly rows: readonly PagingRow[];
}

/** One deep page, as a domain call and as an engine request, for one conversation. */
interface PagingQuery {
  readonly name: string;
  /** Not the target's "same page": shown for what it tells, left out of PASS/MISS. */
  readonly informational?: boolean;
  /** The sequence the (first) page's oldest node must have. */
  readonly firstSequence: (size: number) => number;
  readonly state: (c: BenchConversation, size: number) => () => MessagePage;
  readonly engine?: (c: BenchConversation, size: number, engine: Runtime) => () => Promise<ExecutionResult>;
}

const PAGE_FIELDS = `nodes { id clientMessageId conversationId senderId sequence type content replyToMessageId
  replyTo { id senderId content deletedAt } createdAt updatedAt deletedAt
  attachments { id fileName contentType size } reactions { emoji userIds } } endCursor hasNextPage`;
const MESSAGES = `query Deep($conversationId: ID!, $first: Int!, $before: String) {
  messages(conversationId: $conversationId, first: $first, before: $before) { ${PAGE_FIELDS} } }`;
const MESSAGES_SINCE = `query Since($conversationId: ID!, $first: Int!, $afterSequence: Int!) {
  messagesSince(conversationId: $conversationId, first: $first, afterSequence: $afterSequence) { ${PAGE_FIELDS} } }`;
const PUBLIC_ORIGIN = 'http://127.0.0.1:4000';

/** `messages` with `before` a cursor at sequence `beforeSequence(size)`. */
function messagesBefore(name: string, beforeSequence: (size: number) => number): PagingQuery {
  const before = (c: BenchConversation, size: number) =>
    encodeCursor({ conversationId: c.conversationId, sequence: beforeSequence(size) });
  return {
    name,
    firstSequence: (size) => beforeSequence(size) - PAGE_SIZE,
    state: (c, size) => {
      const args = { conversationId: c.conversationId, first: PAGE_SIZE, before: before(c, size) };
      return () => c.state.messagePages.backward(args, c.userId);
    },
    engine: (c, size, engine) => {
      const request = {
        query: MESSAGES,
        variables: { conversationId: c.conversationId, first: PAGE_SIZE, before: before(c, size) },
        authorization: c.authorization,
        publicOrigin: PUBLIC_ORIGIN,
      };
      return () => engine.run(request);
    },
  };
}

const middle = (size: number) => Math.floor(size / 2);

const SPREAD = 1_024;

/**
 * `messages` before 1,024 distinct cursors spread over the whole conversation, cycled in a
 * scattered order: the large conversation's pages are then cold in the CPU caches, unlike
 * the same page asked for again and again.
 */
const spreadCursors: PagingQuery = {
  name: `messages, before = ${SPREAD.toLocaleString('en-US')} spread cursors`,
  informational: true,
  firstSequence: () => 1,
  state: (c, size) => {
    const args = Array.from({ length: SPREAD }, (_, i) => {
      const sequence = PAGE_SIZE + 1 + Math.floor((((i * 7919) % SPREAD) * (size - PAGE_SIZE - 1)) / SPREAD);
      return { conversationId: c.conversationId, first: PAGE_SIZE, before: encodeCursor({ conversationId: c.conversationId, sequence }) };
    });
    let next = 0;
    return () => c.state.messagePages.backward(args[next++ % SPREAD]!, c.userId);
  },
};

const QUERIES: readonly PagingQuery[] = [
  messagesBefore('messages, before = middle', middle),
  messagesBefore('messages, before = seq 41 (oldest end)', () => 41),
  {
    name: 'messagesSince, after = middle',
    firstSequence: (size) => middle(size) + 1,
    state: (c, size) => {
      const args = { conversationId: c.conversationId, afterSequence: middle(size), first: PAGE_SIZE };
      return () => c.state.messagePages.forward(args, c.userId);
    },
    engine: (c, size, engine) => {
      const request = {
        query: MESSAGES_SINCE,
        variables: { conversationId: c.conversationId, first: PAGE_SIZE, afterSequence: middle(size) },
        authorization: c.authorization,
        publicOrigin: PUBLIC_ORIGIN,
      };
      return () => engine.run(request);
    },
  },
  spreadCursors,
];

/** The page's first sequence and node count, or an error when the engine did not return a page. */
function pageOf(result: ExecutionResult): { first: number; count: number } {
  if (result.errors) throw new Error(`engine error: ${result.errors.map((e) => e.message).join('; ')}`);
  const page = Object.values(result.data ?? {})[0];
  const nodes = typeof page === 'object' && page !== null && 'nodes' in page ? page.nodes : null;
  if (!Array.isArray(nodes)) throw new Error(`no page in ${JSON.stringify(result.data)}`);
  const first: unknown = nodes[0]?.sequence;
  return { first: typeof first === 'number' ? first : -1, count: nodes.length };
}

/** Nanoseconds per call of `op`, over `iterations` calls. */
function timeSync(op: () => MessagePage, iterations: number): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink += op().nodes.length;
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  if (sink !== iterations * PAGE_SIZE) throw new Error(`pages were short: ${sink} nodes`);
  return ns;
}

async function timeAsync(op: () => Promise<ExecutionResult>, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const result = await op();
    if (result.errors) throw new Error(`engine error: ${result.errors[0]?.message}`);
  }
  return Number(process.hrtime.bigint() - start) / iterations;
}

interface Sized<T> {
  readonly small: T;
  readonly large: T;
}

/** Measures small and large back to back each round, alternating which goes first. */
async function compare(
  row: Pick<PagingRow, 'layer' | 'query' | 'informational' | 'iterations'>,
  rounds: number,
  time: (size: 'small' | 'large', iterations: number) => Promise<number>,
): Promise<PagingRow> {
  const warmUp = Math.ceil(row.iterations / 4); // let the JIT settle on both before timing
  await time('small', warmUp);
  await time('large', warmUp);
  // One full gc per row, not per round: with a million messages it takes ~0.7 s. What the calls
  // leave behind is young garbage, which scavenges clear whatever the old generation holds.
  const timing = await pairedRounds(rounds, (size) => time(size, row.iterations));
  return { ...row, smallNs: timing.small, largeNs: timing.large, ratio: timing.ratio, minRatio: timing.minRatio, maxRatio: timing.maxRatio };
}

/** Throws unless `nodes` is a full page starting at `expected`. */
function checkPage(what: string, page: { count: number; first: number }, expected: number): void {
  if (page.count !== PAGE_SIZE || page.first !== expected) {
    throw new Error(`${what}: got ${page.count} nodes from sequence ${page.first}, expected ${PAGE_SIZE} from ${expected}`);
  }
}

export async function measureDeepPaging(
  options: DeepPagingOptions = defaultDeepPagingOptions,
  progress: (line: string) => void = () => {},
): Promise<DeepPagingResult> {
  const conversations: Sized<BenchConversation> = { small: await createConversation(), large: await createConversation() };
  appendMessages(conversations.small, options.small);
  progress(`loading ${options.large.toLocaleString('en-US')} messages through state.messages.send ...`);
  const largeLoadMs = appendMessages(conversations.large, options.large);
  const sizes: Sized<number> = { small: options.small, large: options.large };
  const engines: Sized<Runtime> = { small: createRuntime(conversations.small.state), large: createRuntime(conversations.large.state) };

  const rows: PagingRow[] = [];
  for (const query of QUERIES) {
    const row = { query: query.name, informational: query.informational ?? false };
    const stateOps: Sized<() => MessagePage> = {
      small: query.state(conversations.small, sizes.small),
      large: query.state(conversations.large, sizes.large),
    };
    for (const size of ['small', 'large'] as const) {
      const { nodes } = stateOps[size]();
      checkPage(`${query.name} (state, ${size})`, { count: nodes.length, first: nodes[0]?.sequence ?? -1 }, query.firstSequence(sizes[size]));
    }
    progress(`timing ${query.name} ...`);
    rows.push(
      await compare({ ...row, layer: 'state', iterations: options.stateIterations }, options.rounds, async (size, n) =>
        timeSync(stateOps[size], n),
      ),
    );
    if (!query.engine) continue;
    const engineOps: Sized<() => Promise<ExecutionResult>> = {
      small: query.engine(conversations.small, sizes.small, engines.small),
      large: query.engine(conversations.large, sizes.large, engines.large),
    };
    for (const size of ['small', 'large'] as const) {
      checkPage(`${query.name} (engine, ${size})`, pageOf(await engineOps[size]()), query.firstSequence(sizes[size]));
    }
    rows.push(
      await compare({ ...row, layer: 'engine', iterations: options.engineIterations }, options.rounds, (size, n) =>
        timeAsync(engineOps[size], n),
      ),
    );
  }
  return { options, largeLoadMs, rows };
}
