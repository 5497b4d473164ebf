import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bytesToBase64 } from './base64.js';
import type { Tables } from './tables.js';

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return [...value.entries()];
  if (value instanceof Set) return [...value.values()];
  if (value instanceof Uint8Array) return bytesToBase64(value);
  return value;
}

/**
 * A SHA-256 over every table, in insertion order. Two states with the same digest hold the same
 * data; tests and the fuzzer compare digests to prove a refused request changed nothing.
 * `randomSalts: 'skip'` leaves out what is random by design (password hashes, salted at random),
 * to compare two states built alike. Pure-JS SHA-256 (@noble/hashes), synchronous like the tests
 * that call it, so `state/` needs no `node:crypto`.
 */
export function digestTables(tables: Tables, options: { readonly randomSalts?: 'include' | 'skip' } = {}): string {
  const skip = options.randomSalts === 'skip';
  const hash = sha256.create();
  const encoder = new TextEncoder();
  for (const [name, table] of Object.entries(tables)) {
    hash.update(encoder.encode(name));
    for (const entry of (table as Map<string, unknown>).entries()) {
      hash.update(encoder.encode(JSON.stringify(entry, skip ? (key, value) => (key === 'password' ? undefined : replacer(key, value)) : replacer)));
    }
  }
  return bytesToHex(hash.digest());
}
