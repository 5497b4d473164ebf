import { createHash } from 'node:crypto';
import type { Tables } from './tables.js';

function replacer(_key: string, value: unknown): unknown {
  if (value instanceof Map) return [...value.entries()];
  if (value instanceof Set) return [...value.values()];
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/**
 * A SHA-256 over every table, in insertion order. Two states with the same digest hold the same
 * data; tests and the fuzzer compare digests to prove a refused request changed nothing.
 * `randomSalts: 'skip'` leaves out what is random by design (password hashes, salted at random),
 * to compare two states built alike.
 */
export function digestTables(tables: Tables, options: { readonly randomSalts?: 'include' | 'skip' } = {}): string {
  const skip = options.randomSalts === 'skip';
  const hash = createHash('sha256');
  for (const [name, table] of Object.entries(tables)) {
    hash.update(name);
    for (const entry of (table as Map<string, unknown>).entries()) {
      hash.update(JSON.stringify(entry, skip ? (key, value) => (key === 'password' ? undefined : replacer(key, value)) : replacer));
    }
  }
  return hash.digest('hex');
}
