import { randomUUID } from 'node:crypto';

/** Produces ids for new records. Injected so that seeded fixtures give the same ids every run. */
export type IdGenerator = () => string;

export const randomIds: IdGenerator = () => randomUUID();
