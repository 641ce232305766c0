import { isIP } from 'node:net';
import { isLoopbackAddress } from '../../security/loopback';

/** How a name is turned into addresses (dns.promises.lookup with `all: true`); injected so tests need no DNS. */
export type LookupAll = (hostname: string) => Promise<readonly { address: string }[]>;

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
  if (addresses.length === 0 || !addresses.every((a) => isLoopbackAddress(a.address)))
    return { refused: 'localhost does not resolve only to loopback addresses' };
  // Over https the name stays (the certificate is for the name); a rebinding would then fail its check.
  if (url.protocol === 'https:') return { url };
  const pinned = new URL(url);
  const first = addresses[0]!.address;
  pinned.hostname = isIP(first) === 6 ? `[${first}]` : first;
  return { url: pinned };
}
