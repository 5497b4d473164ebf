import { randomBytes } from 'node:crypto';

/**
 * Produces the unguessable part of a token (access and refresh tokens, upload keys, invite
 * tokens): `bytes` random bytes, base64url-encoded. Injected, like ids and time, so that a test
 * can build equal states that hand out equal tokens.
 */
export type SecretGenerator = (bytes: number) => string;

export const randomSecrets: SecretGenerator = (bytes) => randomBytes(bytes).toString('base64url');
