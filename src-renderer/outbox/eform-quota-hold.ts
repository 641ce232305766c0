import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';

/**
 * The practice's daily eForm quota holds eForms only. An eForm it refused waits until the quota resets
 * (main sets notBefore to that, and marks lastError `waitsFor: 'eform-quota'`); while it waits, the
 * outbox goes on past it: later entries go out in order, except other eForms (they would only be
 * refused again, each costing a request) and entries that need its result (their references wait).
 */
export const spendsEformQuota = (entry: OutboxEntry): boolean =>
  entry.operation === 'eform.create' || entry.operation === 'eform.sendDraft';

/** Until when this entry waits for the eForm quota, or null when it does not. */
export function eformQuotaWaitUntil(entry: OutboxEntry, now: number): number | null {
  if (entry.status !== 'pending' || entry.lastError?.waitsFor !== 'eform-quota' || !entry.notBefore) return null;
  const due = Date.parse(entry.notBefore);
  return due > now ? due : null;
}
