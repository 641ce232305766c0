/**
 * Records of one resource that tell another's record changed: a payment changes its bill's amount due and
 * status, and a payment is dated the day it is made, so a short payment window finds it where re-reading
 * every bill of the last weeks would cost dozens of pages.
 */

/** Most bills read again per run; more is rare, and a client's own bills are read when it is opened. */
export const FOLLOW_UPS_PER_RUN = 25;
const FOLLOW_UP_MARGIN_MS = 120_000;

/**
 * The bills named by payments that changed since the last pass began (`since`, the server's time; a
 * window pass re-reads the day it last read, and those payments' bills were read then).
 */
export function followUps(resource: string, records: readonly unknown[], since: string | null): number[] {
  if (resource !== 'payments') return [];
  // The same margin as a watermark's: a payment committed just before the last pass began counts as new.
  const after = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since) - FOLLOW_UP_MARGIN_MS;
  const ids: number[] = [];
  for (const record of records) {
    const { billingId, updatedOn } = record as { billingId?: unknown; updatedOn?: unknown };
    if (typeof updatedOn === 'string' && Date.parse(updatedOn) < after) continue;
    if (typeof billingId === 'number' && Number.isInteger(billingId)) ids.push(billingId);
  }
  return ids;
}
