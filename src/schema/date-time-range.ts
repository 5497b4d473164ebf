/**
 * The moments a `DateTime` can carry: RFC 3339 writes years with four digits, 0000 to 9999, and
 * `Date#toISOString` writes any other year with a sign and six digits, which `DateTime` refuses to
 * serialize. A stored time outside this range would fail every answer that shows it, so whatever
 * loads times from outside (fixtures, snapshots) refuses them first.
 */

/** 0000-01-01T00:00:00.000Z, in epoch milliseconds. */
export const DATE_TIME_MIN_MS = -62_167_219_200_000;
/** 9999-12-31T23:59:59.999Z, in epoch milliseconds. */
export const DATE_TIME_MAX_MS = 253_402_300_799_999;

/** Whether `ms` (epoch milliseconds) is a moment `DateTime` can show (NaN and infinities are not). */
export function isDateTimeMs(ms: number): boolean {
  return ms >= DATE_TIME_MIN_MS && ms <= DATE_TIME_MAX_MS;
}

/** The largest GraphQL `Int` (a signed 32-bit integer): sequences, sizes and counts a client is shown. */
export const GRAPHQL_INT_MAX = 2 ** 31 - 1;
