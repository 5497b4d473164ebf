import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { uploadBytes } from '../support/files.js';
import { buildWorld, type World } from '../support/world.js';

/**
 * Text at the door (docs/mock-behaviour.md, "Security"): a lone UTF-16 surrogate in any string of
 * the variables is refused with BAD_USER_INPUT naming the field, before any resolver runs. Before,
 * such a file name was stored, and every download or preview of the file answered 500 for everyone.
 */

let mock: RunningMockServer;
let world: World;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

const LONE = '\uD800';
const REGISTER = 'mutation($input: RegisterStoredFileInput!) { registerStoredFile(input: $input) { id } }';

function expectMalformed(response: GraphQLResponse<unknown>, field: string): void {
  const error = response.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } } | undefined;
  expect(error?.extensions?.code, JSON.stringify(response.errors)).toBe('BAD_USER_INPUT');
  expect(error?.extensions?.field).toBe(field);
  expect(error?.message).toContain(field);
  expect(response.data ?? null).toBeNull();
}

async function registerFile(fileName: string): Promise<GraphQLResponse<{ registerStoredFile: { id: string } }>> {
  const key = await uploadBytes(mock.url, world.a, { fileName: 'clean.pdf', contentType: 'application/pdf' }, 'bytes');
  const input = { workspaceId: world.workspaceId, key, fileName, contentType: 'application/pdf', size: 5, visibility: 'WORKSPACE' };
  return gql(mock.url, REGISTER, { input }, world.a.token);
}

describe('a lone surrogate in the variables is refused at the door', () => {
  it('registerStoredFile: input.fileName', async () => {
    expectMalformed(await registerFile(`report${LONE}.pdf`), 'input.fileName');
  });

  it("sendMessage: an attachment's fileName", async () => {
    const key = await uploadBytes(mock.url, world.a, { fileName: 'clean.txt', contentType: 'text/plain' }, 'bytes');
    const input = { conversationId: world.privateChannelId, clientMessageId: 'm-1', content: '', attachments: [{ key, fileName: `a${LONE}.txt`, contentType: 'text/plain', size: 5 }] };
    const response = await gql(mock.url, 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input }, world.a.token);
    expectMalformed(response, 'input.attachments[0].fileName');
  });

  it('any operation, any string: a trailing half alone, without a token', async () => {
    const input = { username: 'lone', displayName: `Lone \uDC00`, email: 'lone@example.test', password: 'correct horse battery' };
    expectMalformed(await gql(mock.url, 'mutation($input: RegisterInput!) { register(input: $input) }', { input }), 'input.displayName');
  });

  it('the same strings as document literals are refused by the parser', async () => {
    const response = await gql(mock.url, '{ __type(name: "\\uD800") { name } }');
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});

describe('whole characters are accepted and served', () => {
  it('a file name with an emoji (a surrogate pair) registers, and its download link serves it to another member', async () => {
    const { registerStoredFile } = ok(await registerFile('plan \u{1F680}.pdf'));
    const { storedFileDownloadUrl } = ok(
      await gql<{ storedFileDownloadUrl: string }>(mock.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id: registerStoredFile.id }, world.b.token),
    );
    const download = await fetch(storedFileDownloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''plan%20%F0%9F%9A%80.pdf");
  });

  it('a file name that holds a lone surrogate all the same (a restored snapshot is not a variable) is served, the half replaced', async () => {
    const { registerStoredFile } = ok(await registerFile('snapshot.pdf'));
    mock.state.tables.storedFiles.update(registerStoredFile.id, (file) => {
      file.fileName = `snap${LONE}.pdf`;
    });
    const { storedFileDownloadUrl } = ok(
      await gql<{ storedFileDownloadUrl: string }>(mock.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id: registerStoredFile.id }, world.b.token),
    );
    const download = await fetch(storedFileDownloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''snap%EF%BF%BD.pdf");
  });
});
