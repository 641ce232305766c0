import { authValidationSchema } from '../../src-preload/contract/partner-api';
import type { ConnectResult, OwnCredentialsInput } from '../../src-preload/contract/practice';
import { describeApiError, PartnerApiError } from '../partner-api/api-errors';
import type { OwnCredentials } from '../vault/own-credentials';
import {
  checkCustomUrl,
  clip,
  confirmAddressText,
  confirmRegionalAddressText,
  regionNames,
  regions,
  rejectedCredentialsText,
} from './connect-rules';
import type { PracticeSessionDeps } from './session-deps';
import type { ClientFactory, KnownPractice } from './targets';

type Refusal = Extract<ConnectResult, { ok: false }>;
/** Own credentials that passed, before the vault decides how their secret is kept. */
export type CheckedOwnCredentials = Omit<OwnCredentials, 'storage' | 'backend'>;

/**
 * Where a direct connection's credentials may go, or the sentence that refuses it: the one address rule,
 * and the question asked once before a secret is first sent to an address no practice here is bound to
 * (a custom one, or a regional host a regions file changed from the one built into the app).
 */
export function resolvePartnerAddress(
  deps: Pick<PracticeSessionDeps, 'regionHosts' | 'builtInRegionHosts' | 'vault'>,
  input: Pick<OwnCredentialsInput, 'region' | 'customUrl' | 'confirmAddress'>,
): { ok: true; baseUrl: string } | Refusal {
  const baseUrl = checkCustomUrl(input.region === 'custom' ? input.customUrl : deps.regionHosts[input.region]);
  if (!baseUrl)
    return {
      ok: false,
      message:
        input.region === 'custom'
          ? 'Enter a custom address that starts with https:// (or http://127.0.0.1 for a local test server), without a user name, password, "?" or "#".'
          : `The address set on this laptop for ${regionNames[input.region]} is not a valid practice address. Check the regions file shown in Settings.`,
    };
  const known = deps.vault.bindings().some((b) => b.binding.baseUrl === baseUrl);
  if (!known && input.confirmAddress !== true) {
    if (input.region === 'custom') return { ok: false, message: confirmAddressText(baseUrl), confirmAddress: baseUrl };
    if (baseUrl !== checkCustomUrl(deps.builtInRegionHosts[input.region]))
      return {
        ok: false,
        message: confirmRegionalAddressText(regionNames[input.region], baseUrl),
        confirmAddress: baseUrl,
      };
  }
  return { ok: true, baseUrl };
}

export const ownPracticeMismatchText = (hubPractice: string, ownPractice: string): string =>
  `Your own credentials are for ${clip(ownPractice, 200)}, but the practice hub serves ${clip(hubPractice, 200)}. Enter the Client ID and secret of the practice the hub serves, or leave them out to read only.`;

export const ownCredentialsNeedHubText =
  'Own credentials are added to a practice read through the practice hub. This practice is connected directly: it already sends with its own credentials.';

/**
 * Checks a laptop's own credentials for a practice read through the hub, with the Partner API's
 * `/auth/validate` under the rules of a direct connect: the address rule, and the answer must name the
 * practice the hub serves. Nothing is stored here; the caller saves what passed.
 */
export async function checkOwnCredentials(
  deps: Pick<PracticeSessionDeps, 'regionHosts' | 'builtInRegionHosts' | 'vault'> & { client: ClientFactory },
  hubPractice: { practiceKey: string; name: string },
  input: OwnCredentialsInput,
): Promise<{ ok: true; credentials: CheckedOwnCredentials; secret: string } | Refusal> {
  const address = resolvePartnerAddress(deps, input);
  if (!address.ok) return address;
  let validation;
  try {
    validation = (
      await deps
        .client(address.baseUrl, input.clientId, input.secret, 'partner-api')
        .request('GET', '/auth/validate', authValidationSchema, { priority: 'interactive' })
    ).data;
  } catch (error) {
    if (error instanceof PartnerApiError && error.status === 401 && input.region !== 'custom')
      return { ok: false, message: rejectedCredentialsText, otherRegions: regions.filter((r) => r !== input.region) };
    return { ok: false, message: `Your own credentials were not accepted: ${describeApiError(error)}` };
  }
  if (validation.practiceKey.toLowerCase() !== hubPractice.practiceKey.toLowerCase())
    return { ok: false, message: ownPracticeMismatchText(hubPractice.name, validation.practiceName) };
  return {
    ok: true,
    secret: input.secret,
    credentials: {
      practiceKey: hubPractice.practiceKey.toLowerCase(),
      region: validation.region,
      baseUrl: address.baseUrl,
      clientId: input.clientId,
      canWrite: validation.canWrite,
    },
  };
}

/** Said after a practice connected directly moved to the hub: its direct credentials now send its changes. */
export const keptDirectCredentialsText = (practiceName: string, clientId: string): string =>
  `${clip(practiceName, 200)} is now read through the practice hub. This laptop was connected to it directly, so it keeps sending your changes to the Partner API with those credentials (Client ID ${clip(clientId, 200)}). To read only, remove them in Settings → Connection.`;

/**
 * The own credentials a connect through the hub keeps: those the user entered (checked like a direct
 * connect), else the ones this laptop is connected DIRECTLY with to the same practice, when unlocked — a
 * user who moves to the hub expects their changes to keep going out, so they are kept, and it is said.
 * `movesFromDirect`: the practice is connected directly now, with its secret unlocked; only then may the hub
 * take over its reads (the binding rule refuses a hub for a practice bound elsewhere otherwise).
 */
export async function ownCredentialsForHub(
  deps: Parameters<typeof checkOwnCredentials>[0],
  hub: { practiceKey: string; name: string; previous: KnownPractice | undefined },
  input: OwnCredentialsInput | undefined,
): Promise<
  | {
      ok: true;
      kept: { credentials: CheckedOwnCredentials; secret: string } | null;
      keptFromDirect: boolean;
      movesFromDirect: boolean;
    }
  | Refusal
> {
  const direct = hub.previous?.through !== 'hub' ? hub.previous : undefined;
  const directSecret = direct ? deps.vault.secretOf(hub.practiceKey) : undefined;
  const movesFromDirect = direct !== undefined && directSecret !== undefined;
  if (input) {
    const checked = await checkOwnCredentials(deps, hub, input);
    return checked.ok ? { ok: true, kept: checked, keptFromDirect: false, movesFromDirect } : checked;
  }
  if (!direct || !directSecret) return { ok: true, kept: null, keptFromDirect: false, movesFromDirect };
  const { region, baseUrl, clientId, canWrite } = direct;
  const credentials = { practiceKey: hub.practiceKey, region, baseUrl, clientId, canWrite };
  return { ok: true, kept: { credentials, secret: directSecret }, keptFromDirect: true, movesFromDirect };
}
