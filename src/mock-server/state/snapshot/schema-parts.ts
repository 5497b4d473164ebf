import * as v from 'valibot';

/**
 * The pieces every area's snapshot schema is made of (`<area>/snapshot-schema.ts`). Every table is
 * a list of `[key, record]` entries in the table's order; Maps inside records are entry lists
 * too, Sets are arrays. Records are strict objects: a field this version does not know is
 * refused, not dropped.
 */

export const id = v.string();
export const time = v.number();
export const nullableText = v.nullable(v.string());
export const nullableTime = v.nullable(v.number());

/** A Map as the list of its entries, in its order. */
export const entries = <Key extends v.GenericSchema, Value extends v.GenericSchema>(key: Key, value: Value) => v.array(v.tuple([key, value]));
/** A table (or a Map keyed by strings) as the list of its entries. */
export const table = <Value extends v.GenericSchema>(value: Value) => entries(v.string(), value);

/** What an area's schema fragment (`{ tableName: table(record), ... }`) says its saved tables are. */
export type SavedOf<Fragment extends v.ObjectEntries> = v.InferOutput<v.StrictObjectSchema<Fragment, undefined>>;
