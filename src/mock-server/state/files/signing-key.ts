import { importModule, lazy } from '../lazy.js';
import type { SecretGenerator } from '../secrets.js';

/** jose's HS256 signer and verifier, from their subpaths (the package root loads all of jose), on first use. */
export const loadJwt = lazy(async () => {
  const [{ SignJWT }, { jwtVerify }] = await Promise.all([importModule('jose/jwt/sign', () => import('jose/jwt/sign')), importModule('jose/jwt/verify', () => import('jose/jwt/verify'))]);
  return { SignJWT, jwtVerify };
});

/**
 * The HS256 key that signs the mock's capability URLs: file links (`/files/<token>`) and upload
 * URLs (`/uploads/<key>?signature=`). Each kind has its own issuer, so a token of one is never
 * taken for the other. The key is made from the injected secrets on first use, so equal states
 * sign equal URLs; it is saved in snapshots, so a restored mock still honours what it issued.
 */
/** WebCrypto's key type, named from the global (Node's types declare it under `node:crypto`, the DOM's globally). */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export class SigningKey {
  private key: Uint8Array<ArrayBuffer> | undefined;
  private imported: Promise<HmacKey> | undefined;

  constructor(private readonly secrets: SecretGenerator) {}

  /**
   * The key, made on first use. Copied into this realm's Uint8Array: jose takes a key only if it
   * is `instanceof Uint8Array`, and `TextEncoder` may come from another realm (jest-fixed-jsdom
   * gives Node's to Jest's jsdom context, whose Uint8Array is not Node's).
   */
  get(): Uint8Array<ArrayBuffer> {
    return (this.key ??= Uint8Array.from(new TextEncoder().encode(this.secrets(32))));
  }

  /**
   * The key as WebCrypto's HMAC key, imported once: given the bytes, jose would import them again
   * for every token it signs or checks, a second WebCrypto job each time.
   */
  cryptoKey(): Promise<HmacKey> {
    return (this.imported ??= crypto.subtle.importKey('raw', this.get(), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  }

  /** The key, for a snapshot: null until the first URL was signed or checked. */
  saved(): Uint8Array | null {
    return this.key ?? null;
  }

  /** Signs and checks with a snapshot's key from now on. */
  load(key: Uint8Array): void {
    // A copy in a plain ArrayBuffer, as WebCrypto takes it (a snapshot's bytes may view any buffer).
    this.key = Uint8Array.from(key);
    this.imported = undefined;
  }
}
