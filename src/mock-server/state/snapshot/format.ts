/** What a snapshot document says it is: checked before anything else when one is restored. */
export const SNAPSHOT_FORMAT = 'parley-state';

/**
 * The layout version this Parley writes and reads. Raise it when a table or record changes shape:
 * an older or newer document is then refused with one sentence rather than half-loaded.
 */
export const SNAPSHOT_VERSION = 1;
