/** Where the HTTP door serves an upload key (PUT to store, GET to read). */
export function uploadUrl(publicOrigin: string, key: string): string {
  return `${publicOrigin}/uploads/${encodeURIComponent(key)}`;
}
