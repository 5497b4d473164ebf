import { isLoopbackHost } from '../mock-server/http/loopback.js';

/**
 * What `parley mock serve` prints on stderr when `--host` reaches beyond this machine (0.0.0.0,
 * a LAN address, a name): the routes the network can now reach, and whether `/dev` is among them.
 * Null on a loopback host, where nothing is exposed.
 */
export function exposureWarning(host: string, devRoutes: boolean): string | null {
  if (isLoopbackHost(host)) return null;
  const open = 'anyone who can reach this machine can call /graphql (and log in with any account it knows, the demo logins included), /uploads and /files';
  const dev = devRoutes
    ? '/dev is on too (--dev-routes): it reads the whole state, live tokens and password hashes included, and replaces it'
    : '/dev (the whole state, its tokens and password hashes) stays off here unless you pass --dev-routes';
  return `parley mock: warning: listening on ${host}, not only on this machine: ${open}; ${dev}.`;
}
