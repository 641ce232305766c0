import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import type { PracticeClock } from './practice-clock';

// Apart from outbox-verifiers.ts so that verifiers in their own files (verify-adhoc-bill.ts) need not import the list that imports them.

/**
 * `clock`: when the attempt went out and what time it is, by the practice's clock once a read (or the
 * attempt's own answer) has told it — what a record's timestamps are compared with, never the laptop's
 * clock; `claimed`: keys of records other entries of the same operation created (two identical writes
 * queued: each has its own).
 */
export interface VerifyContext {
  clock: Pick<PracticeClock, 'now' | 'sentAt'>;
  claimed: ReadonlySet<string | number>;
}
export type Verifier = (
  api: PartnerApiClient,
  params: Record<string, string | number>,
  body: unknown,
  context: VerifyContext,
) => Promise<OutboxVerdict>;
