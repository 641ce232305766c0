import { isIP } from 'node:net';

/**
 * The one loopback rule of main: the demo's webhook deliveries, custom practice addresses allowed over
 * plain http, and the development server's address all ask it.
 */

/** True for 127.0.0.0/8 and ::1, including an IPv4 loopback address written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return address.split('.')[0] === '127';
  if (kind !== 6) return false;
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  // ::ffff:127.0.0.1, which WHATWG URL writes as ::ffff:7f00:1 (the top byte of the first group is 0x7f).
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/.exec(lower)?.[1];
  if (!mapped) return false;
  if (isIP(mapped) === 4) return isLoopbackAddress(mapped);
  const high = /^([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(mapped)?.[1];
  return high !== undefined && parseInt(high, 16) >> 8 === 0x7f;
}

/** A URL's hostname that names this machine: `localhost` or a literal loopback address (brackets allowed for IPv6). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
