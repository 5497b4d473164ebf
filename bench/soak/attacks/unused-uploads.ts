import { MiB, type Attack } from '../attack.js';

/**
 * Unused uploads: a brand-new account PUTs twelve 25 MiB uploads it never uses, one after another
 * (each `createUploadUrl` then its PUT); then a second brand-new account asks for twelve upload
 * URLs first and PUTs all twelve at once.
 */

const SIZE = 25 * MiB;
const COUNT = 12;
/** docs/mock.md: `--max-unused-upload-bytes`, 100 MiB by default, PUTs under way included. */
const CAP = 100 * MiB;
const UPLOAD = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { uploadUrl } }';

export const unusedUploads: Attack = {
  name: 'unused uploads: 12 x 25 MiB PUTs in turn, 12 at once',
  args: () => ['--empty'],
  why: 'keeps the unused-upload cap (100 MiB) per account, 2 accounts; in flight: as much again (a body is read in chunks, then copied into one buffer)',
  keeps: () => 2 * CAP,
  inFlight: 2 * CAP,
  async prepare({ client }) {
    const first = await client.register('soak-uploads-a');
    const second = await client.register('soak-uploads-b');
    const body = new Uint8Array(SIZE).fill(7);
    const statuses = new Map<string, number>();
    const tally = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    /** A new upload URL, or null when createUploadUrl is refused (the cap is reached). */
    const url = async (token: string) => {
      const created = await client.post<{ createUploadUrl: { uploadUrl: string } }>(UPLOAD, { i: { contentType: 'image/png', scope: 'PRIVATE', fileName: 'big.png' } }, token);
      if (created.data) return created.data.createUploadUrl.uploadUrl;
      tally(`createUploadUrl ${created.errors?.[0]?.extensions?.code ?? created.status}`);
      return null;
    };
    const put = async (uploadUrl: string | null) => {
      if (uploadUrl !== null) tally(`PUT ${await client.put(uploadUrl, body)}`);
    };
    return async () => {
      for (let n = 0; n < COUNT; n++) await put(await url(first));
      const urls: (string | null)[] = [];
      for (let n = 0; n < COUNT; n++) urls.push(await url(second));
      await Promise.all(urls.map(put));
      return { summary: [...statuses].sort().map(([status, n]) => `${n} x ${status}`).join(', ') };
    };
  },
};
