import { isIP } from 'node:net';

/** How a name is turned into addresses (dns.promises.lookup with `all: true`); injected so tests need no DNS. */
export type LookupAll = (hostname: string) => Promise<readonly { address: string }[]>;

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

/**
 * Where the demo may deliver when it only delivers to this machine. A hostname must be a literal
 * loopback address (127.0.0.0/8, ::1) or the name `localhost`; any other name is refused before it is
 * looked up, since a name that merely looks local (`127.attacker.example`) may point anywhere. For
 * `localhost` every resolved address must be loopback, and a plain-http delivery goes to the address that
 * was checked, so a second lookup cannot point it elsewhere. Returns the URL to fetch, or the reason it is refused.
 */
export async function loopbackTarget(url: URL, lookup: LookupAll): Promise<{ url: URL } | { refused: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'only http and https are delivered' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isLoopbackAddress(host) ? { url } : { refused: `${host} is not a loopback address` };
  if (host !== 'localhost') return { refused: `${host} is not a loopback address` };
  const addresses = await lookup(host).catch(() => []);
  if (addresses.length === 0 || !addresses.every((a) => isLoopbackAddress(a.address))) return { refused: 'localhost does not resolve only to loopback addresses' };
  // Over https the name stays (the certificate is for the name); a rebinding would then fail its check.
  if (url.protocol === 'https:') return { url };
  const pinned = new URL(url);
  const first = addresses[0]!.address;
  pinned.hostname = isIP(first) === 6 ? `[${first}]` : first;
  return { url: pinned };
}
