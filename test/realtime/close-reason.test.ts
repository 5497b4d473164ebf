import { expect, it } from 'vitest';
import { closeReason } from '../../src/mock-server/realtime/close-codes.js';

/** A WebSocket close reason holds at most 123 bytes of UTF-8; longer refusals are cut (without Buffer, for the browser). */
it('keeps a reason of up to 123 bytes, and cuts a longer one to 120 bytes and "..." without half a character', () => {
  expect(closeReason('Unauthorized: the session has ended')).toBe('Unauthorized: the session has ended');
  expect(closeReason('x'.repeat(123))).toBe('x'.repeat(123));
  expect(closeReason('x'.repeat(124))).toBe(`${'x'.repeat(120)}...`);
  // 119 ASCII bytes and then "é" (2 bytes) would end at byte 121: the cut falls inside it.
  const cut = closeReason(`${'x'.repeat(119)}${'é'.repeat(10)}`);
  expect(cut).toBe(`${'x'.repeat(119)}...`);
  expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(123);
  // A cut right after a whole character keeps it.
  expect(closeReason(`${'x'.repeat(118)}${'é'.repeat(10)}`)).toBe(`${'x'.repeat(118)}é...`);
});
