import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createParleyHandlers, type ParleyHandlers } from '../../src/msw/index.js';
import { gql, ok } from '../support/client.js';

/**
 * The URLs the mock hands out (upload URLs, `publicUrl`s and avatars, file download and preview
 * links, the OAuth authorize page) work through the MSW door as through `parley mock serve`: the
 * handlers serve the mock's routes on the endpoint's origin, not `/graphql` alone. Each step runs
 * through both doors, with fetch, and the refusals answer the same status and body.
 */

/** No server listens here: MSW answers every request to it. */
const ENDPOINT = 'http://parley.test/graphql';
/** A small cap on unused uploads, so the over-quota case moves kilobytes. */
const CAP = 16 * 1024;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 256 }, (_, i) => i)]);

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }';
const UPLOAD = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl publicUrl } }';
const SEND = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { attachments { id } } }';
const AVATAR = 'mutation($key: String) { updateAvatar(key: $key) { avatarUrl } }';
const AUTHORIZE = 'query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }';

let parley: ParleyHandlers;
let http: RunningMockServer;
const server = setupServer();

beforeAll(async () => {
  [parley, http] = await Promise.all([createParleyHandlers({ endpoint: ENDPOINT, seed: 1, maxUnusedUploadBytes: CAP }), startMockServer({ port: 0, seed: 1, maxUnusedUploadBytes: CAP })]);
  server.use(...parley.handlers);
  // The HTTP door, compared with below, is reached through the network.
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server.close();
  await http.close();
});

interface Upload {
  readonly key: string;
  readonly uploadUrl: string;
  readonly publicUrl: string | null;
}

/** One door, as a client sees it: its GraphQL URL and what the steps need. */
function client(url: string) {
  let token = '';
  const call = async <T,>(query: string, variables: Record<string, unknown>): Promise<T> => ok(await gql<T>(url, query, variables, token));
  return {
    async login(): Promise<void> {
      token = (await call<{ login: { accessToken: string } }>(LOGIN, { input: { email: 'alice@acme.test', password: 'parley-demo' } })).login.accessToken;
    },
    async createUpload(scope: 'PUBLIC' | 'PRIVATE', fileName = 'logo.png'): Promise<Upload> {
      return (await call<{ createUploadUrl: Upload }>(UPLOAD, { i: { contentType: 'image/png', scope, fileName } })).createUploadUrl;
    },
    async general(): Promise<string> {
      const { workspaces } = await call<{ workspaces: { id: string }[] }>('{ workspaces { id } }', {});
      const { conversations } = await call<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>('query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaces[0]!.id });
      return conversations.nodes.find((node) => node.isDefault)!.id;
    },
    async attach(conversationId: string, key: string): Promise<string> {
      const input = { conversationId, clientMessageId: crypto.randomUUID(), content: '', attachments: [{ key, fileName: 'logo.png', contentType: 'image/png', size: PNG.byteLength }] };
      return (await call<{ sendMessage: { attachments: { id: string }[] } }>(SEND, { i: input })).sendMessage.attachments[0]!.id;
    },
    async link(field: 'attachmentDownloadUrl' | 'attachmentPreviewUrl', attachmentId: string): Promise<string> {
      return (await call<Record<string, string>>(`query($id: ID!) { ${field}(attachmentId: $id) }`, { id: attachmentId }))[field]!;
    },
    async avatar(key: string): Promise<string> {
      return (await call<{ updateAvatar: { avatarUrl: string } }>(AVATAR, { key })).updateAvatar.avatarUrl;
    },
    async authorizeUrl(): Promise<string> {
      return (await call<{ oauthAuthorizationUrl: string }>(AUTHORIZE, { i: { provider: 'IDP_TWO', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', state: 's' } })).oauthAuthorizationUrl;
    },
  };
}

const put = (url: string, body: Uint8Array<ArrayBuffer>): Promise<Response> => fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
const bytesOf = async (response: Response): Promise<Uint8Array> => new Uint8Array(await response.arrayBuffer());

describe('parley/msw serves the URLs the mock hands out', () => {
  it('upload, attach, download, preview, avatar and the OAuth page, through MSW with fetch', async () => {
    const alice = client(ENDPOINT);
    await alice.login();

    const attachment = await alice.createUpload('PRIVATE');
    expect(attachment.uploadUrl.startsWith('http://parley.test/uploads/')).toBe(true);
    const stored = await put(attachment.uploadUrl, PNG);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ key: attachment.key, size: PNG.byteLength });
    // The test's state holds what the PUT sent.
    expect(parley.state.uploads.find(attachment.key)?.body).toEqual(PNG);

    const attachmentId = await alice.attach(await alice.general(), attachment.key);
    const download = await fetch(await alice.link('attachmentDownloadUrl', attachmentId));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=logo.png');
    expect(await bytesOf(download)).toEqual(PNG);
    const preview = await fetch(await alice.link('attachmentPreviewUrl', attachmentId));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toBe('inline; filename=logo.png');
    expect(await bytesOf(preview)).toEqual(PNG);

    const image = await alice.createUpload('PUBLIC');
    expect((await put(image.uploadUrl, PNG)).status).toBe(200);
    const avatarUrl = await alice.avatar(image.key);
    expect(avatarUrl).toBe(image.publicUrl);
    const avatar = await fetch(avatarUrl);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bytesOf(avatar)).toEqual(PNG);
    // HEAD: the headers, no body.
    const head = await fetch(avatarUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), (await bytesOf(head)).byteLength]).toEqual([200, String(PNG.byteLength), 0]);

    const page = await fetch(await alice.authorizeUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Sign in with IDP_TWO');
  });

  it('refuses as the HTTP door does: an unknown key, a PUT over the quota, a bad signature, a tampered link', async () => {
    const doors = { msw: client(ENDPOINT), http: client(http.url) };
    const answers: Record<string, { status: number; body: string }[]> = {};
    const refusedKeys: string[] = [];
    for (const [name, door] of Object.entries(doors)) {
      await door.login();
      const origin = new URL(name === 'msw' ? ENDPOINT : http.url).origin;
      const over = await door.createUpload('PUBLIC');
      const unsigned = await door.createUpload('PUBLIC');
      if (name === 'msw') refusedKeys.push(over.key, unsigned.key);
      const responses = [
        await fetch(`${origin}/uploads/no-such-key`),
        await put(over.uploadUrl, new Uint8Array(CAP + 1)),
        await put(unsigned.uploadUrl.replace(/signature=[^&]+/, 'signature=forged'), PNG),
        await fetch(`${origin}/files/not-a-token`),
        await fetch(`${origin}/oauth/authorize`),
        await fetch(`${origin}/uploads/no-such-key`, { method: 'POST', body: 'x' }),
      ];
      answers[name] = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.text() })));
    }
    expect(answers.msw!.map((answer) => answer.status)).toEqual([404, 413, 403, 403, 400, 405]);
    expect(answers.msw![1]!.body).toContain('QUOTA_EXCEEDED');
    expect(answers.msw).toEqual(answers.http);
    // Nothing of the refused PUTs was kept.
    expect(refusedKeys.map((key) => parley.state.uploads.find(key)?.body ?? null)).toEqual([null, null]);
  });
});
