import * as v from 'valibot';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';
import { SnapshotError } from './errors.js';
import { snapshotSchema, type SnapshotDocument } from './schema.js';

const header = v.looseObject({ format: v.unknown(), version: v.unknown() });

/** Where in the document an issue is, in words: `table "users", entry 3, field email`. */
function place(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key);
  if (keys[0] === 'tables' && typeof keys[1] === 'string') {
    const [, name, entry, side, ...rest] = keys;
    const where = [`table "${name}"`];
    if (typeof entry === 'number') where.push(`entry ${entry}`);
    if (side === 0) where.push('its key');
    if (rest.length > 0) where.push(`field ${rest.join('.')}`);
    return where.join(', ');
  }
  return `field ${keys.join('.')}`;
}

/**
 * An untrusted snapshot document, checked: throws a {@link SnapshotError} with one sentence
 * naming the first thing wrong (not a Parley state, a version this Parley does not read, a table
 * that is not valid), else returns it typed. The format and version are checked first, so an
 * older or newer document is named as such rather than as a pile of shape errors.
 */
export function validateSnapshot(document: unknown): SnapshotDocument {
  const head = v.safeParse(header, document);
  if (!head.success || head.output.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`this is not a Parley state snapshot: a snapshot is a JSON object with "format": "${SNAPSHOT_FORMAT}".`);
  }
  if (head.output.version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(`snapshot version ${JSON.stringify(head.output.version)} is not supported: this Parley reads version ${SNAPSHOT_VERSION}.`);
  }
  const checked = v.safeParse(snapshotSchema, document, { abortEarly: true });
  if (!checked.success) {
    const issue = checked.issues[0];
    const where = (issue.path ?? []).length === 0 ? 'the snapshot' : `the snapshot's ${place(issue)}`;
    throw new SnapshotError(`${where} is not valid: ${issue.message}.`);
  }
  // The input itself, not valibot's copy: records keep their field order (digests compare it).
  return document as SnapshotDocument;
}

/** The snapshot a JSON text holds, checked as {@link validateSnapshot} does; one sentence when it is not JSON. */
export function parseSnapshot(text: string): SnapshotDocument {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new SnapshotError(text.trim() === '' ? 'the snapshot is empty: it is not JSON.' : 'the snapshot is not JSON (truncated or corrupt).');
  }
  return validateSnapshot(document);
}
