import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerLowerBound, payloadFits, textOverBytes } from '../../src/mock-server/engine/answer-size.js';

/**
 * The answer size limit (`--max-response-bytes`) refuses an answer without serializing it when a
 * walk proves it too large, and sends one without measuring it when a walk proves it fits: both
 * bounds must hold for every JSON value, whatever its strings (escapes, multi-byte characters).
 */

const utf8Bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0001', 'a', 'é', '語', '😀') }),
    // Runs of one character: the worst cases of each kind (escapes, 2-, 3- and 4-byte characters).
    fc.tuple(fc.constantFrom('"', '\u0001', 'a', 'é', '語', '😀'), fc.nat(60)).map(([unit, count]) => unit.repeat(count)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('answer size bounds', () => {
  it('the lower bound never exceeds the real UTF-8 size of the JSON', () => {
    fc.assert(
      fc.property(json, fc.array(fc.string(), { maxLength: 3 }), (data, messages) => {
        const answer = messages.length > 0 ? { errors: messages.map((message) => ({ message })), data } : { data };
        const real = utf8Bytes(answer);
        expect(answerLowerBound(answer, Number.MAX_SAFE_INTEGER)).toBeLessThanOrEqual(real);
      }),
      { numRuns: 500 },
    );
  });

  it('payloadFits is exact: it says yes exactly when the JSON takes at most the limit', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 400 }), (data, limit) => {
        expect(payloadFits({ data }, limit)).toBe(utf8Bytes({ data }) <= limit);
      }),
      { numRuns: 1000 },
    );
  });

  it('measures long texts exactly, with a surrogate pair where two chunks of the encoder meet', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16_370, max: 16_400 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom('😀', 'é', '語', '\u0001'), (ascii, copies, unit) => {
        const text = 'a'.repeat(ascii) + unit.repeat(copies) + 'a'.repeat(40_000 - ascii);
        const real = new TextEncoder().encode(text).length;
        expect(textOverBytes(text, real)).toBe(false);
        expect(textOverBytes(text, real - 1)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('the walk stops once past the limit: a page of 40,000-character strings is refused after the first few', () => {
    const big = 'x'.repeat(40_000);
    const page = { data: { nodes: Array.from({ length: 1000 }, () => ({ content: big })) } };
    expect(answerLowerBound(page, 100_000)).toBeGreaterThan(100_000);
    expect(answerLowerBound(page, 100_000)).toBeLessThan(200_000);
  });
});
