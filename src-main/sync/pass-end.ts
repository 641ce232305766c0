import type { SyncCursor } from '../../src-preload/contract/sync';
import { needsConfirming, pageSizeHeld, type PageStep } from '../partner-api/paging';
import { pick } from './pass-rules';
import type { SyncResource } from './sync-resources';

/**
 * How a paged pass ended (partner-api/paging.ts):
 * - proven: by the rule, with the page size shown to hold throughout;
 * - unproven: on a small first page, which may be a full page of a page size shrunk to exactly its count; on
 *   two repeats in a row past the first page; or after a record may have moved within the list, so another
 *   may have been skipped (partner-api/moved-records.ts);
 * - changed: the page size changed during the pass (`pageSize`: the one seen last), so records may be skipped.
 */
export type PassOutcome = { kind: 'proven' } | { kind: 'unproven' } | { kind: 'changed'; pageSize: number };

/**
 * How the pass stands after a page (null: it goes on). An end by the rule is proven once the page size is
 * shown to have held (`readFirstAgain`: the first page's count, read again), see paging.ts, and no record
 * moved within the list while the pass read it (`moved`).
 */
export async function outcomeOf(
  step: PageStep,
  served: number,
  pagesWithRecords: number,
  knownPageSize: number,
  moved: boolean,
  readFirstAgain: () => Promise<number>,
): Promise<PassOutcome | null> {
  if (step.grew) return { kind: 'changed', pageSize: served };
  if (!step.ended) return null;
  if (!step.proven || moved) return { kind: 'unproven' };
  const largest = step.state.largestThisPass;
  if (!needsConfirming(pagesWithRecords, largest, knownPageSize)) return { kind: 'proven' };
  const servedAgain = await readFirstAgain();
  return pageSizeHeld(largest, servedAgain) ? { kind: 'proven' } : { kind: 'changed', pageSize: servedAgain };
}

/**
 * A pass that reads everything it covers, so it never trusts a learned page size and what it sees replaces
 * it: a first import, a reconciliation, a list without lastUpdated.
 */
export const readsWhole = (resource: SyncResource, cursor: SyncCursor): boolean =>
  cursor.mode !== 'incremental' || resource.kind === 'paged-whole';

export interface PassFacts {
  resource: SyncResource;
  /** The cursor as it stood before the last page (the pass's watermark, window and proof). */
  cursor: SyncCursor;
  outcome: PassOutcome;
  /** The server's time at the pass's first page, and at its end. */
  passServerTime: string;
  endedAt: string;
  largestThisPass: number;
  pagesWithRecords: number;
  /** The page size learned before this pass (0: unknown, or a resumed pass). */
  knownPageSize: number;
  recordsThisPass: number;
  marginMs: number;
}

/** The page size to keep after a proven pass: never more than a pass saw full. */
function learnedAfterProof(facts: PassFacts, whole: boolean): number {
  // A whole read, or two pages with records of which the first was full: the page size itself.
  if (whole || facts.pagesWithRecords > 1) return facts.largestThisPass;
  // One page and an empty one says only that the page size is at least that page: the known one stands
  // (a lower bound when none was known).
  return facts.knownPageSize > 0 ? facts.knownPageSize : facts.largestThisPass;
}

/**
 * The cursor committed with a pass's last page. A proven pass moves the watermark to its start less the margin
 * and becomes the proven one; otherwise the watermark and the proof stay where the last proven pass left them,
 * so the next pass asks again from there (records repeat; upsert by key), and a whole read starts over.
 */
export function cursorAtEnd(facts: PassFacts): SyncCursor {
  const { cursor, outcome, passServerTime } = facts;
  const whole = readsWhole(facts.resource, cursor);
  const window = cursor.window ? { window: cursor.window } : {};
  if (outcome.kind !== 'proven' && whole) {
    // A whole read with a gap is read again from its first page, on the next run (its interval not restarted).
    const pageSize = outcome.kind === 'changed' ? outcome.pageSize : 0;
    return { ...cursor, nextPage: 1, passServerTime: null, largestPage: pageSize, recordsThisPass: 0 };
  }
  const common = {
    resource: cursor.resource,
    mode: 'incremental' as const,
    nextPage: 1,
    passServerTime: null,
    lastCompletedAt: passServerTime,
    recordsThisPass: facts.recordsThisPass,
    passEndedAt: facts.endedAt,
    ...window,
  };
  if (outcome.kind !== 'proven')
    return {
      ...common,
      watermark: cursor.watermark,
      ...(cursor.provenAt ? { provenAt: cursor.provenAt } : {}),
      largestPage: outcome.kind === 'changed' ? outcome.pageSize : facts.knownPageSize,
      ...pick(cursor),
    };
  return {
    ...common,
    watermark: new Date(Date.parse(passServerTime) - facts.marginMs).toISOString(),
    provenAt: passServerTime,
    largestPage: learnedAfterProof(facts, whole),
    // A whole read records its size (it saw everything from its start on); an incremental pass carries it.
    ...(cursor.mode !== 'incremental'
      ? { fullPassRecords: facts.recordsThisPass, fullPassAt: passServerTime }
      : pick(cursor)),
  };
}
