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

/** The outbox's writes and the documents' and on-demand reads, from the one check above. */
export function createTargets(deps: TargetDeps) {
  return {
    /** Where the outbox sends: the active practice's API client, if it is this one and unlocked. */
    writeTarget(practiceKey: string): { api: PartnerApiClient; canWrite: boolean } | null {
      const target = activeTarget(deps, practiceKey);
      return target && { api: target.api, canWrite: target.practice.canWrite };
    },
    /** Where reads go (documents, on-demand reads): the same check, without the write permission. */
    readTarget(practiceKey: string): { api: PartnerApiClient } | null {
      const target = activeTarget(deps, practiceKey);
      return target && { api: target.api };
    },
    /**
     * The laptop's own Partner API client for a practice read through the hub (null without its own
     * credentials): where the sync falls back to when the hub is unreachable.
     * PLACEHOLDER until the laptop's own credentials beside the hub are stored: always null.
     */
    directTarget(_practiceKey: string): { api: PartnerApiClient } | null {
      return null;
    },
  };
}
