import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/mock-server/runtime/create-runtime.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { MockState } from '../../src/mock-server/state/mock-state.js';

/**
 * Memory held by the parsed-document cache (docs/mock-behaviour.md, "Limits before work"): every
 * distinct query text keeps its parsed, validated and compiled document, and anyone may send
 * distinct texts. Bounded by entries alone (1,000), a thousand 1 MiB documents, or a thousand
 * dense 10 KB ones (what a parsed and compiled document holds grows with its tokens, not its
 * length), held about a gigabyte for good. The cache is bounded in estimated bytes too (32 MiB by
 * default): each entry weighs its text plus its tokens, and the least recently used go past either
 * bound. The stat read here is the cache's own count of those estimates.
 */

const BUDGET = 32 * 1024 * 1024;

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

async function post(query: string): Promise<number> {
  const response = await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  await response.arrayBuffer();
  return response.status;
}

/** A valid 10 KB document of about 1,400 tokens: 30 aliased pages, every message field. */
function dense(n: number): string {
  const page = (i: number) =>
    `p${i}: messages(conversationId: "00000000-0000-4000-8000-000000000000", first: 1) { nodes { id clientMessageId conversationId senderId sequence type content replyToMessageId replyTo { id senderId content deletedAt } createdAt updatedAt deletedAt attachments { id fileName contentType size } reactions { emoji userIds } } endCursor hasNextPage }`;
  return `query Dense${n} { ${Array.from({ length: 30 }, (_, i) => page(i)).join(' ')} }`;
}

describe('the document cache is bounded in bytes', () => {
  it('40 dense 10 KB documents (400 KB of text) stay under the budget: tokens are counted, not only text', async () => {
    for (let n = 0; n < 40; n++) expect(await post(dense(n))).toBe(200);
    const stats = mock.runtime.engine.documentCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(BUDGET);
    expect(stats.entries).toBeLessThan(40);
    expect(stats.entries).toBeGreaterThan(10);
  });

  it('36 distinct 1 MB documents stay under the budget', async () => {
    const padding = 'x'.repeat(1_000_000);
    for (let n = 0; n < 36; n++) expect(await post(`query Padded${n} { health } # ${padding}`)).toBe(200);
    const stats = mock.runtime.engine.documentCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(BUDGET);
    expect(stats.bytes).toBeGreaterThan(BUDGET / 2);
    expect(stats.entries).toBeLessThan(36);
  });
});

describe('a document over the budget on its own', () => {
  it('is answered and not cached; smaller ones still are', async () => {
    const runtime = createRuntime(new MockState(), { documentCacheBytes: 64 * 1024 });
    const answer = await runtime.run({ query: `{ health } # ${'x'.repeat(100_000)}`, publicOrigin: 'http://localhost' });
    expect(answer.data).toEqual({ health: expect.any(String) });
    expect(runtime.engine.documentCacheStats()).toEqual({ entries: 0, bytes: 0 });
    await runtime.run({ query: '{ health }', publicOrigin: 'http://localhost' });
    expect(runtime.engine.documentCacheStats().entries).toBe(1);
  });
});
