import { isIP } from 'node:net';

/**
 * Which `Host` headers the mock answers: the defence against DNS rebinding (the class Vite's
 * `server.allowedHosts` and webpack-dev-server's `allowedHosts` closed in 2025). A page on
 * `evil.example` can point its own name at 127.0.0.1, but its requests still say
 * `Host: evil.example`, so a name the developer did not allow is refused.
 *
 * Always allowed, because no web page can make a browser send them for a name it controls:
 * `localhost` and `*.localhost` (browsers resolve these to loopback themselves), and any IP
 * literal (`127.0.0.1`, `[::1]`, a LAN address): rebinding needs a DNS name. Also allowed: the
 * bound host (`--host`) and the names given (`--allowed-host`); a name that starts with `.`
 * allows itself and every subdomain, as in Vite.
 */
export class HostAllowList {
  private readonly exact = new Set<string>();
  private readonly suffixes: string[] = [];

  constructor(boundHost: string, allowedHosts: readonly string[] = []) {
    for (const entry of allowedHosts) {
      if (!isAllowableHostName(entry)) throw new RangeError(allowedHostProblem(entry));
    }
    for (const entry of [boundHost, ...allowedHosts]) {
      const name = entry.trim().toLowerCase();
      if (name.startsWith('.')) {
        this.exact.add(name.slice(1));
        this.suffixes.push(name);
      } else if (name) {
        this.exact.add(name);
      }
    }
  }

  /** Whether a request with this `Host` header is answered. A missing header is refused: every browser sends one. */
  allows(hostHeader: string | undefined): boolean {
    if (hostHeader === undefined) return false;
    const name = hostnameOf(hostHeader);
    if (name === null) return false;
    if (name === 'localhost' || name.endsWith('.localhost') || isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0) return true;
    return this.exact.has(name) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }
}

/**
 * A `Host` header as a URL may carry it: a name of letters, digits, dots and hyphens (and `_`,
 * which container and compose service names use and no URL parser reads as a delimiter), or an
 * IPv6 literal in brackets, then an optional numeric port. Nothing else, because the mock builds
 * the URLs it hands out (uploads, files, OAuth, GraphiQL) from this header: `evil.test/.localhost`
 * ends in `.localhost`, but as a URL's authority it names evil.test, and `?`, `#`, `\` or `@`
 * end or move the authority the same way.
 */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i;

/**
 * Whether `name` can be given as an allowed host (`--allowed-host`, `allowedHosts`): a host name
 * a `Host` header can carry ({@link HOST_HEADER}, without a port), or one with a leading `.` for
 * it and its subdomains. Anything else could never match a request, so it is refused at start.
 */
export function isAllowableHostName(name: string): boolean {
  const bare = name.trim().replace(/^\./, '');
  return bare !== '' && !/:\d+$/.test(bare) && HOST_HEADER.test(bare);
}

/** Why `name` cannot be an allowed host: one sentence. */
export function allowedHostProblem(name: string): string {
  return `--allowed-host must be a host name (letters, digits, dots, hyphens and underscores, or an IPv6 address in brackets; a leading . allows its subdomains too) without a port, not ${JSON.stringify(name)}.`;
}

/** The name of a `Host` header without its port, lower-cased; `[::1]` keeps its brackets. Null when it is not host[:port] ({@link HOST_HEADER}). */
function hostnameOf(header: string): string | null {
  const match = HOST_HEADER.exec(header.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The one sentence a refused request gets (what to do, as Vite's refusal says): the same for
 * HTTP and for the WebSocket upgrade.
 */
export function refusedHostMessage(hostHeader: string | undefined): string {
  if (hostHeader === undefined) return 'Blocked request: it has no Host header, which the mock needs to tell a DNS-rebinding page from a developer.';
  const name = hostnameOf(hostHeader);
  // Not echoed: it is no host name, and no flag would allow it.
  if (name === null) return 'Blocked request: the Host header is not a host name (letters, digits, dots, hyphens and underscores, or an IPv6 address in brackets, then an optional :port).';
  return `Blocked request: the host "${name}" is not allowed; to allow it, start the mock with --allowed-host ${name} (startMockServer({ allowedHosts: ['${name}'] })).`;
}
