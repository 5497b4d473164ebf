import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { registerActor, type Actor } from '../../support/world.js';

const UPLOAD = 'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { key uploadUrl } }';
const AVATAR = 'mutation($key: String) { updateAvatar(key: $key) { id avatarUrl } }';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let mock: RunningMockServer;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  alice = await registerActor(mock.url, 'alice');
  bob = await registerActor(mock.url, 'bob');
});
afterAll(() => mock.close());

async function upload(actor: Actor, scope: 'PUBLIC' | 'PRIVATE', contentType = 'image/png', bytes: Uint8Array<ArrayBuffer> | null = PNG): Promise<string> {
  const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(mock.url, UPLOAD, { input: { contentType, scope, fileName: 'me.png' } }, actor.token));
  if (bytes) expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body: bytes })).status).toBe(200);
  return createUploadUrl.key;
}

describe('updateAvatar', () => {
  it('takes a PUBLIC upload the caller PUT; avatarUrl serves its bytes; null clears it', async () => {
    const key = await upload(alice, 'PUBLIC');
    const { updateAvatar } = ok(await gql<{ updateAvatar: { id: string; avatarUrl: string } }>(mock.url, AVATAR, { key }, alice.token));
    expect(updateAvatar.id).toBe(alice.id);
    const served = await fetch(updateAvatar.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const { me } = ok(await gql<{ me: { avatarUrl: string | null } }>(mock.url, '{ me { avatarUrl } }', {}, alice.token));
    expect(me.avatarUrl).toBe(updateAvatar.avatarUrl);

    const cleared = ok(await gql<{ updateAvatar: { avatarUrl: string | null } }>(mock.url, AVATAR, { key: null }, alice.token));
    expect(cleared.updateAvatar.avatarUrl).toBeNull();
    expect(ok(await gql<{ me: { avatarUrl: string | null } }>(mock.url, '{ me { avatarUrl } }', {}, alice.token)).me.avatarUrl).toBeNull();
  });

  it('refuses an unknown key, another user\'s upload, a PRIVATE upload, one without bytes, and a non-image', async () => {
    const cases: [string, string, string][] = [
      ['up_unknown', 'NOT_FOUND', 'unknown key'],
      [await upload(bob, 'PUBLIC'), 'FORBIDDEN', "bob's upload"],
      [await upload(alice, 'PRIVATE'), 'BAD_USER_INPUT', 'a PRIVATE upload'],
      [await upload(alice, 'PUBLIC', 'image/png', null), 'BAD_USER_INPUT', 'nothing PUT yet'],
      [await upload(alice, 'PUBLIC', 'application/pdf'), 'BAD_USER_INPUT', 'a PDF'],
    ];
    for (const [key, code, what] of cases) {
      const refused = await gql(mock.url, AVATAR, { key }, alice.token);
      expectCode(refused, code);
      expect(refused.errors![0]!.message, what).toBeTruthy();
    }
    expect(ok(await gql<{ me: { avatarUrl: string | null } }>(mock.url, '{ me { avatarUrl } }', {}, alice.token)).me.avatarUrl, 'refusals change nothing').toBeNull();
  });

  it('needs a token', async () => {
    expectCode(await gql(mock.url, AVATAR, { key: null }), 'UNAUTHENTICATED');
  });
});
