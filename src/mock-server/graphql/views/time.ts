/** DateTime values leave the server as RFC 3339 UTC strings with milliseconds (`...T09:30:00.000Z`). */
export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : iso(epochMs);
}
