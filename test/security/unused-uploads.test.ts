import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { loadStateFile } from '../../src/mock-server/persist/state-file.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { DomainError } from '../../src/mock-server/state/errors.js';
import { uploadRules } from '../../src/mock-server/state/files/uploads.js';
import { defaultMaxUnusedUploadBytes } from '../../src/mock-server/state/files/unused-uploads.js';
import { MockState } from '../../src/mock-server/state/mock-state.js';
import { serveCli } from '../support/cli-process.js';
import { gql, ok } from '../support/client.js';
import { buildWorld, registerActor, send, type Actor, type World } from '../support/world.js';

/**
 * Attack class: memory exhaustion through unused uploads. Anyone may register (and, with
 * `--host 0.0.0.0`, anyone on the network), and every PUT to an upload URL used to be kept
 * forever whether or not the key was ever used: twelve 25 MiB PUTs from a brand-new account took
 * the mock from 98 to 425 MB. Now the bytes a user holds in unused uploads (PUTs under way
 * included) are capped, a PUT past the cap is refused as its bytes arrive, and an upload not used
 * by its expiry is dropped; used uploads are never dropped, and dropped ones leave the
 * `--persist` file too.
 */

const KiB = 1024;
/** A small cap, so the test moves kilobytes, not the default's megabytes. */
const CAP = 64 * KiB;
const UPLOAD = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl publicUrl expiresAt } }';
const clock = new ManualClock(Date.parse('2030-01-01T09:00:00Z'));
const dir = mkdtempSync(join(tmpdir(), 'parley-unused-uploads-'));
const file = join(dir, 'state.json');

let mock: RunningMockServer;
let world: World;
let closed = false;
/** Keys of the expiry test: dropped ones (written to the file while unused), and used ones. */
const dropped: string[] = [];
const used: string[] = [];

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    empty: true,
    clock,
    // Tokens outlive the uploads, so the clock can pass their expiry without logging in again.
    tokenLifetimes: { accessTokenMs: 24 * 3_600_000, refreshTokenMs: 48 * 3_600_000, rememberMeRefreshTokenMs: 48 * 3_600_000 },
    maxUnusedUploadBytes: CAP,
    persist: { file, debounceMs: 0 },
  });
  world = await buildWorld(mock.url);
});
afterAll(async () => {
  if (!closed) await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Upload {
  readonly key: string;
  readonly uploadUrl: string;
  readonly publicUrl: string | null;
}

async function createUpload(actor: Actor, scope: 'PUBLIC' | 'PRIVATE' = 'PUBLIC'): Promise<Upload> {
  return ok(await gql<{ createUploadUrl: Upload }>(mock.url, UPLOAD, { i: { contentType: 'image/png', scope, fileName: 'f.png' } }, actor.token)).createUploadUrl;
}

function put(url: string, bytes: number): Promise<Response> {
  return fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/png' } });
}

async function uploaded(actor: Actor, bytes: number, scope: 'PUBLIC' | 'PRIVATE' = 'PUBLIC'): Promise<Upload> {
  const upload = await createUpload(actor, scope);
  expect((await put(upload.uploadUrl, bytes)).status).toBe(200);
  return upload;
}

async function refusal(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
  return { status: response.status, code: body.errors[0]!.extensions.code, message: body.errors[0]!.message };
}

/**
 * A chunked PUT (no Content-Length, as a streaming client sends) of `total` bytes, 16 KiB at a
 * time, paced by the socket; stops writing once an answer comes. Resolves with the answer and
 * how many bytes were written by then.
 */
function streamPut(url: string, total: number): Promise<{ status: number; body: string; written: number }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(url, { method: 'PUT', headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, written }));
    });
    // Writes after the server closed the connection fail; the answer is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = new Uint8Array(16 * KiB);
    const more = (): void => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', more);
      }
      if (!answered) req.end();
    };
    more();
  });
}

describe('a user holds at most the cap in unused uploads', () => {
  it('a brand-new account PUTs past its cap: 413 QUOTA_EXCEEDED naming the flag, nothing kept, before the body is read', async () => {
    const x = await registerActor(mock.url, 'x');
    await uploaded(x, 24 * KiB);
    await uploaded(x, 24 * KiB);
    expect(mock.state.uploads.unusedBytes(x.id)).toBe(48 * KiB);

    const third = await createUpload(x);
    const refused = await refusal(await put(third.uploadUrl, 24 * KiB));
    expect(refused).toMatchObject({ status: 413, code: 'QUOTA_EXCEEDED' });
    expect(refused.message).toContain('--max-unused-upload-bytes');
    expect(mock.state.uploads.unusedBytes(x.id)).toBe(48 * KiB);
    expect(mock.state.uploads.find(third.key)!.body).toBeNull();

    // Other accounts have their own room.
    const other = await registerActor(mock.url, 'other');
    await uploaded(other, 24 * KiB);
  });

  it('a chunked PUT (no Content-Length) is refused as soon as its bytes pass the cap, and what it had counted is given back', async () => {
    const x = await registerActor(mock.url, 'x');
    await uploaded(x, 24 * KiB);
    const upload = await createUpload(x);
    const total = 8 * 1024 * KiB;
    const answer = await streamPut(upload.uploadUrl, total);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'QUOTA_EXCEEDED' } }] });
    // Refused while the body was still coming, not once 8 MiB were buffered.
    expect(answer.written).toBeLessThan(total);
    expect(mock.state.uploads.unusedBytes(x.id)).toBe(24 * KiB);
    // The refused PUT holds nothing any more: the rest of the room is there.
    expect((await put(upload.uploadUrl, CAP - 24 * KiB)).status).toBe(200);
    expect(mock.state.uploads.unusedBytes(x.id)).toBe(CAP);
  });

  it('a PUT the client abandons half-way gives its bytes back and is no internal error', async () => {
    const logged = vi.spyOn(console, 'error');
    try {
      const x = await registerActor(mock.url, 'x');
      const upload = await createUpload(x);
      const req = request(upload.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png', 'content-length': String(48 * KiB) } });
      req.on('error', () => {});
      req.write(new Uint8Array(16 * KiB));
      await expect.poll(() => mock.state.uploads.unusedBytes(x.id)).toBe(16 * KiB);
      req.destroy();
      await expect.poll(() => mock.state.uploads.unusedBytes(x.id)).toBe(0);
      // The answer to a client that is gone is settled by now; nothing was logged as a bug.
      expect((await gql<{ health: string }>(mock.url, '{ health }')).data?.health).toBeDefined();
      expect(logged.mock.calls.filter((call) => String(call[0]).includes('internal error'))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('with the cap reached, createUploadUrl is refused with QUOTA_EXCEEDED on `input`; using an upload makes room', async () => {
    const x = await registerActor(mock.url, 'x');
    const first = await uploaded(x, 32 * KiB);
    await uploaded(x, 32 * KiB);
    const full = await gql(mock.url, UPLOAD, { i: { contentType: 'image/png', scope: 'PUBLIC' } }, x.token);
    expect(full.errors?.[0]).toMatchObject({ extensions: { code: 'QUOTA_EXCEEDED', field: 'input' } });

    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: first.key }, x.token));
    expect(mock.state.uploads.unusedBytes(x.id)).toBe(32 * KiB);
    await uploaded(x, 32 * KiB);
  });
});

describe('a replaced picture is dropped', () => {
  const AVATAR = 'mutation($k: String) { updateAvatar(key: $k) { id avatarUrl } }';
  const ICON = 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id iconUrl } }';

  it('setting an avatar again and again holds one picture: the one it replaces is gone, bytes and URL', async () => {
    const y = await registerActor(mock.url, 'y');
    const first = await uploaded(y, 16 * KiB);
    ok(await gql(mock.url, AVATAR, { k: first.key }, y.token));
    for (let round = 0; round < 3; round++) {
      const next = await uploaded(y, 16 * KiB);
      ok(await gql(mock.url, AVATAR, { k: next.key }, y.token));
    }
    const held = [...mock.state.tables.uploads.values()].filter((upload) => upload.ownerId === y.id);
    expect(held.map((upload) => upload.attachedTo)).toEqual([y.id]);
    expect((await fetch(first.publicUrl!)).status).toBe(404);
    // Setting the same picture again keeps it; removing the avatar drops it.
    const [current] = held;
    ok(await gql(mock.url, AVATAR, { k: current!.key }, y.token));
    expect(mock.state.tables.uploads.has(current!.key)).toBe(true);
    ok(await gql(mock.url, AVATAR, { k: null }, y.token));
    expect(mock.state.tables.uploads.has(current!.key)).toBe(false);
  });

  it('a workspace icon replaced is dropped too', async () => {
    const { a, workspaceId } = world;
    const first = await uploaded(a, 8 * KiB);
    ok(await gql(mock.url, ICON, { i: { id: workspaceId, iconKey: first.key } }, a.token));
    const second = await uploaded(a, 8 * KiB);
    ok(await gql(mock.url, ICON, { i: { id: workspaceId, iconKey: second.key } }, a.token));
    expect(mock.state.tables.uploads.has(first.key)).toBe(false);
    expect(mock.state.tables.uploads.get(second.key)?.attachedTo).toBe(workspaceId);
  });
});

describe('an upload not used by its expiry is dropped; a used one never is', () => {
  it('after expiry the bytes are gone (lazily on use, and swept for everyone on the next upload); the avatar and the attachment stay', async () => {
    const { a, b } = world;
    const unused = await uploaded(a, 8 * KiB);
    const lazy = await uploaded(a, 8 * KiB, 'PRIVATE');
    const avatar = await uploaded(a, 8 * KiB);
    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, a.token));
    const attachment = await uploaded(a, 8 * KiB, 'PRIVATE');
    await send(mock.url, a, world.privateChannelId, 'with a file', { attachments: [{ key: attachment.key, fileName: 'f.png', contentType: 'image/png', size: 8 * KiB }] });
    const before = mock.state.uploads.unusedCount();
    expect(mock.state.uploads.unusedBytes(a.id)).toBe(16 * KiB);

    clock.advance(uploadRules.urlLifetimeMs + 1_000);

    // Used once it expired: refused with a code naming the field, and dropped.
    const late = await gql(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', {
      i: { conversationId: world.privateChannelId, clientMessageId: 'late-1', content: 'late', attachments: [{ key: lazy.key, fileName: 'f.png', contentType: 'image/png', size: 8 * KiB }] },
    }, a.token);
    expect(late.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(late.errors?.[0]?.message).toContain('expired');
    expect(mock.state.tables.uploads.has(lazy.key)).toBe(false);
    // Not looked up yet: still there until a sweep.
    expect(mock.state.tables.uploads.has(unused.key)).toBe(true);

    // Anyone's next upload sweeps every expired one.
    await createUpload(b);
    expect(mock.state.tables.uploads.has(unused.key)).toBe(false);
    expect(mock.state.uploads.unusedBytes(a.id)).toBe(0);
    expect(mock.state.uploads.unusedCount()).toBeLessThan(before);
    expect((await fetch(unused.publicUrl!)).status).toBe(404);
    const reused = await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: unused.key }, a.token);
    expect(reused.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND', field: 'key' } });
    expect((await refusal(await put(unused.uploadUrl, 8))).status).toBe(403);

    // Used uploads are never dropped.
    expect(mock.state.tables.uploads.get(avatar.key)?.body?.byteLength).toBe(8 * KiB);
    expect(mock.state.tables.uploads.get(attachment.key)?.body?.byteLength).toBe(8 * KiB);
    expect((await fetch(avatar.publicUrl!)).status).toBe(200);
    // The room is back: the user may upload up to the cap again.
    await uploaded(a, CAP);
    dropped.push(unused.key, lazy.key);
    used.push(avatar.key, attachment.key);
  });

  it('the --persist file holds no dropped upload and every used one', async () => {
    expect(dropped).toHaveLength(2);
    const keys = [...mock.state.tables.uploads.keys()];
    closed = true;
    await mock.close();
    const loaded = await loadStateFile(file, { clock });
    const saved = loaded!.state.tables.uploads;
    expect([...saved.keys()].sort()).toEqual(keys.sort());
    for (const key of dropped) expect(saved.has(key)).toBe(false);
    for (const key of used) expect(saved.get(key)?.body?.byteLength).toBe(8 * KiB);
    // The count is rebuilt from the file: the cap holds across restarts.
    expect(loaded!.state.uploads.unusedBytes(world.a.id)).toBe(CAP);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
  });
});

describe('the default cap', () => {
  it('is 100 MiB (four uploads of the largest size), as docs/mock.md says', () => {
    expect(defaultMaxUnusedUploadBytes).toBe(100 * 1024 * 1024);
    const row = readFileSync(new URL('../../docs/mock.md', import.meta.url), 'utf8').split('\n').find((line) => line.includes('--max-unused-upload-bytes'));
    expect(row).toContain('100 MiB');

    const state = new MockState({ clock });
    const user = state.users.insert({ username: 'uu', displayName: 'U', email: 'uu@example.test' }, null);
    // One buffer for every upload: the test holds 25 MiB, not 100.
    const largest = new Uint8Array(uploadRules.maxBytes);
    for (let i = 0; i < 4; i++) state.uploads.put(state.uploads.create({ contentType: 'image/png', scope: 'PRIVATE' }, user.id).key, largest);
    expect(state.uploads.unusedBytes(user.id)).toBe(defaultMaxUnusedUploadBytes);
    expect(() => state.uploads.create({ contentType: 'image/png', scope: 'PRIVATE' }, user.id)).toThrow(DomainError);
  });
});

describe('parley mock serve --max-unused-upload-bytes', () => {
  it('sets the cap: a PUT past it is refused with 413 QUOTA_EXCEEDED', async () => {
    const { lines } = await serveCli(['--port', '0', '--empty', '--max-unused-upload-bytes', '1000']);
    const url = lines[0]!.slice('parley mock listening on '.length);
    const actor = await registerActor(url, 'cli');
    const { createUploadUrl } = ok(await gql<{ createUploadUrl: Upload }>(url, UPLOAD, { i: { contentType: 'image/png', scope: 'PRIVATE' } }, actor.token));
    expect(await refusal(await put(createUploadUrl.uploadUrl, 1001))).toMatchObject({ status: 413, code: 'QUOTA_EXCEEDED' });
    expect((await put(createUploadUrl.uploadUrl, 1000)).status).toBe(200);
  });
});
