import { badInput } from '../errors.js';
import type { NotificationKey } from './order.js';

/**
 * Cursors of `notifications`: opaque base64url over `n1:<createdAt>:<id>` of the last notification
 * of a page. A key, not an offset (see `order.ts`), so it stays valid while notifications arrive
 * and after the notification it names is cleared.
 */
export function encodeNotificationCursor(key: NotificationKey): string {
  return btoa(`n1:${key.createdAt}:${key.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const SHAPE = /^n1:(\d{1,16}):([A-Za-z0-9-]{1,64})$/;

/** Throws BAD_USER_INPUT (`field: after`) unless `cursor` is one {@link encodeNotificationCursor} made. */
export function decodeNotificationCursor(cursor: string): NotificationKey {
  const refused = () => badInput('after is not a cursor of notifications: pass the endCursor of a previous page', 'after');
  if (!/^[A-Za-z0-9_-]{1,160}$/.test(cursor)) throw refused();
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw refused();
  }
  const match = SHAPE.exec(text);
  if (!match) throw refused();
  const createdAt = Number(match[1]);
  if (!Number.isSafeInteger(createdAt)) throw refused();
  return { createdAt, id: match[2]! };
}
