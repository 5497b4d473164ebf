import type { UserRecord } from '../../state/accounts/records.js';

/** Where the HTTP door serves an upload key for reading (GET): `publicUrl`, avatars, icons. It never writes. */
export function uploadUrl(publicOrigin: string, key: string): string {
  return `${publicOrigin}/uploads/${encodeURIComponent(key)}`;
}

/** The URL its creator PUTs an upload's bytes to: the read URL with the write signature (`UploadUrls`). */
export function signedUploadUrl(publicOrigin: string, key: string, signature: string): string {
  return `${uploadUrl(publicOrigin, key)}?signature=${encodeURIComponent(signature)}`;
}

/** Where a user's avatar is served, or null when they have none. */
export function avatarUrl(publicOrigin: string, user: UserRecord): string | null {
  return user.avatarKey === null ? null : uploadUrl(publicOrigin, user.avatarKey);
}

/**
 * The authorize page of an OAuth authorization request (the HTTP door serves `/oauth/authorize`).
 * A client may append `&redirect_uri=...` to choose where the answer goes.
 */
export function oauthAuthorizeUrl(publicOrigin: string, requestId: string): string {
  return `${publicOrigin}/oauth/authorize?request_id=${encodeURIComponent(requestId)}`;
}

/** Where the HTTP door serves a signed file link (`/files/<token>`, GET or HEAD). */
export function fileLinkUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/files/${token}`;
}
