import { bytesToBase64url } from './base64.js';

/**
 * Produces the unguessable part of a token (access and refresh tokens, upload keys, invite
 * tokens): `bytes` random bytes, base64url-encoded. Injected, like ids and time, so that a test
 * can build equal states that hand out equal tokens.
 */
export type SecretGenerator = (bytes: number) => string;

/**
 * Random bytes from Web Crypto, which Node (as `globalThis.crypto`) and browsers both have, so the
 * domain needs no `node:` import for them.
 */
export const randomSecrets: SecretGenerator = (bytes) => {
  return bytesToBase64url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
};
