import { spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStateFile } from '../../../src/mock-server/persist/read-state-file.js';
import { MockState } from '../../../src/mock-server/state/mock-state.js';
import { exportSnapshot, restoreSnapshot } from '../../../src/mock-server/state/snapshot/index.js';
import { lineStarting, root, startProcess } from '../../support/cli-process.js';
import { gql, ok } from '../../support/client.js';
import { createWorkspace, registerActor, send } from '../../support/world.js';

/** The built CLI (test/global-setup.ts builds it), as users run it. */
const cli = ['dist/cli/main.js', 'mock', 'serve', '--port', '0'];
/** Starts `node args`; resolves with its first stdout line that starts with `prefix` (rejects if it exits first). */
async function start(args: string[], prefix: string): Promise<{ child: ChildProcess; line: string }> {
  const started = await startProcess(args, (stdout) => lineStarting(prefix, stdout) !== undefined);
  if (started.status !== null) throw new Error(`exited with ${started.status}: ${started.stderr}`);
  return { child: started.child, line: lineStarting(prefix, started.stdout)! };
}

const serve = async (file: string) => {
  const { child, line } = await start([...cli, '--empty', '--persist', file], 'parley mock listening on ');
  return { child, url: line.slice('parley mock listening on '.length).trim() };
};
const stop = (child: ChildProcess) => new Promise<number | null>((resolve) => {
  child.once('exit', resolve);
  child.kill('SIGTERM');
});
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'parley-persist-')), 'state.json');

/** The file with one byte of its line `index` (0-based) changed, within the line's JSON: its checksum no longer matches. */
const flipInLine = (index: number) => (good: string) => {
  const lines = good.split('\n');
  const json = lines[index]!.slice(0, lines[index]!.lastIndexOf('\t'));
  const at = Math.floor(json.length / 2);
  lines[index] = `${json.slice(0, at)}${json[at] === 'x' ? 'y' : 'x'}${lines[index]!.slice(at + 1)}`;
  return lines.join('\n');
};

describe('mock serve --persist FILE', () => {
  it('writes the file at start, keeps what was sent across a restart, and the token still works', async () => {
    const file = tempFile();
    const first = await serve(file);
    expect(existsSync(file)).toBe(true);
    const alice = await registerActor(first.url, 'alice');
    const workspaceId = await createWorkspace(first.url, alice);
    const general = ok(await gql<{ conversations: { nodes: { id: string }[] } }>(first.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id } } }', { w: workspaceId }, alice.token));
    const conversationId = general.conversations.nodes[0]!.id;
    const sent = await send(first.url, alice, conversationId, 'kept across restarts');
    // SIGTERM flushes the pending (debounced) write before exiting.
    expect(await stop(first.child)).toBe(0);

    const second = await serve(file);
    const page = ok(
      await gql<{ messages: { nodes: { id: string; content: string }[] } }>(second.url, 'query($c: ID!) { messages(conversationId: $c) { nodes { id content } } }', { c: conversationId }, alice.token),
    );
    expect(page.messages.nodes.map((node) => [node.id, node.content])).toContainEqual([sent.id, 'kept across restarts']);
    expect(await stop(second.child)).toBe(0);
  }, 20_000);

  it.each([
    ['garbage', () => 'not a snapshot at all', 'the snapshot is not JSON (truncated or corrupt)'],
    ['a file cut short inside its base', (good: string) => good.slice(0, Math.floor(good.length / 2)), 'the file ends before its base does: it is truncated or corrupt'],
    ['a snapshot document cut short', (good: string) => JSON.stringify(exportSnapshot(new MockState())).slice(0, 500), 'the snapshot is not JSON (truncated or corrupt)'],
    ['JSON of another format', () => '{"format":"other-tool","version":1}', 'this is not a Parley state snapshot'],
    ['another version', (good: string) => good.replace('"version":1', '"version":7'), 'snapshot version 7 is not supported: this Parley reads version 1'],
    ['a byte flipped in a line of its base', flipInLine(1), 'line 2 is corrupt (its checksum does not match): it is not a torn last write'],
  ])('refuses %s: exit 2, one line on stderr, the file left byte for byte', async (_name, corrupt, words) => {
    const goodFile = tempFile();
    const { child } = await serve(goodFile);
    expect(await stop(child)).toBe(0);
    const file = tempFile();
    const bytes = corrupt(readFileSync(goodFile, 'utf8'));
    writeFileSync(file, bytes);
    const result = spawnSync(process.execPath, [...cli, '--persist', file], { cwd: root, encoding: 'utf8', env: { ...process.env, PORT: '' } });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`parley: refusing the --persist file ${file}, left untouched: ${words}`);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  }, 20_000);

  it('--persist with --random is a usage error (exit 2)', () => {
    const result = spawnSync(process.execPath, [...cli, '--random', '--persist', tempFile()], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
  });
});

describe('mock serve --persist FILE after a torn last append', () => {
  it('recovers what was before it, cuts it off, and says so in one line on stderr', async () => {
    const file = tempFile();
    const first = await serve(file);
    const alice = await registerActor(first.url, 'alice');
    const workspaceId = await createWorkspace(first.url, alice);
    expect(await stop(first.child)).toBe(0);
    const good = readFileSync(file);
    // What a crash in the middle of an append leaves: the start of a line, no checksum, no newline.
    const torn = '[["s","workspaces","torn",{"id":"torn","name":"never writ';
    appendFileSync(file, torn);

    const started = await startProcess([...cli, '--empty', '--persist', file], (stdout) => lineStarting('parley mock listening on ', stdout) !== undefined);
    expect(started.status).toBeNull();
    const stderr: string[] = [started.stderr];
    started.child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    // Cut off before the mock listens: the file is the good one again, byte for byte.
    expect(readFileSync(file).equals(good)).toBe(true);
    const url = lineStarting('parley mock listening on ', started.stdout)!.slice('parley mock listening on '.length).trim();
    const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, alice.token));
    expect(workspaces.map((workspace) => workspace.id)).toEqual([workspaceId]);
    expect(await stop(started.child)).toBe(0);
    expect(stderr.join('').trim().split('\n')).toEqual([`[parley] the --persist file ${file} ended in a torn write (${Buffer.byteLength(torn)} bytes): cut off, the rest recovered.`]);
  }, 20_000);
});

/** Workspaces in the state file now (a torn last append is left out, as at start). */
const workspacesIn = async (file: string) => restoreSnapshot((await readStateFile(file))!.document).tables.workspaces.size;

describe('kill -9 while writing', () => {
  it('leaves the file at the previous or the next good state, never torn', async () => {
    const file = tempFile();
    const child = join(root, 'test/mock/persist/writer-child.mjs');
    let workspaces = 0;
    for (let round = 0; round < 4; round += 1) {
      const { child: writer, line } = await start([child, file], 'ready ');
      // Each child starts from the file the one before it was killed over.
      expect(Number(line.slice('ready '.length))).toBe(workspaces);
      // Once this child's writes have reached the disk (however loaded the machine), kill it at a
      // random moment of its stream of writes.
      const deadline = Date.now() + 10_000;
      while ((await workspacesIn(file)) === workspaces && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
      const exited = new Promise((resolve) => writer.once('exit', resolve));
      writer.kill('SIGKILL');
      await exited;
      const now = await workspacesIn(file);
      expect(now).toBeGreaterThan(workspaces);
      workspaces = now;
    }
    // A kill during a base leaves its temporary file (FILE.<random>.base) beside it, until the next
    // mock takes the stale lock over and deletes it; the state file itself is whole.
    expect(readdirSync(join(file, '..'))).toContain('state.json');
  }, 40_000);
});
