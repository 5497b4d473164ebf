import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionMode } from '../../src/mock-server/engine/engine.js';
import { createExecutableSchema } from '../../src/mock-server/graphql/executable-schema.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { startEqualServers, type EqualServers } from './equal-servers.js';
import { operationsOf, type GeneratedOperation } from './operations.js';

/**
 * The differential test of the execution paths: every query and mutation of the contract, with
 * generated documents and variables, runs on three servers over equal states, one per execution
 * mode. Each document runs twice on each, so `adaptive` takes graphql-js on the first run and
 * graphql-jit on the second; `compiled` always takes graphql-jit, `interpreted` always graphql-js.
 * Every response must be byte-identical to graphql-js's (status, content type and body, errors
 * included), and the states must stay equal.
 *
 * `npm test` runs a few documents per operation; `npm run fuzz` many more. Replay a failure with
 * DIFFERENTIAL_SEED (and the path fast-check prints).
 */
const PER_OPERATION = Number(process.env['DIFFERENTIAL_RUNS'] ?? 4);
/**
 * Each operation's time grows with its documents: Mutation.login hashes a password per request
 * (up to 240 scrypt runs for 40 documents), 9 s on 2 idle cores and past the suite's 20 s when the
 * machine is busy. A test over its time goes on in the background, sharing the servers with the
 * next ones, which then fail for it (states that differ, a server closed under a request: socket
 * hang up). So each gets 1.5 s per document, never less than the suite's 20 s.
 */
const TIMEOUT_MS = Math.max(20_000, PER_OPERATION * 1_500);
const SEED = Number(process.env['DIFFERENTIAL_SEED'] ?? 20261123);
/** graphql-js first: it is the reference the others are held to. */
const MODES: readonly ExecutionMode[] = ['interpreted', 'adaptive', 'compiled'];

let world: EqualServers;
let dirty = false;
let sent = 0;
/** What the documents of each operation got back (`data`, or the first error's code), for the coverage table. */
const outcomes = new Map<string, Map<string, number>>();

function tally(coordinate: string, bytes: string): void {
  const body = JSON.parse(bytes.slice(bytes.indexOf('\n') + 1)) as { errors?: { extensions?: { code?: string } }[] };
  const outcome = body.errors ? (body.errors[0]?.extensions?.code ?? 'no code') : 'data';
  const counts = outcomes.get(coordinate) ?? new Map<string, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  outcomes.set(coordinate, counts);
}

/** With DIFFERENTIAL_STATS=1, prints what each operation's documents got back: a generator that only reaps errors compares little. */
function printOutcomes(): void {
  if (!process.env['DIFFERENTIAL_STATS']) return;
  const lines = [...outcomes].map(([coordinate, counts]) => `${coordinate.padEnd(40)} ${[...counts].map(([outcome, n]) => `${outcome} ${n}`).join(', ')}`);
  console.log(lines.join('\n'));
}

async function freshWorld(): Promise<void> {
  await world?.close();
  world = await startEqualServers(MODES);
  dirty = false;
}

beforeAll(freshWorld);
afterAll(async () => {
  printOutcomes();
  await world.close();
});

interface Answer {
  readonly mode: ExecutionMode;
  /** Status, content type and body, as one text to compare. */
  readonly bytes: string;
}

/**
 * POSTs over node:http rather than fetch, which cannot set `Host`: every server is told it is
 * `parley.localhost` (a name the Host allow-list answers), so the URLs they hand out (built from `Host`) are equal too.
 */
function post(url: string, query: string, variables: Record<string, unknown>, token: string | undefined): Promise<string> {
  const body = JSON.stringify({ query, variables });
  const headers: Record<string, string> = {
    host: 'parley.localhost',
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(`${response.statusCode} ${response.headers['content-type']}\n${text}`));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs `operation` twice on every server; returns what differed from graphql-js, if anything. */
async function differences(operation: GeneratedOperation): Promise<string | undefined> {
  // A text no server has seen yet, so that adaptive's first run is its interpreted one.
  const query = `${operation.query}\n# document ${++sent}`;
  const token = world.tokenOf(operation.caller);
  for (const run of [1, 2]) {
    const answers: Answer[] = [];
    for (const [mode, server] of world.servers) answers.push({ mode, bytes: await post(server.url, query, operation.variables, token) });
    const [reference, ...others] = answers;
    tally(operation.coordinate, reference!.bytes);
    const differing = others.find((answer) => answer.bytes !== reference!.bytes);
    if (differing) {
      return [
        `${operation.coordinate}, run ${run}: ${differing.mode} answered differently from graphql-js (caller ${operation.caller})`,
        query,
        `variables: ${JSON.stringify(operation.variables)}`,
        `interpreted: ${reference!.bytes}`,
        `${differing.mode}: ${differing.bytes}`,
      ].join('\n');
    }
  }
  const digests = world.servers.map(([mode, server]) => `${mode} ${digestTables(server.state.tables, { randomSalts: 'skip' })}`);
  if (new Set(digests.map((digest) => digest.split(' ')[1])).size !== 1) {
    return [`${operation.coordinate}: the same responses left different states`, query, `variables: ${JSON.stringify(operation.variables)}`, ...digests].join('\n');
  }
  return undefined;
}

const schema = createExecutableSchema();

describe('every execution path answers every operation byte for byte as graphql-js does', () => {
  const coordinates = [
    ...Object.keys(schema.getQueryType()!.getFields()).map((name) => `Query.${name}`),
    ...Object.keys(schema.getMutationType()!.getFields()).map((name) => `Mutation.${name}`),
  ];
  // Built once the servers are up: the generator draws ids from their (shared) demo data.
  let operations: ReadonlyMap<string, fc.Arbitrary<GeneratedOperation>> | undefined;

  it.each(coordinates)(`%s: ${PER_OPERATION} documents, each twice on every mode`, async (coordinate) => {
    operations ??= operationsOf(schema, world.pools);
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(operations.get(coordinate)!, async (operation) => {
        if (dirty) await freshWorld();
        ran += 1;
        const difference = await differences(operation);
        if (difference) dirty = true;
        expect(difference).toBeUndefined();
        expect(world.bugs).toEqual([]);
      }),
      { numRuns: PER_OPERATION, seed: SEED },
    );
    expect(ran).toBeGreaterThanOrEqual(PER_OPERATION);
  }, TIMEOUT_MS);
});
