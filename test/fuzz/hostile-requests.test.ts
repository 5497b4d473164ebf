import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { hostileRequests, type FuzzTargets, type HostileRequest } from './arbitraries.js';
import { buildWorld, sendMany } from '../support/world.js';

/** `npm test` sends 1,000; `npm run fuzz` sends 10,000. Replay a failure with FUZZ_SEED (and the path fast-check prints). */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);

let mock: RunningMockServer;
let targets: FuzzTargets;
let digest: string;
let sent = 0;
/**
 * The bugs the server hid from clients (an INTERNAL_SERVER_ERROR's stack). Collected, not thrown:
 * thrown out of `formatError` it would turn the client's answer into a 500 it does not send.
 */
const bugs: Error[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, logBug: (error) => void bugs.push(error) });
  const world = await buildWorld(mock.url);
  const [message] = await sendMany(mock.url, world.a, world.privateChannelId, 3);
  targets = { token: world.a.token, conversationId: world.privateChannelId, messageId: message!.id, workspaceId: world.workspaceId };
  digest = digestTables(mock.state.tables);
});
afterAll(() => mock.close());

interface Answer {
  readonly status: number;
  readonly json: { data?: Record<string, unknown> | null; errors?: { message?: unknown; extensions?: { code?: unknown } }[] } | null;
  readonly text: string;
}

async function send(request: HostileRequest): Promise<Answer> {
  const response = await fetch(`${mock.origin}${request.path}`, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
  const text = await response.text();
  let json: Answer['json'] = null;
  try {
    json = text ? (JSON.parse(text) as Answer['json']) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}

/** The variables a GraphQL request carried, from its JSON body or its query string; undefined when there are none to read. */
function variablesOf(request: HostileRequest): unknown {
  try {
    if (request.method === 'POST' && request.body !== undefined) return (JSON.parse(request.body) as { variables?: unknown }).variables;
    if (request.method === 'GET' && request.path.startsWith('/graphql?')) {
      const text = new URLSearchParams(request.path.slice('/graphql?'.length)).get('variables');
      return text === null ? undefined : (JSON.parse(text) as unknown);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Whether a string anywhere in `value` (key or value) holds a lone UTF-16 surrogate. Iterative: values here nest 3,000 deep. */
function holdsLoneSurrogate(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string' && /\p{Cs}/u.test(current)) return true;
    if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (/\p{Cs}/u.test(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A refusal: an HTTP error, or GraphQL errors with no data for any root field. */
function isRefusal(answer: Answer): boolean {
  if (answer.status >= 400) return true;
  if (!answer.json?.errors?.length) return false;
  const data = answer.json.data;
  return data == null || Object.values(data).every((value) => value === null);
}

describe('fuzzing the HTTP door with hostile requests', () => {
  it(`${RUNS} hostile requests (seed ${SEED}): no crash, no 5xx, no internal error, every refusal a coded GraphQL error, refused requests change nothing`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequests(targets), async (request) => {
        sent += 1;
        bugs.length = 0;
        const answer = await send(request);
        const where = `${request.kind}: ${request.method} ${request.path.slice(0, 200)} ${String(request.body).slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, where).toBeLessThan(500);
        expect(bugs.map((bug) => bug.stack ?? String(bug)), `an internal error was logged: ${where}`).toEqual([]);
        for (const error of answer.json?.errors ?? []) {
          expect(typeof error.message, where).toBe('string');
          expect(typeof error.extensions?.code, where).toBe('string');
          expect(error.extensions?.code, `an internal error reached the client: ${where}`).not.toBe('INTERNAL_SERVER_ERROR');
          expect(JSON.stringify(error), where).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
        }
        // Text at the door: nothing with malformed Unicode in its variables may be accepted (it could
        // be stored and then fail to be served).
        if (answer.json?.data != null && !isRefusal(answer) && holdsLoneSurrogate(variablesOf(request))) {
          expect.fail(`a request with a lone surrogate in its variables was accepted: ${where}`);
        }
        const after = digestTables(mock.state.tables);
        if (isRefusal(answer)) {
          if (request.method !== 'OPTIONS' && answer.status !== 404) expect(answer.json?.errors?.length, `refusal without a GraphQL error: ${where}`).toBeGreaterThan(0);
          expect(after, `a refused request changed the state: ${where}`).toBe(digest);
        }
        digest = after;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(sent).toBe(RUNS);
    const ready = await fetch(`${mock.origin}/ready`);
    expect(ready.status).toBe(200);
  }, 600_000);
});
