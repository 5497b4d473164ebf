import * as v from 'valibot';
import { DATE_TIME_MAX_MS, DATE_TIME_MIN_MS, GRAPHQL_INT_MAX, isDateTimeMs } from '../../../schema/date-time-range.js';

/**
 * The pieces every area's snapshot schema is made of (`<area>/snapshot-schema.ts`). Every table is
 * a list of `[key, record]` entries in the table's order; Maps inside records are entry lists
 * too, Sets are arrays. Records are strict objects: a field this version does not know is
 * refused, not dropped.
 */

export const id = v.string();
/**
 * A moment in epoch milliseconds that the API can show (`DateTime`: years 0000 to 9999): a time
 * outside that range would load and then fail every answer that shows it.
 */
export const time = v.pipe(
  v.number(),
  v.check(isDateTimeMs, (issue) => `must be a time from ${DATE_TIME_MIN_MS} (0000-01-01T00:00:00.000Z) to ${DATE_TIME_MAX_MS} (9999-12-31T23:59:59.999Z) in epoch milliseconds, but is ${String(issue.input)}`),
);
export const nullableText = v.nullable(v.string());
export const nullableTime = v.nullable(time);

/** A whole number from `min` to `max`, named in the refusal. */
const wholeNumber = (min: number, max: number, what: string) =>
  v.pipe(
    v.number(),
    v.check((value: number) => Number.isInteger(value) && value >= min && value <= max, (issue) => `must be ${what}, a whole number from ${min} to ${max}, but is ${String(issue.input)}`),
  );

/** A sequence, a size or a count, which the API shows as a GraphQL `Int` (at most 2^31 - 1). */
export const intCount = wholeNumber(0, GRAPHQL_INT_MAX, 'a count the API shows as an Int');
/** A counter of the mock's own (a next id): any whole number a double holds exactly, from 1. */
export const counter = wholeNumber(1, Number.MAX_SAFE_INTEGER, 'a counter');
/** A UTC day (days since the epoch, as `notifications/days.ts` counts them) whose date the API can show. */
export const day = wholeNumber(Math.ceil(DATE_TIME_MIN_MS / 86_400_000), Math.floor(DATE_TIME_MAX_MS / 86_400_000), 'a day (days since 1970-01-01)');

/** A Map as the list of its entries, in its order. */
export const entries = <Key extends v.GenericSchema, Value extends v.GenericSchema>(key: Key, value: Value) => v.array(v.tuple([key, value]));
/** A table (or a Map keyed by strings) as the list of its entries. */
export const table = <Value extends v.GenericSchema>(value: Value) => entries(v.string(), value);

/** What an area's schema fragment (`{ tableName: table(record), ... }`) says its saved tables are. */
export type SavedOf<Fragment extends v.ObjectEntries> = v.InferOutput<v.StrictObjectSchema<Fragment, undefined>>;
