import fc from 'fast-check';

/**
 * Text as clients send it, drawn from the edges: what a server that normalizes, trims, strips or
 * cuts what it stores gets wrong. Every piece is valid Unicode (no lone surrogates) and free of
 * C0 controls other than tab and newlines, so a server may not refuse it for its characters.
 */
const pieces = [
  'caf\u00e9', // é composed (NFC)
  'cafe\u0301', // é decomposed (NFD): a server that normalizes changes it
  '\u212b', // Angstrom sign: NFC makes it U+00C5
  '\ufb01le', // the "fi" ligature: NFKC makes it "fi"
  '\u{1F600}', // an emoji outside the BMP (a surrogate pair in UTF-16)
  '\u{1F469}\u200D\u{1F4BB}', // woman technologist: a ZWJ sequence
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}', // family of four: three ZWJs
  '\u{1F44D}\u{1F3FD}', // thumbs up, medium skin tone
  '\u{1F1EF}\u{1F1F5}', // a flag: two regional indicators
  '1\uFE0F\u20E3', // keycap one
  '\u2764\uFE0F', // heart with the emoji variation selector
  '\u05E9\u05DC\u05D5\u05DD', // Hebrew, right to left
  '\u0645\u0631\u062D\u0628\u0627', // Arabic, right to left
  '\u200F\u05D0 abc \u200E', // right-to-left and left-to-right marks around mixed text
  'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334', // stacked combining marks
  '\u4F60\u597D\u4E16\u754C', // CJK
  '\u{1D538}\u{1D539}', // mathematical double-struck letters, outside the BMP
  ' leading and trailing ',
  '\ttab\t',
  'two\nlines',
  'windows\r\nline end',
  '\u00A0no-break\u00A0space\u00A0',
  '\u3000ideographic space',
  '<b>not html</b> & "quotes" \'single\' \\backslash',
  '{"json": [1, 2]}',
  '%s %d ${x} {{y}}',
  'zero\u200Bwidth',
  'soft\u00ADhyphen',
  'UPPER lower MiXeD',
] as const;

/** One edge piece, or a plain word. */
const piece = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pieces) }, { weight: 1, arbitrary: fc.constantFrom('hello', 'ok', 'yes', 'meeting at 10') });

/**
 * Long text within any reasonable limit, at the lengths where servers cut: around 1,000 and 1,024
 * UTF-16 units and code points, and emoji-heavy text, whose UTF-16 length is twice its length
 * in code points (one limit counted in the other cuts it).
 */
const lengths = fc.constantFrom(255, 256, 999, 1000, 1001, 1023, 1024, 1025, 1500, 2000);
const long = fc.oneof(
  fc.tuple(fc.constantFrom(...pieces), lengths).map(([p, n]) => `${'lorem ipsum '.repeat(Math.ceil(n / 12)).slice(0, Math.max(0, n - p.length))}${p}`),
  fc.tuple(fc.constantFrom('\u{1F600}', '\u{1F469}\u200D\u{1F4BB}', '\u{1D538}'), lengths).map(([p, n]) => p.repeat(Math.ceil(n / p.length)).slice(0, n).replace(/[\uD800-\uDBFF]$/, '')),
);

/** Whitespace alone: a server may refuse it (message validation is not in the spec), never alter it. */
const blank = fc.constantFrom(' ', '   ', '\n', '\t \n');

/** Content as clients send it. */
export const contentArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')) },
  { weight: 2, arbitrary: fc.constantFrom(...pieces) },
  { weight: 2, arbitrary: long },
  { weight: 1, arbitrary: blank },
);

/** Emoji as reaction pickers send them. */
export const emojiArbitrary: fc.Arbitrary<string> = fc.constantFrom(
  '\u{1F44D}',
  '\u{1F44D}\u{1F3FD}',
  '\u2764\uFE0F',
  '\u{1F389}',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{1F1EB}\u{1F1F7}',
  '\u{1F440}',
);

/**
 * Client message ids as real clients make them: UUIDs in either case, ULIDs, timestamps with a
 * counter, nanoid-style ids. The player appends the step number, so ids stay unique in a run.
 */
export const clientMessageIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid(),
  fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
  fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }).map((t) => `tmp-${t}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{21}$/),
  fc.constantFrom('Optimistic-Msg', 'client:AbC', 'x'),
  // Pasted or padded by a sloppy client: whitespace is part of the id.
  fc.constantFrom(' padded ', '\tTabbed', 'trailing '),
);
