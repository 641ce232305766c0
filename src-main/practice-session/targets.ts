import { registerSecret } from '../logging/redact';
import { createPartnerApiClient, type PartnerApiClient } from '../partner-api/partner-api-client';
import type { StoredPractice } from '../vault/credential-vault';
import type { PracticeSessionDeps } from './session-deps';

export type KnownPractice = Omit<StoredPractice, 'cipherText'>;
/** `through`: 'hub' when the address is the practice hub and the credentials a device's. */
export type ClientFactory = (
  baseUrl: string,
  clientId: string,
  secret: string,
  through?: KnownPractice['through'],
) => PartnerApiClient;

/** API clients for one practice's address and credentials, under that Client ID's request budget. */
export function createClientFactory(
  deps: Pick<PracticeSessionDeps, 'fetch' | 'fetchForWrite' | 'apiClient' | 'budgetFor'>,
): ClientFactory {
  return (baseUrl, clientId, secret, through) =>
    createPartnerApiClient({
      baseUrl,
      credentials: () => ({ clientId, secret: registerSecret(secret) }),
      fetch: deps.fetch,
      ...(deps.fetchForWrite ? { fetchForWrite: deps.fetchForWrite } : {}),
      timeoutMs: 20_000,
      maxAttempts: 3,
      ...deps.apiClient,
      // The Client ID's budget paces what reaches the Partner API. A device's requests to the practice hub cost
      // the Client ID nothing (the hub serves them from its mirror), so they are not paced by it.
      ...(deps.budgetFor && through !== 'hub' ? { budget: deps.budgetFor(clientId) } : {}),
      ...(through === 'hub' ? { hubDevice: true } : {}),
    });
}

export interface TargetDeps {
  practiceOf(practiceKey: string): KnownPractice | undefined;
  secretOf(practiceKey: string): string | undefined;
  /** A hub practice's own Partner API credentials, unlocked (vault/own-credentials.ts); undefined without. */
  ownOf?(
    practiceKey: string,
  ): { credentials: { baseUrl: string; clientId: string; canWrite: boolean }; secret: string } | undefined;
  isActive(practiceKey: string): boolean;
  client: ClientFactory;
}

/**
 * Where requests for a practice go: its API client, only while it is the active practice and its secret
 * is unlocked. Null for any other practice, so nothing is ever sent with another practice's credentials.
 */
export function activeTarget(
  deps: TargetDeps,
  practiceKey: string,
): { practice: KnownPractice; api: PartnerApiClient } | null {
  const practice = deps.practiceOf(practiceKey);
  const secret = deps.secretOf(practiceKey);
  if (!practice || !secret || !deps.isActive(practiceKey)) return null;
  return { practice, api: deps.client(practice.baseUrl, practice.clientId, secret, practice.through) };
}

/**
 * The Partner API itself for this practice, with the laptop's own credentials: a direct practice's client,
 * or a hub practice's own credentials' client (through 'partner-api': paced by that Client ID's budget, writes
 * through the write fetch, exactly as a direct practice). Null when it is not the active, unlocked practice,
 * or a hub practice without own credentials: the hub's device token is never sent anywhere but the hub.
 */
export function directTarget(
  deps: TargetDeps,
  practiceKey: string,
): { api: PartnerApiClient; canWrite: boolean } | null {
  const target = activeTarget(deps, practiceKey);
  if (!target) return null;
  if (target.practice.through !== 'hub') return { api: target.api, canWrite: target.practice.canWrite };
  const own = deps.ownOf?.(practiceKey);
  if (!own) return null;
  const { baseUrl, clientId, canWrite } = own.credentials;
  return { api: deps.client(baseUrl, clientId, own.secret, 'partner-api'), canWrite };
}

/** The outbox's writes and the documents' and on-demand reads, from the one check above. */
export function createTargets(deps: TargetDeps) {
  return {
    /**
     * Where the outbox sends, and where its checks read (they must see the practice, not a mirror that may
     * lag): the Partner API with the laptop's own credentials. A hub practice without them has none (null),
     * so its device token never carries a write and no verification reads the hub's copy.
     */
    writeTarget: (practiceKey: string): { api: PartnerApiClient; canWrite: boolean } | null =>
      directTarget(deps, practiceKey),
    /**
     * The Partner API for a practice read through the hub, when the hub cannot answer: its own credentials'
     * client under their budget; a direct practice's own client. Null otherwise.
     */
    directTarget(practiceKey: string): { api: PartnerApiClient } | null {
      const target = directTarget(deps, practiceKey);
      return target && { api: target.api };
    },
    /** Where reads go (documents, on-demand reads): the same check, without the write permission. */
    readTarget(practiceKey: string): { api: PartnerApiClient } | null {
      const target = activeTarget(deps, practiceKey);
      return target && { api: target.api };
    },
  };
}
