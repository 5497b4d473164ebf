import { isIP } from 'node:net';

/**
 * Whether binding `host` keeps the mock on this machine: `localhost`, `*.localhost`, 127.0.0.0/8
 * and `::1` (IPv4-mapped too). Anything else (`0.0.0.0`, `::`, a LAN address, a name that may
 * resolve anywhere) counts as the network, which turns `/dev` off by default and prints a warning.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) {
    // The URL parser writes an IPv6 address in its shortest form (`0:0:0:0:0:0:0:1` -> `::1`, `::ffff:127.0.0.1` -> `::ffff:7f00:1`).
    const short = new URL(`http://[${name}]`).hostname.slice(1, -1);
    return short === '::1' || short.startsWith('::ffff:7f');
  }
  return false;
}
