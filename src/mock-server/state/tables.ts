import { AREA_NAMES, areaOf, type AllTables, type AreaName, type TablesOfArea } from './areas.js';

/**
 * The tables of every area, each area's under its name. An area declares and creates its own
 * tables (`<area>/tables.ts`) and is the only code that reads or writes them; this file only
 * assembles them, following the list of areas (`areas.ts`), for the state (which hands each
 * service its own) and for what works on the whole store at once (snapshots, digests).
 *
 * Records are plain data: views for GraphQL are built from them in `graphql/views/`, so what is
 * stored and what is shown can differ (a deleted message keeps nothing it does not need; a view
 * hides what the caller may not see). Times are epoch milliseconds; enums are the schema's values
 * as strings.
 */
export type AreaTables = { readonly [A in AreaName]: TablesOfArea[A] };

/** Every table of the store in one flat record (the same Maps as {@link AreaTables}), by table name. */
export type Tables = AllTables;

export function createAreaTables(): AreaTables {
  return Object.fromEntries(AREA_NAMES.map((name) => [name, areaOf(name).createTables()])) as AreaTables;
}

/** The flat view of `areas`: the same Maps, so a change through one shows through the other. */
export function flatTables(areas: AreaTables): Tables {
  const flat = {};
  for (const name of AREA_NAMES) Object.assign(flat, areas[name]);
  return flat as Tables;
}
