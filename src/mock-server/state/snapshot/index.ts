/** Snapshots of the whole state: export to a JSON-compatible document, check one, restore it. */
export { exportSnapshot } from './export.js';
export { restoreSnapshot } from './restore.js';
export { parseSnapshot, validateSnapshot } from './validate.js';
export { SnapshotError } from './errors.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';
export type { SnapshotDocument } from './schema.js';
