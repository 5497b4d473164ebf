/**
 * Who may call `/dev` from a web page. `/dev` hands out the whole state (live tokens, password
 * hashes, the file-link signing key) and replaces it, so unlike `/graphql` it answers no other
 * origin: no `Access-Control-Allow-Origin: *`, no preflight, and a request that carries a foreign
 * `Origin` is refused before it acts (a form or a `no-cors` fetch can POST `/dev/reset` without
 * any preflight, so withholding the CORS headers alone would not be enough).
 *
 * - `same`: no `Origin` (curl, a test, a same-origin GET) or the mock's own origin (the `/dev` page).
 * - `named`: an origin the developer named (`--cors-origin`, `corsOrigins`); it gets CORS headers
 *   that echo it, never `*`.
 * - `refused`: any other origin, `null` included (sandboxed frames, `file:` pages).
 */
export type DevOriginVerdict = 'same' | 'named' | 'refused';

export class DevOriginPolicy {
  private readonly named: ReadonlySet<string>;

  /** @param corsOrigins origins such as `http://localhost:5173`; each is normalised by the URL parser. */
  constructor(corsOrigins: readonly string[] = []) {
    this.named = new Set(corsOrigins.map(normaliseOrigin));
  }

  judge(origin: string | undefined, hostHeader: string | undefined): DevOriginVerdict {
    if (origin === undefined) return 'same';
    const given = origin.trim().toLowerCase();
    if (hostHeader !== undefined && given === `http://${hostHeader.trim().toLowerCase()}`) return 'same';
    return this.named.has(given) ? 'named' : 'refused';
  }
}

/**
 * `scheme://host[:port]` as browsers send it in `Origin` (lower case, no default port, no path);
 * throws a `TypeError` for what is no http(s) origin, so a typo in a flag fails at start.
 */
export function normaliseOrigin(origin: string): string {
  const url = new URL(origin);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') throw new TypeError(`${origin} is not an http(s) origin such as http://localhost:5173`);
  return url.origin.toLowerCase();
}

/** The CORS headers an origin named for `/dev` gets: that origin only, and `Vary` so no cache mixes it up. */
export function devCorsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, accept',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/** The one sentence a refused origin gets. */
export function refusedOriginMessage(origin: string): string {
  return `Blocked request: /dev answers no other web origin than the mock's own, and ${origin} is not one; to allow it, start the mock with --cors-origin ${origin}.`;
}
