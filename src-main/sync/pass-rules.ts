import { daysBetween, shiftDay } from '../../src-preload/contract/iso-day';
import type { SyncCursor } from '../../src-preload/contract/sync';
import { ACTIVE_EVERY_MS, CATALOG_STALE_FOR_FORMS_MS, type SyncRound } from '../../src-preload/contract/sync-cadence';
import { pagesOfWholeRead } from './sync-plan';
import { rulesOf, TIER_EVERY_MS, type SyncResource, type SyncTier } from './sync-resources';

/** How each pass of a resource starts: pure rules on its cursor, the round and the server's time. */

export function emptyCursor(resource: string): SyncCursor {
  return {
    resource,
    mode: 'full',
    watermark: null,
    nextPage: 1,
    passServerTime: null,
    largestPage: 0,
    lastCompletedAt: null,
    recordsThisPass: 0,
  };
}

/**
 * A resource sits this run out when its tier is not due: read less than its tier's interval ago (from the
 * end of its last pass: a long first import would otherwise be due again as soon as it ends). "Sync now"
 * (round 'full') reads everything; a form's 'catalogs' round reads only catalogs more than an hour old. A
 * resource read first when asked (`firstReadWhenAsked`) waits, until then, for one of those two.
 */
export function restsThisRound(
  resource: SyncResource,
  cursor: SyncCursor | undefined,
  round: SyncRound,
  serverNowMs: number,
  named?: ReadonlySet<string>,
): boolean {
  // A poke from the practice hub names what changed: that is read now, and nothing else.
  if (named) return !named.has(resource.name);
  if (round === 'catalogs' && resource.tier !== 'catalogs') return true;
  if (resource.firstReadWhenAsked && round === 'due' && !cursor?.lastCompletedAt) return true;
  const endedAt = cursor?.passEndedAt ?? cursor?.lastCompletedAt;
  if (round === 'full' || cursor?.mode !== 'incremental' || cursor.nextPage !== 1 || !endedAt) return false;
  const every = round === 'catalogs' ? CATALOG_STALE_FOR_FORMS_MS : TIER_EVERY_MS[resource.tier];
  return every > 0 && serverNowMs - Date.parse(endedAt) < every;
}

/** When a whole re-read is due (judged on server time) and whether the budget lets it start now. */
export interface ReconcilePolicy {
  everyMs: number;
  mayStart: (resource: string, requests: number) => boolean;
}

/** An incremental resource whose last whole read is old enough, if the budget allows, is re-read whole. */
export function reconcileIfDue(
  resource: SyncResource,
  cursor: SyncCursor,
  policy: ReconcilePolicy | undefined,
): SyncCursor {
  if (
    !policy ||
    !rulesOf(resource.kind).changesOnly ||
    cursor.mode !== 'incremental' ||
    cursor.nextPage !== 1 ||
    !cursor.lastCompletedAt
  )
    return cursor;
  const since = cursor.fullPassAt
    ? Date.parse(cursor.lastCompletedAt) - Date.parse(cursor.fullPassAt)
    : Number.POSITIVE_INFINITY;
  if (since < policy.everyMs) return cursor;
  if (!policy.mayStart(resource.name, pagesOfWholeRead(cursor) ?? 1)) return cursor;
  return { ...cursor, mode: 'reconcile', watermark: null, recordsThisPass: 0 };
}

/**
 * How long after its proven watermark a change hidden by a small first page (partner-api/paging.ts) may stay
 * hidden: an hour for the lastUpdated lists, a day for the billing date windows (read hourly; a window pass
 * ended unproven keeps reading from the day before the last proven one, so nothing falls out of it).
 */
export const PROVEN_WITHIN_MS: Readonly<Record<SyncTier, number>> = {
  lists: 60 * 60_000,
  billing: 24 * 60 * 60_000,
  catalogs: 24 * 60 * 60_000,
  schedules: 24 * 60 * 60_000,
};

/**
 * Whether this pass must prove its end, i.e. may not end on a small first page. A change hidden by one has
 * an updatedOn at or after the proven watermark (the proven pass's start less the margin), so the pass that
 * would otherwise leave the next one (a 5-minute run) past that watermark plus `PROVEN_WITHIN_MS` reads on.
 */
export function proofDue(resource: SyncResource, cursor: SyncCursor, serverNowMs: number, marginMs: number): boolean {
  if (!cursor.provenAt) return true;
  const hiddenFrom = Date.parse(cursor.provenAt) - marginMs;
  return serverNowMs + ACTIVE_EVERY_MS >= hiddenFrom + PROVEN_WITHIN_MS[resource.tier];
}

/**
 * Days back a later window pass reads: from the day before the last pass's (UTC) day — the contract's dates
 * carry no time zone, and a practice west of UTC dates its evening's bills the day before — however long
 * the laptop was away, up to the history window.
 */
function daysBack(cursor: SyncCursor, today: string, historyDays: number): number {
  // From the last pass that proved its end: one ended on a small first page may have left bills unread.
  const last = (cursor.provenAt ?? cursor.lastCompletedAt)?.slice(0, 10);
  if (!last) return historyDays;
  const since = daysBetween(last, today);
  return Math.min(historyDays, Math.max(0, since) + 1);
}

/**
 * A window pass fixes its date range at its first page, from the server's today: the history window first;
 * later, from the day before the last pass's — new bills and payments are dated when they are made. A status that changes later (a bill paid) comes with its payment (see
 * sync-follow-ups.ts); a client's own bills are read again when it is opened.
 */
export function windowOfPass(resource: SyncResource, cursor: SyncCursor, today: string): SyncCursor {
  if (resource.kind !== 'window' || (cursor.window && cursor.nextPage > 1)) return cursor;
  const back =
    cursor.mode === 'incremental' ? daysBack(cursor, today, resource.window.historyDays) : resource.window.historyDays;
  return {
    ...cursor,
    window: { startDate: shiftDay(today, -back), endDate: shiftDay(today, resource.window.aheadDays) },
  };
}

/** Carries the last whole read's figures through an incremental pass. */
export function pick(cursor: SyncCursor): Pick<SyncCursor, 'fullPassRecords' | 'fullPassAt'> {
  return {
    ...(cursor.fullPassRecords !== undefined ? { fullPassRecords: cursor.fullPassRecords } : {}),
    ...(cursor.fullPassAt !== undefined ? { fullPassAt: cursor.fullPassAt } : {}),
  };
}
