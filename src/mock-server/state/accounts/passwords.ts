import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import type { PasswordHash } from './records.js';

/** scrypt with Node's default cost (N = 16384, r = 8, p = 1): about 50 ms a hash on one core. */
const KEY_LENGTH = 32;

function derive(password: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return { salt: salt.toString('base64'), hash: key.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const key = await derive(password, Buffer.from(stored.salt, 'base64'));
  return timingSafeEqual(key, Buffer.from(stored.hash, 'base64'));
}
