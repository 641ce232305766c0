import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

// Apart from outbox-verifiers.ts so that verifiers in their own files (verify-adhoc-bill.ts) need not import the list that imports them.

/**
 * `queuedAt`: when the entry was queued (a record made before then cannot be this write's); `claimed`: keys
 * of records other entries of the same operation created (two identical writes queued: each has its own).
 */
export interface VerifyContext {
  queuedAt: string | null;
  claimed: ReadonlySet<string | number>;
}
export type Verifier = (
  api: PartnerApiClient,
  params: Record<string, string | number>,
  body: unknown,
  context: VerifyContext,
) => Promise<OutboxVerdict>;
