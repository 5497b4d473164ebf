import type { UserRecord } from '../../state/accounts/records.js';

/** Where the HTTP door serves an upload key (PUT to store, GET to read). */
export function uploadUrl(publicOrigin: string, key: string): string {
  return `${publicOrigin}/uploads/${encodeURIComponent(key)}`;
}

/** Where a user's avatar is served, or null when they have none. */
export function avatarUrl(publicOrigin: string, user: UserRecord): string | null {
  return user.avatarKey === null ? null : uploadUrl(publicOrigin, user.avatarKey);
}
