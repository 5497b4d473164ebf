import { scrypt, timingSafeEqual } from 'node:crypto';
import { passwordScrypt, scryptHasher, type PasswordHasher } from '../state/accounts/passwords.js';

function derive(password: string, salt: Uint8Array): Promise<Uint8Array> {
  const { N, r, p, keyLength } = passwordScrypt;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Node's native scrypt (off the main thread, in libuv's pool; docs/benchmarks.md, "Per-call costs"),
 * in the same format as `webPasswordHasher`. The Node doors pass it to the state they build; it
 * lives outside `state/`, which stays free of `node:` imports.
 */
export const nodePasswordHasher: PasswordHasher = scryptHasher(derive, (a, b) => timingSafeEqual(a, b));
