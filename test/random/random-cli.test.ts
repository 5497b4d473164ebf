import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isUuid } from '../../src/schema/ids.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
});

/** Starts the built CLI (test/global-setup.ts builds it) and resolves with its first two lines. */
function serve(args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, ['dist/cli/main.js', 'mock', 'serve', ...args], { cwd: root, env: { ...process.env, PORT: '' } });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      if (lines.length > 2) resolve(lines.slice(0, 2));
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
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
    const child = spawn(process.execPath, ['dist/cli/main.js', 'mock', 'serve', '--help'], { cwd: root });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    expect(out).toMatch(/--random\s+schema-only random mode/);
  });
});
