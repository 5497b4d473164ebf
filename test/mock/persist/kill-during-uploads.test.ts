import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineStarting, serveCli } from '../../support/cli-process.js';
import { gql, ok } from '../../support/client.js';
import { createChannel, createWorkspace, registerActor, send, type Actor } from '../../support/world.js';

/**
 * The promise of docs/mock.md ("Keep your data: --persist"): after `kill -9`, whatever was
 * acknowledged more than {@link WINDOW_MS} before it is in the file. Under 1.5 MiB uploads the
 * writer used to fall seconds behind (every flush and compaction encoded the bytes in pure JS on
 * the event loop, and appends waited behind a compaction's fsync): channels and messages
 * acknowledged 5 to 6 s before the kill were lost.
 */

/** The documented window: a change is appended at most 1 s after it, and on disk within 3 s, on a loaded machine too. */
const WINDOW_MS = 3_000;
/** How long the clients run before the kill: long enough for flushes and a compaction under uploads. */
const RUN_MS = 5_000;
const UPLOAD_BYTES = 1.5 * 1024 * 1024;

const UPLOAD = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl publicUrl } }';

const serve = async (file: string) => {
  // The uploads are never used: the cap on unused uploads (100 MiB a user) is raised out of the way.
  const started = await serveCli(['--port', '0', '--empty', '--persist', file, '--max-unused-upload-bytes', String(2 ** 40)], (stdout) => lineStarting('parley mock listening on ', stdout) !== undefined);
  return { child: started.child, url: lineStarting('parley mock listening on ', started.stdout)!.slice('parley mock listening on '.length).trim() };
};

interface Acknowledged {
  readonly at: number;
  readonly kind: 'upload' | 'channel' | 'message';
  /** The upload's public URL, the channel's id, or the message's id. */
  readonly id: string;
  /** The message's channel. */
  readonly channelId?: string;
}

async function upload(url: string, actor: Actor, body: Uint8Array): Promise<string> {
  const { publicUrl, uploadUrl } = ok(
    await gql<{ createUploadUrl: { uploadUrl: string; publicUrl: string } }>(url, UPLOAD, { i: { contentType: 'image/png', scope: 'PUBLIC', fileName: 'big.png' } }, actor.token),
  ).createUploadUrl;
  const response = await fetch(uploadUrl, { method: 'PUT', body: body as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'image/png' } });
  expect(response.status).toBe(200);
  return publicUrl;
}

const dir = mkdtempSync(join(tmpdir(), 'parley-kill-uploads-'));
// The file holds every upload (tens of MB): not left behind.
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('kill -9 while a client uploads 1.5 MiB files', () => {
  it('loses nothing acknowledged more than the documented window before the kill', async () => {
    const file = join(dir, 'state.json');
    const first = await serve(file);
    const alice = await registerActor(first.url, 'alice');
    const workspaceId = await createWorkspace(first.url, alice);
    const acknowledged: Acknowledged[] = [];
    const until = Date.now() + RUN_MS;
    const body = new Uint8Array(UPLOAD_BYTES).map((_, index) => (index * 31) & 0xff);
    // One client uploads, another creates channels and messages in them, both as fast as answered.
    const uploads = (async () => {
      while (Date.now() < until) acknowledged.push({ kind: 'upload', id: await upload(first.url, alice, body), at: Date.now() });
    })();
    const chat = (async () => {
      while (Date.now() < until) {
        const channelId = await createChannel(first.url, alice, workspaceId, 'PUBLIC');
        acknowledged.push({ kind: 'channel', id: channelId, at: Date.now() });
        for (let n = 0; n < 5; n += 1) acknowledged.push({ kind: 'message', id: (await send(first.url, alice, channelId, `m ${n}`)).id, channelId, at: Date.now() });
      }
    })();
    await Promise.all([uploads, chat]);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await exited;

    const kept = acknowledged.filter((item) => item.at < killedAt - WINDOW_MS);
    expect(kept.filter((item) => item.kind === 'upload').length).toBeGreaterThan(0);
    expect(kept.filter((item) => item.kind === 'message').length).toBeGreaterThan(0);

    const second = await serve(file);
    // Each channel's messages, or null when the channel is not there.
    const channels = new Map<string, Set<string> | null>();
    for (const channelId of new Set(kept.map((item) => item.channelId ?? (item.kind === 'channel' ? item.id : null)).filter((id) => id !== null))) {
      const page = await gql<{ messages: { nodes: { id: string }[] } }>(second.url, 'query($c: ID!) { messages(conversationId: $c, first: 50) { nodes { id } } }', { c: channelId }, alice.token);
      channels.set(channelId, page.errors ? null : new Set(page.data!.messages.nodes.map((node) => node.id)));
    }
    const lost: string[] = [];
    for (const item of kept) {
      const present =
        item.kind === 'channel' ? channels.get(item.id) !== null
        : item.kind === 'message' ? (channels.get(item.channelId!)?.has(item.id) ?? false)
        : (await fetch(item.id.replace(new URL(item.id).origin, new URL(second.url).origin), { method: 'HEAD' })).headers.get('content-length') === String(UPLOAD_BYTES);
      if (!present) lost.push(`${item.kind} acknowledged ${((killedAt - item.at) / 1000).toFixed(1)} s before the kill`);
    }
    second.child.kill('SIGKILL');
    expect(lost).toEqual([]);
  }, 15_000);
});
