import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { schemaSdlText } from '../../../src/mock-server/graphql/generated/schema-sdl.js';
import { nodePasswordHasher } from '../../../src/mock-server/platform/node-passwords.js';
import { base64ToBytes, base64urlToText, bytesToBase64, bytesToBase64url, textToBase64url } from '../../../src/mock-server/state/base64.js';
import { equalInConstantTime, webPasswordHasher } from '../../../src/mock-server/state/accounts/passwords.js';
import { flatString, randomIds, uuidFromRandomBytes } from '../../../src/mock-server/state/ids.js';
import { schemaPath } from '../../../src/schema/load.js';

describe('base64 without Buffer (state/base64.ts)', () => {
  it("writes what Buffer writes, for every length and byte", () => {
    for (let length = 0; length < 70; length += 1) {
      const bytes = randomBytes(length);
      expect(bytesToBase64(bytes)).toBe(bytes.toString('base64'));
      expect(bytesToBase64url(bytes)).toBe(bytes.toString('base64url'));
      expect(Buffer.from(base64ToBytes(bytes.toString('base64'))!)).toEqual(bytes);
    }
    const text = 'l1:é✓ 𝄞 00000000-0000-4000-8000-000000000001';
    expect(textToBase64url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'));
    expect(base64urlToText(textToBase64url(text))).toBe(text);
  });

  it('reads one spelling only: no foreign character, impossible length, padding in base64url or unused bits set', () => {
    expect(base64urlToText('YQ')).toBe('a');
    expect(base64urlToText('YR')).toBeNull(); // Buffer reads "a" from it too
    expect(base64urlToText('Y')).toBeNull();
    expect(base64urlToText('YQ==')).toBeNull();
    expect(base64urlToText('Y+Q')).toBeNull();
    expect(base64urlToText('YQé')).toBeNull();
    expect(base64ToBytes('YQ')).toBeNull(); // standard base64 is padded
    expect(base64ToBytes('Y===')).toBeNull();
    expect(base64ToBytes('YQ==')).toEqual(new Uint8Array([97]));
  });
});

describe('password hashers: the pure-JS one (browser) and Node native one share the format', () => {
  it('each verifies what the other hashed, and refuses a wrong password', async () => {
    const byNode = await nodePasswordHasher.hash('correct horse battery');
    const byWeb = await webPasswordHasher.hash('correct horse battery');
    expect(byWeb.salt).not.toBe(byNode.salt);
    expect(await webPasswordHasher.verify('correct horse battery', byNode)).toBe(true);
    expect(await nodePasswordHasher.verify('correct horse battery', byWeb)).toBe(true);
    expect(await webPasswordHasher.verify('correct horse batterY', byNode)).toBe(false);
    expect(await nodePasswordHasher.verify('correct horse batterY', byWeb)).toBe(false);
  });

  it('answers false, never an error, for a stored hash that is not in the format', async () => {
    for (const hasher of [webPasswordHasher, nodePasswordHasher]) {
      expect(await hasher.verify('x', { salt: 'not base64!', hash: 'AAAA' })).toBe(false);
      expect(await hasher.verify('x', { salt: 'AAAA', hash: 'AAAA' })).toBe(false); // a 3-byte key
    }
  });

  it('compares in constant time: equal bytes only, any length', () => {
    expect(equalInConstantTime(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(equalInConstantTime(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(equalInConstantTime(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });
});

describe('what replaced Node APIs below the doors', () => {
  it('the embedded SDL is schema.graphql byte for byte (npm run codegen rewrites it)', () => {
    expect(schemaSdlText).toBe(readFileSync(schemaPath, 'utf8'));
  });

  it('flatString copies any string exactly', () => {
    for (const text of ['', crypto.randomUUID(), 'é✓𝄞', 'x'.repeat(2000)]) expect(flatString(text)).toBe(text);
  });

  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('v4 UUIDs from getRandomValues, where crypto.randomUUID is missing (jsdom 20, Jest 29; a page that is not a secure context)', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => uuidFromRandomBytes()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(V4);
    // Every bit outside the version and variant varies.
    const seen = [...ids].map((id) => id.replaceAll('-', ''));
    for (let digit = 0; digit < 32; digit += 1) if (digit !== 12) expect(new Set(seen.map((id) => id[digit])).size).toBeGreaterThan(digit === 16 ? 3 : 15);
  });

  it('randomIds uses crypto.randomUUID when there is one, and the fallback when not', () => {
    expect(randomIds()).toMatch(V4);
    const randomUUID = vi.spyOn(globalThis.crypto, 'randomUUID');
    randomIds();
    expect(randomUUID).toHaveBeenCalledTimes(1);
    randomUUID.mockRestore();
    const saved = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(globalThis.crypto), 'randomUUID')!;
    delete (Object.getPrototypeOf(globalThis.crypto) as { randomUUID?: unknown }).randomUUID;
    try {
      expect(typeof globalThis.crypto.randomUUID).toBe('undefined');
      expect(randomIds()).toMatch(V4);
    } finally {
      Object.defineProperty(Object.getPrototypeOf(globalThis.crypto), 'randomUUID', saved);
    }
  });
});
