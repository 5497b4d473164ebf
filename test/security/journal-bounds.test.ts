import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_MAX_BYTES, JOURNAL_VARIABLES_MAX_BYTES, RequestJournal } from '../../src/mock-server/runtime/journal/journal.js';
import { DEEPER_MARKER, summariseVariables } from '../../src/mock-server/runtime/journal/journal-variables.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

// Issue 26 item 5: the journal kept every request's variables as parsed, so ~1 MB of small
// objects in an unused variable stayed on the heap per entry, and one deeply nested variable made
// GET /dev/journal answer 500 (the redaction recursed) until it aged out.

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

async function post(body: string): Promise<number> {
  const response = await fetch(mock.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
  await response.arrayBuffer();
  return response.status;
}

async function journalText(): Promise<string> {
  const response = await fetch(`${mock.origin}/dev/journal`);
  expect(response.status).toBe(200);
  return response.text();
}

/** About 800 KB of JSON: many small objects, the shape that cost most heap per byte. */
function hugeBody(n: number): string {
  const items = Array.from({ length: 70_000 }, (_, i) => ({ i }));
  return JSON.stringify({ query: 'query Huge { health }', variables: { unused: items, n } });
}

describe('the request journal is bounded in bytes', () => {
  it('keeps at most a few KiB of each request\'s variables, with a marker saying how much was cut', async () => {
    await fetch(`${mock.origin}/dev/journal`, { method: 'DELETE' });
    const requests = 12;
    for (let n = 0; n < requests; n++) expect(await post(hugeBody(n))).toBe(200);

    const { journal } = mock.runtime;
    expect(journal.size).toBe(requests);
    // The journal's own accounting: a bounded summary per entry, never the request's objects.
    expect(journal.bytes).toBeLessThanOrEqual(requests * (JOURNAL_VARIABLES_MAX_BYTES + 1024));
    expect(journal.bytes).toBeLessThanOrEqual(JOURNAL_MAX_BYTES);

    const text = await journalText();
    expect(text.length).toBeLessThan(requests * (JOURNAL_VARIABLES_MAX_BYTES + 1024));
    const { entries, bytes, maxBytes } = JSON.parse(text) as { bytes: number; maxBytes: number; entries: { operationName: string; variables: { unused: unknown[] } }[] };
    expect(entries).toHaveLength(requests);
    expect({ bytes, maxBytes }).toEqual({ bytes: journal.bytes, maxBytes: JOURNAL_MAX_BYTES });
    for (const entry of entries) {
      expect(entry.operationName).toBe('Huge');
      const kept = entry.variables.unused;
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.slice(0, 3)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
      // The cut lands on the last element kept, or inside it; what follows is left out.
      // Counting stops after a few thousand values: a huge request says "more than".
      const marker = /"\[cut: more than (\d+) bytes\]"\}?\]$/.exec(JSON.stringify(kept));
      expect(marker, JSON.stringify(kept).slice(-80)).not.toBeNull();
      const cut = Number(marker![1]);
      expect(cut).toBeGreaterThan(100_000);
    }
  });

  it('a deeply nested variable is recorded (refused by the nesting limit), and GET /dev/journal still answers 200', async () => {
    await fetch(`${mock.origin}/dev/journal`, { method: 'DELETE' });
    const depth = 200_000;
    const body = `{"query":"query Deep { health }","variables":{"deep":${'['.repeat(depth)}${']'.repeat(depth)},"objects":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`;
    expect(await post(body)).toBe(200);
    const { entries } = JSON.parse(await journalText()) as { entries: { operationName: string | null; errorCodes: string[]; variables: Record<string, unknown> }[] };
    // The nesting limit refuses it before parsing (so no operation name is known), and the journal still keeps it, cut.
    expect(entries[0]).toMatchObject({ operationName: null, errorCodes: ['QUERY_TOO_COMPLEX'] });
    expect(JSON.stringify(entries[0]!.variables)).toContain('[cut: nested deeper than');
  });

  it('the total is bounded in bytes as well as in entries', async () => {
    const { journal } = mock.runtime;
    // Fill every slot with an entry at the per-entry bound (a document unknown, so numbers: strings would be hidden).
    for (let n = 0; n < journal.capacity; n++) {
      journal.record({ at: n, transport: 'http', schema: null, document: null, operationName: 'x'.repeat(10_000), variables: { s: Array.from({ length: 1000 }, (_, i) => i) }, caller: null, status: 200, durationMs: 1, errorCodes: [] });
    }
    expect(journal.bytes).toBeLessThanOrEqual(JOURNAL_MAX_BYTES);
    expect(journal.size).toBeGreaterThan(0);
    expect((await journalText()).length).toBeLessThan(JOURNAL_MAX_BYTES * 2);

    // A smaller byte bound than the entries need: the oldest give way before the count does.
    const small = new RequestJournal(10, 12_000);
    for (let n = 0; n < 10; n++) {
      small.record({ at: n, transport: 'http', schema: null, document: null, operationName: `Q${n}`, variables: { s: Array.from({ length: 1000 }, (_, i) => i) }, caller: null, status: 200, durationMs: 1, errorCodes: [] });
    }
    expect(small.bytes).toBeLessThanOrEqual(12_000);
    expect(small.list().map((entry) => entry.operationName)).toEqual(['Q9', 'Q8']);
  });
});

describe('summariseVariables: any shape, a bounded copy', () => {
  it('keeps the start of a long string with the marker, and leaves what follows out', () => {
    const { value, bytes } = summariseVariables({ a: 'x'.repeat(10_000), b: 1, c: [1, 2, { d: 'e' }] });
    expect(value).toEqual({ a: expect.stringMatching(/^x+…\[cut: \d+ bytes\]$/) as unknown });
    const cut = Number(/cut: (\d+)/.exec((value as { a: string }).a)![1]);
    expect(cut).toBeGreaterThan(10_000 - 4096);
    expect(cut).toBeLessThan(10_000 - 4096 + 100);
    expect(bytes).toBeLessThanOrEqual(4096 + 64);
    expect(JSON.stringify(value).length).toBeLessThanOrEqual(4096 + 64);
  });

  it('a self-referencing object (only possible from code) ends at the depth cap and the count cap', () => {
    const loop: Record<string, unknown> = { n: 1 };
    loop.a = loop;
    loop.b = loop;
    const { value } = summariseVariables(loop);
    expect(JSON.stringify(value)).toMatch(/\[cut: (more than )?\d+ bytes\]/);
    const chain: Record<string, unknown> = {};
    let at = chain;
    for (let i = 0; i < 100; i++) at = (at.next = {}) as Record<string, unknown>;
    expect(JSON.stringify(summariseVariables(chain).value)).toContain(DEEPER_MARKER);
  });

  it('an own __proto__ key stays a plain key; the copy shares nothing with the input', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "list": [{"k": "v"}]}') as Record<string, unknown>;
    const { value } = summariseVariables(input) as { value: Record<string, unknown> };
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":true},"list":[{"k":"v"}]}');
    expect(value.list).not.toBe(input.list);
  });
});
