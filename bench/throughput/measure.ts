import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, startServer, type LoadResult, type ServerProcess } from './processes.js';
import { PAGE_QUERY, SEND_MUTATION, SINCE_QUERY } from './page-query.js';

export interface ThroughputRow {
  readonly server: string;
  readonly operation: string;
  /** One load result per round, in round order. */
  readonly rounds: LoadResult[];
}

export interface ThroughputOptions {
  readonly seconds: number;
  readonly connections: number;
  /** Every target is loaded once per round, in turn, so drift on a shared machine hits all alike. */
  readonly rounds: number;
  /** Seconds of load before each measured window. */
  readonly warmupSeconds: number;
}

interface Page {
  data?: { messages?: { nodes: unknown[] } };
  errors?: unknown[];
}

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return response.json();
}

/** Every server must answer the request correctly before it is timed: 30 messages, no errors. */
async function expectPage(url: string, body: string, headers: Record<string, string> = {}): Promise<void> {
  const answer = (await post(url, body, headers)) as Page;
  if (answer.errors || answer.data?.messages?.nodes.length !== 30) {
    throw new Error(`${url} did not answer the 30-message page: ${JSON.stringify(answer).slice(0, 300)}`);
  }
}

/**
 * Requests per second for the same 30-message page (all 14 fields) from the anchors of docs/benchmarks.md
 * and from Parley (alice paging #general of the demo data), each server in its own process and the
 * load generator in another, all in this one run.
 */
interface Target {
  readonly server: string;
  readonly operation: string;
  readonly url: string;
  readonly body: string;
  readonly headers?: Record<string, string>;
  readonly idReplacement?: boolean;
}

export async function measureThroughput(options: ThroughputOptions, progress: (line: string) => void): Promise<ThroughputRow[]> {
  const running: ServerProcess[] = [];
  try {
    progress('throughput: starting Parley (node dist/cli/main.js mock serve) ...');
    const parley = await startServer(['dist/cli/main.js', 'mock', 'serve', '--port', '0']);
    running.push(parley);
    const url = `${parley.origin}/graphql`;
    const login = (await post(url, JSON.stringify({ query: 'mutation { login(input: { email: "alice@acme.test", password: "parley-demo" }) { accessToken } }' }))) as { data: { login: { accessToken: string } } };
    const auth = { authorization: `Bearer ${login.data.login.accessToken}` };
    const listing = (await post(url, JSON.stringify({ query: '{ workspaces { id } }' }), auth)) as { data: { workspaces: { id: string }[] } };
    const conversations = (await post(url, JSON.stringify({ query: 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', variables: { w: listing.data.workspaces[0]!.id } }), auth)) as { data: { conversations: { nodes: { id: string; title: string }[] } } };
    const general = conversations.data.conversations.nodes.find((c) => c.title === 'general')!.id;
    // Sends go to #random: posting into #general would turn its newest page into short load-test
    // messages, cheaper than the demo page every other server serves in later rounds.
    const random = conversations.data.conversations.nodes.find((c) => c.title === 'random')!.id;
    const pageBody = JSON.stringify({ query: PAGE_QUERY, variables: { c: general }, operationName: 'Page' });
    await expectPage(url, pageBody, auth);
    const pageFile = join(tmpdir(), `parley-bench-page-${process.pid}.json`);
    writeFileSync(pageFile, JSON.stringify(await post(url, pageBody, auth)));

    const targets: Target[] = [];
    const anchors: [string, string[]][] = [
      ['(a) node:http, fixed body', ['--import', 'tsx', 'bench/throughput/servers/fixed-body.ts', pageFile]],
      ['(b) node:http + graphql-jit, static page', ['--import', 'tsx', 'bench/throughput/servers/jit-static.ts', pageFile]],
      ['(b2) the same, compiled stringify', ['--import', 'tsx', 'bench/throughput/servers/jit-static.ts', pageFile, 'compiled']],
      ['(c) graphql-yoga + @graphql-tools/mock', ['--import', 'tsx', 'bench/throughput/servers/yoga-mock.ts']],
    ];
    for (const [server, args] of anchors) {
      progress(`throughput: starting ${server} ...`);
      const anchor = await startServer(args);
      running.push(anchor);
      await expectPage(`${anchor.origin}/graphql`, pageBody);
      targets.push({ server, operation: 'messages', url: `${anchor.origin}/graphql`, body: pageBody });
    }
    const sinceBody = JSON.stringify({ query: SINCE_QUERY, variables: { c: general }, operationName: 'Since' });
    const sendBody = JSON.stringify({ query: SEND_MUTATION, variables: { input: { conversationId: random, clientMessageId: '[<id>]', content: 'load test' } }, operationName: 'Send' });
    targets.push(
      { server: '(d) Parley, alice paging #general', operation: 'messages', url, body: pageBody, headers: auth },
      { server: '(d) Parley, alice paging #general', operation: 'messagesSince', url, body: sinceBody, headers: auth },
      { server: '(d) Parley, alice posting to #random', operation: 'sendMessage', url, body: sendBody, headers: auth, idReplacement: true },
    );

    const rows: ThroughputRow[] = targets.map((target) => ({ server: target.server, operation: target.operation, rounds: [] }));
    // The machine's speed drifts by tens of percent within a minute (shared cores): each ratio the
    // targets judge is taken between windows next to each other, and every other round runs the
    // list backwards, so neither side of a ratio always goes first.
    const adjacent: ((target: Target) => boolean)[] = [
      (target) => target.server.startsWith('(b) '),
      (target) => target.server.startsWith('(d)') && target.operation === 'messages',
      (target) => target.server.startsWith('(b2)'),
      (target) => target.server.startsWith('(c)'),
    ];
    const rank = (target: Target) => {
      const at = adjacent.findIndex((matches) => matches(target));
      return at < 0 ? adjacent.length : at;
    };
    const order = [...targets.keys()].sort((x, y) => rank(targets[x]!) - rank(targets[y]!));
    for (let round = 1; round <= options.rounds; round++) {
      for (const index of round % 2 === 1 ? order : [...order].reverse()) {
        const target = targets[index]!;
        progress(`throughput: round ${round}/${options.rounds}, ${target.server} ${target.operation} ...`);
        const result = await load(target.url, { body: target.body, connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmupSeconds, ...(target.headers ? { headers: target.headers } : {}), ...(target.idReplacement ? { idReplacement: true } : {}) });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.server} ${target.operation}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
        rows[index]!.rounds.push(result);
      }
    }
    return rows;
  } finally {
    await Promise.all(running.map((server) => server.stop()));
  }
}
