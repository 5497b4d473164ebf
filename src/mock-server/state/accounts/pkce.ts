import { lazyModule } from '../lazy.js';

/** jose's base64url, from its subpath (the package root loads all of jose), on first use. */
const loadBase64url = lazyModule('jose/base64url', () => import('jose/base64url'));

/** RFC 7636 4.1: a code verifier is 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * RFC 7636 4.2: an S256 challenge is base64url(SHA-256(verifier)) without padding, 43 characters
 * for 32 bytes. The last character holds the hash's final 4 bits and 2 zero bits, so only 16
 * characters can end a challenge: any other could never equal the hash of a verifier.
 */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/**
 * Why `verifier` is not an RFC 7636 code verifier, or undefined when it is one. Says what is wrong
 * without echoing the value, which is the client's secret.
 */
export function codeVerifierProblem(verifier: string): string | undefined {
  if (CODE_VERIFIER.test(verifier)) return undefined;
  const expected = 'codeVerifier must be 43 to 128 characters of A-Z, a-z, 0-9 and - . _ ~ (RFC 7636 4.1)';
  if (verifier.length < 43 || verifier.length > 128) return `${expected}, but has ${verifier.length}`;
  const bad = [...verifier].find((char) => !/[A-Za-z0-9\-._~]/.test(char))!;
  return `${expected}, but contains ${JSON.stringify(bad)}`;
}

/** Why `challenge` is not an S256 code challenge, or undefined when it is one. */
export function codeChallengeProblem(challenge: string): string | undefined {
  if (CODE_CHALLENGE.test(challenge)) return undefined;
  return (
    'codeChallenge must be the S256 challenge of a code verifier, base64url(SHA-256(verifier)) without padding: ' +
    `43 characters of A-Z, a-z, 0-9, - and _ (RFC 7636 4.2; the "plain" method is not accepted), but got ${challenge.length} characters` +
    (challenge.length === 43 ? ' that no SHA-256 hash encodes to' : '')
  );
}

/**
 * The S256 challenge of `verifier`: base64url(SHA-256(ASCII(verifier))). Web Crypto, so the domain
 * runs unchanged in a browser bundle; hence async.
 */
export async function s256Challenge(verifier: string): Promise<string> {
  const [digest, base64url] = await Promise.all([globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)), loadBase64url()]);
  return base64url.encode(new Uint8Array(digest));
}
