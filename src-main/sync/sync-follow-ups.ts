import type { SyncCursor } from '../../src-preload/contract/sync';
import { billSchema } from '../../src-preload/contract/partner-api';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { stopsTheRun } from './stops-the-run';
import type { SyncSink } from './sync-sink';

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

/**
 * Reads again, one by one, the bills payments of this run named (at most FOLLOW_UPS_PER_RUN; any more are
 * left for the client's own read when it is opened), each committed with the bills' cursor unchanged.
 */
export async function readNamedBills(deps: {
  api: PartnerApiClient;
  sink: SyncSink;
  cursor: SyncCursor;
  ids: readonly number[];
  priority: RequestPriority;
  signal: AbortSignal | undefined;
  noteServerDate(date: Date | null): void;
}): Promise<void> {
  for (const id of deps.ids.slice(0, FOLLOW_UPS_PER_RUN)) {
    try {
      const answer = await deps.api.request('GET', `/bills/${id}`, billSchema, {
        priority: deps.priority,
        ...(deps.signal ? { signal: deps.signal } : {}),
      });
      deps.noteServerDate(answer.serverDate);
      await deps.sink.commitPage({ resource: 'bills', records: [answer.data], replaceAll: false, cursor: deps.cursor });
    } catch (error) {
      if (deps.signal?.aborted || stopsTheRun(error)) throw error;
      // A bill that cannot be read now (deleted, a passing error) is read again with its client.
    }
  }
}
