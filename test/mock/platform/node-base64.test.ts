import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEEP_ENCODED_FROM_BYTES, nodeBase64 } from '../../../src/mock-server/platform/node-base64.js';
import { base64ToBytes, bytesToBase64 } from '../../../src/mock-server/state/base64.js';

/**
 * `--persist` installs Node's base64 in place of the pure-JS one (for upload bytes; the figures
 * are in docs/architecture.md): it must write the same text and refuse the same texts, since a
 * byte string has one spelling in a snapshot (in this file `state/base64.ts` keeps its own codec).
 */
describe('Node\'s base64 (platform/node-base64.ts)', () => {
  it('writes what the pure-JS encoder writes, at every length and for large bytes', () => {
    for (let length = 0; length < 40; length += 1) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(nodeBase64.encode(bytes)).toBe(bytesToBase64(bytes));
      expect(nodeBase64.decode(bytesToBase64(bytes))).toEqual(bytes);
    }
    const large = new Uint8Array(randomBytes(KEEP_ENCODED_FROM_BYTES + 5));
    expect(nodeBase64.encode(large)).toBe(bytesToBase64(large));
    // Kept: the same bytes again give the same text.
    expect(nodeBase64.encode(large)).toBe(bytesToBase64(large));
    // A view into a larger buffer encodes only its own bytes.
    const view = new Uint8Array(large.buffer, 3, 10);
    expect(nodeBase64.encode(view)).toBe(bytesToBase64(view));
  });

  it.each(['QR==', 'QQ', 'Q===', 'QQ==\n', ' QQ==', 'Q Q==', '-_8=', 'QQ=A', '=', 'QUJD\u00e9'])('refuses %j as the pure-JS decoder does', (text) => {
    expect(base64ToBytes(text)).toBeNull();
    expect(nodeBase64.decode(text)).toBeNull();
  });

  it('decodes to a plain Uint8Array of its own', () => {
    const decoded = nodeBase64.decode('AAEC')!;
    expect(Object.getPrototypeOf(decoded)).toBe(Uint8Array.prototype);
    expect([...decoded]).toEqual([0, 1, 2]);
  });
});
