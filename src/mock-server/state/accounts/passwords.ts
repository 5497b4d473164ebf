import { base64ToBytes, bytesToBase64 } from '../base64.js';
import { lazyModule } from '../lazy.js';
import type { PasswordHash } from './records.js';

/**
 * How passwords are hashed and checked: a capability the door chooses (docs/architecture.md, "One
 * engine, three doors"), because the fast scrypt is Node's and a browser has none. Every implementation
 * writes and reads the same format, so a hash made by one verifies with the other (the demo's
 * constant `DEMO_PASSWORD_HASH` included).
 */
export interface PasswordHasher {
  hash(password: string): Promise<PasswordHash>;
  /** False, never an error, for a wrong password or a stored hash that is not in the format. */
  verify(password: string, stored: PasswordHash): Promise<boolean>;
}

/**
 * The format: scrypt with Node's default cost (N = 16384, r = 8, p = 1), a random 16-byte salt and
 * a 32-byte key, both kept as padded standard base64.
 */
export const passwordScrypt = { N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** Compares two byte strings in time that depends on their length only, never on where they differ. */
export function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** The salt and key of a stored hash, or null when it is not in the format. */
export function parsePasswordHash(stored: PasswordHash): { readonly salt: Uint8Array; readonly key: Uint8Array } | null {
  const salt = base64ToBytes(stored.salt);
  const key = base64ToBytes(stored.hash);
  return salt && key && key.length === passwordScrypt.keyLength ? { salt, key } : null;
}

/** A stored hash from its salt and key. */
export function formatPasswordHash(salt: Uint8Array, key: Uint8Array): PasswordHash {
  return { salt: bytesToBase64(salt), hash: bytesToBase64(key) };
}

const encoder = new TextEncoder();
/** On first use: the Node doors never load it (they pass Node's scrypt). */
const loadScrypt = lazyModule('@noble/hashes/scrypt.js', () => import('@noble/hashes/scrypt.js'));

async function derive(password: string, salt: Uint8Array): Promise<Uint8Array> {
  const { N, r, p, keyLength } = passwordScrypt;
  const { scryptAsync } = await loadScrypt();
  return scryptAsync(encoder.encode(password), salt, { N, r, p, dkLen: keyLength });
}

/**
 * A {@link PasswordHasher} in the format of {@link passwordScrypt} from an scrypt implementation
 * (`derive`) and a constant-time comparison (`equal`): a random salt per hash; a stored hash that
 * does not parse verifies nothing.
 */
export function scryptHasher(
  derive: (password: string, salt: Uint8Array) => Promise<Uint8Array>,
  equal: (a: Uint8Array, b: Uint8Array) => boolean,
): PasswordHasher {
  return {
    async hash(password) {
      const salt = globalThis.crypto.getRandomValues(new Uint8Array(passwordScrypt.saltLength));
      return formatPasswordHash(salt, await derive(password, salt));
    },
    async verify(password, stored) {
      const parsed = parsePasswordHash(stored);
      if (!parsed) return false;
      return equal(await derive(password, parsed.salt), parsed.key);
    },
  };
}

/**
 * Pure JavaScript (@noble/hashes' audited scrypt) with Web Crypto's random salt: runs in a
 * browser bundle, and in Node too. Slower than Node's native scrypt (docs/benchmarks.md, "Per-call
 * costs"), and it yields to the event loop while it
 * works, so a page stays responsive. The default of `MockState`; the Node doors pass
 * `nodePasswordHasher` (`platform/node-passwords.ts`).
 */
export const webPasswordHasher: PasswordHasher = scryptHasher(derive, equalInConstantTime);
