import type { Region } from '../../src-preload/contract/partner-api';
import type { SignOutResult } from '../../src-preload/contract/practice';
import { isLoopbackHost } from '../security/loopback';
import type { Binding } from '../vault/credential-vault';

export const regions: readonly Region[] = ['ANZ', 'UK', 'ZA'];

/** The longest address kept: the stored record and the bridge's answers allow 2,000 characters. */
const MAX_ADDRESS_LENGTH = 1_000;

/**
 * A custom address, normalised; https only, except plain http to this laptop for a local test server.
 * No user name or password, query or fragment: the API paths are appended to it, and credentials in an
 * address would travel to the server outside the headers the contract names.
 */
export function checkCustomUrl(raw: string | undefined): string | null {
  try {
    const url = new URL(raw ?? '');
    const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
    if (!(url.protocol === 'https:' || local) || url.username || url.password || url.search || url.hash) return null;
    const normalised = url.toString().replace(/\/+$/, '');
    return normalised.length <= MAX_ADDRESS_LENGTH ? normalised : null;
  } catch {
    return null;
  }
}

/** Server-chosen or user-typed text inside a sentence: kept short enough for the answer's limit. */
export const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const confirmAddressText = (baseUrl: string): string =>
  `Your Client ID and secret will be sent to ${clip(baseUrl)}. Connect only if this is the address your practice gave you.`;

export const rejectedCredentialsText =
  'The practice server of the region you chose did not accept these credentials. Check the Client ID and the secret. If your practice is in another region, choose it and connect again.';

/**
 * Whether a server's answer may take the practice key a practice on this laptop already has. A practice
 * is identified by the server's key bound to the address and Client ID it was first connected with:
 * the same pair is a reconnect; another pair would take over the practice's local data, so it is refused.
 * The demo is the exception among demos only: it is started by this app on a new port each run.
 * Not a local key derived from (key, address, Client ID): every database, cache folder and bridge schema
 * is keyed by the server's practice key, and refusing collisions makes that key unique here anyway.
 */
export function bindingRefusal(bound: Binding | null, next: Binding, practiceName: string): string | null {
  if (!bound || (bound.isDemo && next.isDemo)) return null;
  if (bound.baseUrl === next.baseUrl && bound.clientId === next.clientId) return null;
  const where =
    bound.baseUrl === next.baseUrl
      ? `with another Client ID (${clip(bound.clientId, 200)})`
      : `from ${clip(bound.baseUrl)}`;
  return `This server says it is ${clip(practiceName, 200)}, which is already connected on this laptop ${where}. Sign out of that practice first if you really mean to replace it.`;
}

/** The sentence for a sign-out: null when every part was deleted, else what was left and what happens to it. */
export function signOutMessage(name: string, wiped: SignOutResult['wiped']): string | null {
  const left: string[] = [];
  if (!wiped.credentials)
    left.push(
      'its saved secret could not be removed from the settings file (if it is listed again after a restart, sign out of it again)',
    );
  if (!wiped.documents)
    left.push('its saved documents could not all be deleted; what is left is removed the next time the app starts');
  if (!wiped.budget) left.push('its request count could not be removed from the settings file');
  return left.length === 0 ? null : `Signed out of ${clip(name, 200)}, but ${left.join('; ')}.`;
}
