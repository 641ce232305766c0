import type { Region } from '../../src-preload/contract/partner-api';
import type { SignOutResult } from '../../src-preload/contract/practice';
import { checkServerAddress } from '../security/server-address';
import type { Binding } from '../vault/credential-vault';

export const regions: readonly Region[] = ['ANZ', 'UK', 'ZA'];

export const regionNames: Record<Region, string> = {
  ANZ: 'Australia and New Zealand',
  UK: 'the United Kingdom',
  ZA: 'South Africa',
};

/** A custom address, normalised, or null (security/server-address.ts has the one rule for every address). */
export function checkCustomUrl(raw: string | undefined): string | null {
  const checked = checkServerAddress(raw ?? '');
  return checked.ok ? checked.address : null;
}

/** Server-chosen or user-typed text inside a sentence: kept short enough for the answer's limit. */
export const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const confirmAddressText = (baseUrl: string): string =>
  `Your Client ID and secret will be sent to ${clip(baseUrl)}. Connect only if this is the address your practice gave you.`;

/** Asked before the secret first goes to a regional host this laptop's regions file changed from the built-in one. */
export const confirmRegionalAddressText = (regionName: string, baseUrl: string): string =>
  `The address for ${regionName} was changed on this laptop by a regions file (set by an administrator or a program), so it is not the one built into the app. Your Client ID and secret will be sent to ${clip(baseUrl)}. Connect only if your practice administrator set this address.`;

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
  if (!bound.baseUrl || !bound.clientId)
    return `This server says it is ${clip(practiceName, 200)}, which is already on this laptop, but its saved record is damaged so the address it was connected with cannot be read. Sign out of that practice first if you really mean to replace it.`;
  const where =
    bound.baseUrl === next.baseUrl
      ? `with another Client ID (${clip(bound.clientId, 200)})`
      : `from ${clip(bound.baseUrl)}`;
  return `This server says it is ${clip(practiceName, 200)}, which is already connected on this laptop ${where}. Sign out of that practice first if you really mean to replace it.`;
}

export const unidentifiedRecordText =
  'A saved practice record on this laptop is damaged so badly that it does not say which practice it is, and this practice could be that one. It is not connected, so that its data cannot be taken over. Ask your IT support to remove the damaged record from the settings file.';

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
