import { isLoopbackHost } from './loopback';

/** The longest address kept: the stored record and the bridge's answers allow 2,000 characters. */
const MAX_ADDRESS_LENGTH = 1_000;

export type ServerAddressCheck = { ok: true; address: string } | { ok: false; problem: string };

/**
 * The one rule for an address the practice secret may be sent to: a custom address typed on the connect
 * screen, a regional host, and each entry of an administrator's regions file. https only, except plain
 * http to this laptop for a local test server. The API paths are appended to the address, so it may hold
 * no `?` or `#` at all — not even an empty query or fragment, which the URL parser drops from `search` and
 * `hash` but keeps in the text, so `/auth/validate` would land in the query. No `@` either: user info
 * (`user:pass@`, or an empty `@`) would send credentials outside the headers the contract names, and
 * `https://trusted@other` reads as one host while being another.
 */
export function checkServerAddress(raw: string): ServerAddressCheck {
  if (raw.includes('?')) return { ok: false, problem: 'must not contain a query ("?")' };
  if (raw.includes('#')) return { ok: false, problem: 'must not contain a fragment ("#")' };
  if (raw.includes('@')) return { ok: false, problem: 'must not contain a user name or password ("@")' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'is not a web address' };
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (!(url.protocol === 'https:' || local))
    return { ok: false, problem: 'must start with https:// (plain http only for 127.0.0.1, localhost or [::1])' };
  // Belt and braces: whatever the parser made of the text, the result carries none of them either.
  if (url.username || url.password || url.search || url.hash)
    return { ok: false, problem: 'must not contain a user name, password, query or fragment' };
  const address = url.toString().replace(/\/+$/, '');
  if (address.length > MAX_ADDRESS_LENGTH) return { ok: false, problem: 'is longer than 1,000 characters' };
  return { ok: true, address };
}
