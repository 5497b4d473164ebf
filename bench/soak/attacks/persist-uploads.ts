import { UPLOAD_BYTES } from '../../persist-uploads.js';
import { MB, type Attack } from '../attack.js';

/**
 * `--persist` under uploads: with `--persist FILE`, one client uploads 1.5 MiB images back to back
 * for 10 s (`createUploadUrl`, the PUT) and uses each as its avatar. Each avatar drops the one it
 * replaces, so the mock keeps one picture however long the client goes on.
 */

const SECONDS = 10;
/** Each kept upload: its bytes, and the base64 the --persist writer keeps of them (4/3). */
const PER_KEPT_BYTE = 7 / 3;

export const persistUploads: Attack = {
  name: '--persist: 1.5 MiB uploads used as avatars, back to back for 10 s',
  args: (dir) => ['--empty', '--persist', `${dir}/state.json`],
  why: `keeps the last avatar, 7/3 B per byte (its bytes, and the base64 the file's writer keeps): a replaced avatar is dropped; in flight: one upload read in chunks and copied, and its record line`,
  keeps: () => PER_KEPT_BYTE * UPLOAD_BYTES,
  inFlight: 4 * UPLOAD_BYTES,
  async prepare({ client }) {
    const token = await client.register('soak-persist');
    const body = new Uint8Array(UPLOAD_BYTES).map((_, i) => (i * 7919) & 0xff);
    return async () => {
      const until = Date.now() + SECONDS * 1000;
      let kept = 0;
      let refused = 0;
      while (Date.now() < until) {
        const { key, uploadUrl } = await client.createUpload(token);
        const status = await client.put(uploadUrl, body);
        const used = status === 200 ? await client.post('mutation($k: String) { updateAvatar(key: $k) { id } }', { k: key }, token) : null;
        if (used?.data) kept += 1;
        else refused += 1;
      }
      return { summary: `${kept} uploads used as avatars (${((kept * UPLOAD_BYTES) / MB).toFixed(0)} MB)${refused ? `, ${refused} failed` : ''}`, keptBytes: kept * UPLOAD_BYTES };
    };
  },
};
