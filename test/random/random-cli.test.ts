import { describe, expect, it } from 'vitest';
import { isUuid } from '../../src/schema/ids.js';
import { linesPrinted, runCli, serveCli } from '../support/cli-process.js';

/** Starts the built CLI and resolves with its first two lines. */
async function serve(args: string[]): Promise<string[]> {
  return (await serveCli(args, linesPrinted(2))).lines.slice(0, 2);
}

async function post(url: string, query: string): Promise<string> {
  return (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).text();
}

describe('parley mock serve --random', () => {
  it('keeps the first line, says it is random mode on the next, and answers the same for the same --seed', async () => {
    const [[line, randomLine], [otherLine]] = await Promise.all([serve(['--port', '0', '--random', '--seed', '5']), serve(['--port', '0', '--random', '--seed', '5'])]);
    const url = /^parley mock listening on (http:\/\/127\.0\.0\.1:\d+\/graphql)$/.exec(line!)?.[1];
    const otherUrl = /^parley mock listening on (http:\/\/\S+)$/.exec(otherLine!)?.[1];
    expect(url, line).toBeDefined();
    expect(randomLine).toMatch(/^parley mock: random mode, seed 5: /);
    const query = '{ me { id email displayName } workspaces { id name } }';
    const body = await post(url!, query);
    const data = (JSON.parse(body) as { data: { me: { id: string } } }).data;
    expect(isUuid(data.me.id)).toBe(true);
    expect(await post(otherUrl!, query)).toBe(body);
  });

  it('--help describes --random', async () => {
    const { stdout: out } = await runCli(['mock', 'serve', '--help']);
    expect(out).toMatch(/--random\s+schema-only random mode/);
  });
});
