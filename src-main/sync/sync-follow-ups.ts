import { MAX_FOLLOW_UPS, type SyncCursor } from '../../src-preload/contract/sync';
import { billSchema } from '../../src-preload/contract/partner-api';
import { PartnerApiError } from '../partner-api/api-errors';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { stopsTheRun } from './stops-the-run';
import type { SyncSink } from './sync-sink';

/**
 * Records of one resource that tell another's record changed: a payment changes its bill's amount due and
 * status, and a payment is dated the day it is made, so a short payment window finds it where re-reading
 * every bill of the last weeks would cost dozens of pages.
 */

/** Most bills read again per run; the rest wait in the payments cursor for the next run. */
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

/** The cursor carrying these bills to read again, and those newly named (oldest dropped past the cap). */
export function withFollowUps(cursor: SyncCursor, carried: readonly number[], named: readonly number[]): SyncCursor {
  const ids = [...new Set([...carried, ...named])].slice(-MAX_FOLLOW_UPS);
  const { followUps: _dropped, ...rest } = cursor;
  return ids.length > 0 ? { ...rest, followUps: ids } : rest;
}

/**
 * Reads again, one by one, the bills the payments cursor names (at most FOLLOW_UPS_PER_RUN a run), each
 * stored with the bills' cursor unchanged; then stores the payments cursor without the bills read. A bill
 * the practice no longer has (404) is dropped too; one that failed otherwise waits for the next run.
 * Returns the payments cursor as stored.
 */
export async function readNamedBills(deps: {
  api: PartnerApiClient;
  sink: SyncSink;
  bills: SyncCursor;
  payments: SyncCursor;
  priority: RequestPriority;
  signal: AbortSignal | undefined;
  noteServerDate(date: Date | null): void;
}): Promise<SyncCursor> {
  const done = new Set<number>();
  for (const id of (deps.payments.followUps ?? []).slice(0, FOLLOW_UPS_PER_RUN)) {
    try {
      const answer = await deps.api.request('GET', `/bills/${id}`, billSchema, {
        priority: deps.priority,
        ...(deps.signal ? { signal: deps.signal } : {}),
      });
      deps.noteServerDate(answer.serverDate);
      await deps.sink.commitPage({ resource: 'bills', records: [answer.data], replaceAll: false, cursor: deps.bills });
      done.add(id);
    } catch (error) {
      if (error instanceof PartnerApiError && error.status === 404) done.add(id);
      else if (deps.signal?.aborted || stopsTheRun(error)) break;
    }
  }
  if (done.size === 0) return deps.payments;
  const left = (deps.payments.followUps ?? []).filter((id) => !done.has(id));
  const payments = withFollowUps(deps.payments, left, []);
  await deps.sink.commitPage({ resource: 'payments', records: [], replaceAll: false, cursor: payments });
  return payments;
}
