import fc from 'fast-check';
import { prototypeName } from './arbitraries.js';

/**
 * Hostile fixtures files and snapshots for the fuzzer: times outside the years a `DateTime` shows
 * (relative ones that count back too far, absolute ones an offset pushes past 0000 or 9999),
 * numbers beyond a GraphQL `Int` or a double's whole numbers, and keys every object inherits.
 * Whatever loads must serve; whatever cannot serve must be refused at the door.
 */

/** A fixtures `at`: mostly plausible, often out of range. */
export const hostileAt: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('now', '-2d', '-1d4h30m', '-90s', '2026-01-05T09:30:00Z'),
  fc.constantFrom('-99999999d', '-2932896d', '-2932897d', '-99999999999999999999d', `-${'9'.repeat(320)}d`, `-${'9'.repeat(400)}s`, '-0d0h0m0s'),
  fc.constantFrom('0000-01-01T00:00Z', '0000-01-01T00:00+00:01', '0000-01-01T00:30+01:00', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999-00:01', '9999-12-31T23:00-12:00'),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom('d', 'h', 'm', 's')).map(([count, unit]) => `-${count}${unit}`),
);

/** A reaction's key: an emoji, or a name objects inherit. */
const reactionKey = fc.oneof({ arbitrary: fc.constantFrom('👍', '🎉', '🍜'), weight: 2 }, { arbitrary: prototypeName, weight: 1 });

/**
 * A small fixtures file (alice and bob in Acme, messages in general) as JSON text, with hostile
 * times and reaction keys. Text, not an object: in an object literal `__proto__` is no key.
 */
export const hostileFixtures: fc.Arbitrary<string> = fc
  .array(fc.record({ from: fc.constantFrom('alice', 'bob'), at: fc.option(hostileAt, { nil: undefined }), reactions: fc.array(reactionKey, { maxLength: 2 }) }), { minLength: 1, maxLength: 4 })
  .map((messages) => {
    const items = messages.map((message, index) => {
      const reactions = message.reactions.map((key) => `${JSON.stringify(key)}: ["alice"]`).join(', ');
      const at = message.at === undefined ? '' : `, "at": ${JSON.stringify(message.at)}`;
      return `{ "channel": "general", "from": "${message.from}", "text": "m${index}"${at}, "reactions": { ${reactions} } }`;
    });
    return `{ "users": [{ "username": "alice" }, { "username": "bob" }], "workspaces": [{ "name": "Acme", "owner": "alice", "members": ["bob"] }], "messages": [${items.join(', ')}] }`;
  });

/** Stands for a number JSON.stringify cannot write: replaced in the text after stringifying. */
const INFINITY = '\u0000infinity\u0000';

/** A number that may not serve: out of the DateTime years, past a GraphQL Int, not whole, Infinity. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e20, -1e20, 8.64e15, 8.64e15 + 1, -8.64e15, 253_402_300_800_000, 253_402_300_799_999, -62_167_219_200_001, -62_167_219_200_000),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -1, 0, 0.5, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, INFINITY),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Where a number or an object sits in a snapshot document: the keys from its root. */
type Place = readonly (string | number)[];

/** Every number and every object (a record) under `tables`, as places in `document`. */
export function placesOf(document: unknown): { numbers: Place[]; objects: Place[] } {
  const numbers: Place[] = [];
  const objects: Place[] = [];
  const walk = (value: unknown, place: Place): void => {
    if (typeof value === 'number') numbers.push(place);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...place, index]));
    else if (value !== null && typeof value === 'object') {
      objects.push(place);
      for (const [key, inner] of Object.entries(value)) walk(inner, [...place, key]);
    }
  };
  walk((document as { tables: unknown }).tables, ['tables']);
  walk((document as { sessions: unknown }).sessions, ['sessions']);
  return { numbers, objects };
}

/** A change to a snapshot: a number set to a hostile one, or a key objects inherit added to a record. */
export type SnapshotChange = { readonly kind: 'number'; readonly at: number; readonly value: unknown } | { readonly kind: 'key'; readonly at: number; readonly key: string };

export const snapshotChange: fc.Arbitrary<SnapshotChange> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('number' as const), at: fc.nat(), value: hostileNumber }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('key' as const), at: fc.nat(), key: prototypeName }), weight: 1 },
);

/** The snapshot text `saved` with `change` made (the `at`-th place, modulo how many there are). */
export function changedSnapshot(saved: string, change: SnapshotChange): string {
  const document = JSON.parse(saved) as Record<string, unknown>;
  const { numbers, objects } = placesOf(document);
  const places = change.kind === 'number' ? numbers : objects;
  if (places.length === 0) return saved;
  const place = places[change.at % places.length]!;
  const parentPlace = change.kind === 'number' ? place.slice(0, -1) : place;
  let parent: Record<string | number, unknown> = document;
  for (const key of parentPlace) parent = parent[key] as Record<string | number, unknown>;
  if (change.kind === 'number') {
    parent[place.at(-1)!] = change.value;
    return JSON.stringify(document).replaceAll(JSON.stringify(INFINITY), '1e400');
  }
  // A placeholder key, renamed in the text: assigning `__proto__` would set the prototype.
  parent['\u0000key\u0000'] = 1;
  return JSON.stringify(document).replace(JSON.stringify('\u0000key\u0000'), JSON.stringify(change.key));
}
