import type { SyncCursor } from '../../src-preload/contract/sync';
import { describeApiError, NetworkError, PartnerApiError, RedirectRefusedError } from '../partner-api/api-errors';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { afterPage, readAllPages, startPaging } from '../partner-api/paging';
import { pagesOfWholeRead, requestsFor } from './sync-plan';
import { CATALOG_STALE_FOR_FORMS_MS, type SyncRound } from '../../src-preload/contract/sync-cadence';
import { rulesOf, shiftDay, syncResources, TIER_EVERY_MS, type SyncResource } from './sync-resources';
import { followUps, FOLLOW_UPS_PER_RUN } from './sync-follow-ups';
import type { SyncSink } from './sync-sink';

export interface SyncProgress {
  resource: string;
  state: 'running' | 'done' | 'failed';
  mode: SyncCursor['mode'];
  pagesThisRun: number;
  recordsThisPass: number;
  rejectedThisRun: number;
  error: string | null;
}

export interface SyncEngineOptions {
  api: PartnerApiClient;
  sink: SyncSink;
  resources?: readonly SyncResource[];
  /**
   * Subtracted from the server's time at the start of a pass to make the next watermark: covers
   * records committed on the server just before that instant. Overlap is harmless (upsert by key).
   */
  watermarkMarginMs?: number;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * Occasional reconciliation: when a resource's last full read is older than `everyMs` (server time)
   * and `mayStart` says the budget allows that many requests now, its next pass re-reads everything
   * without lastUpdated. Absent: never.
   */
  reconcile?: { everyMs: number; mayStart: (resource: string, requests: number) => boolean };
  onRejected?: (resource: string, rejected: { index: number; issues: string }[]) => void;
  /** Only when no response has told the server's date yet (windows and report periods prefer the server's). */
  now?: () => Date;
}

/** Requests a run still needs: exact for snapshots and incremental passes, a lower bound for a first import. */
export interface RunPlan {
  requestsLeft: number;
  /** False while some resource is in (or before) a full pass whose size the API does not tell. */
  sized: boolean;
}

function emptyCursor(resource: string): SyncCursor {
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

/** Errors that make every other resource pointless to try now (a redirecting server redirects them all). */
const stopsTheRun = (error: unknown) =>
  error instanceof NetworkError ||
  error instanceof RedirectRefusedError ||
  (error instanceof PartnerApiError && (error.status === 401 || error.status === 403));

/**
 * Main's sync: for each resource in order, one pass (full, then incremental with lastUpdated).
 * The next watermark is the server's Date at the start of a pass minus a margin — never the largest
 * updatedOn seen and never the laptop clock — and it is stored only with the page that completes the
 * pass. Nothing assumes the server's page size or order: a pass ends by the one paging rule
 * (partner-api/paging.ts). Each page commits with its cursor; a broken pass resumes from its stored page.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const resources = options.resources ?? syncResources;
  const margin = options.watermarkMarginMs ?? 120_000;
  // The run under way: cursors as committed so far, and the resources already finished.
  let live: Record<string, SyncCursor | undefined> | null = null;
  const finished = new Set<string>();
  // Bills named by payments read in this run, to read again (sync-follow-ups.ts).
  const pendingFollowUps = new Set<number>();
  // The server's latest Date: windows and report periods are measured from the server's today.
  let latestServerDate: Date | null = null;
  const noteServerDate = (date: Date | null): void => {
    if (date) latestServerDate = date;
  };
  /** The server's time: from the answer in hand, else the latest seen, else the injected clock (virtual time in tests). */
  const serverNow = (answered?: Date | null): Date => answered ?? latestServerDate ?? options.now?.() ?? new Date();
  const serverDay = (): string => serverNow().toISOString().slice(0, 10);

  let round: SyncRound = 'due';

  /**
   * A resource sits this run out when its tier is not due: read less than its tier's interval ago (from the
   * end of its last pass: a long first import would otherwise be due again as soon as it ends). "Sync now"
   * (round 'full') reads everything; a form's 'catalogs' round reads only catalogs more than an hour old.
   */
  function resting(resource: SyncResource, cursor: SyncCursor | undefined): boolean {
    if (round === 'catalogs' && resource.tier !== 'catalogs') return true;
    const endedAt = cursor?.passEndedAt ?? cursor?.lastCompletedAt;
    if (round === 'full' || cursor?.mode !== 'incremental' || cursor.nextPage !== 1 || !endedAt) return false;
    const every = round === 'catalogs' ? CATALOG_STALE_FOR_FORMS_MS : TIER_EVERY_MS[resource.tier];
    return every > 0 && serverNow().getTime() - Date.parse(endedAt) < every;
  }

  /** A first full pass has no known end (the API gives no totals), so while one is due the plan is "unsized". */
  function plan(): RunPlan | null {
    if (!live) return null;
    let requestsLeft = 0;
    let sized = true;
    for (const resource of resources) {
      if (finished.has(resource.name)) continue;
      const cursor = live[resource.name];
      if (resting(resource, cursor)) continue;
      const left = requestsFor(resource.kind, cursor);
      requestsLeft += left.requests;
      if (!left.sized) sized = false;
    }
    return { requestsLeft, sized };
  }

  /** An incremental resource whose last whole read is old enough, if the budget allows, is re-read whole. */
  function startOfPass(resource: SyncResource, cursor: SyncCursor): SyncCursor {
    const policy = options.reconcile;
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
   * A window pass fixes its date range at its first page, from the server's today: the history window first;
   * later, from the day of the last pass (at most `recentDays` back) — new bills and payments are dated when
   * they are made. A status that changes later (a bill paid) comes with its payment (see
   * sync-follow-ups.ts); a client's own bills are read again when it is opened.
   */
  function withWindow(resource: SyncResource, cursor: SyncCursor): SyncCursor {
    if (resource.kind !== 'window' || (cursor.window && cursor.nextPage > 1)) return cursor;
    const today = serverDay();
    const back =
      cursor.mode === 'incremental' ? daysBack(cursor, today, resource.window.recentDays) : resource.window.historyDays;
    return {
      ...cursor,
      window: { startDate: shiftDay(today, -back), endDate: shiftDay(today, resource.window.aheadDays) },
    };
  }

  function queryOf(resource: SyncResource, cursor: SyncCursor): Record<string, string | number | boolean> {
    const query: Record<string, string | number | boolean> = {
      ...resource.query?.(cursor.mode, serverDay()),
      pageNumber: cursor.nextPage,
    };
    if (rulesOf(resource.kind).changesOnly && cursor.watermark) query.lastUpdated = cursor.watermark;
    if (cursor.window) Object.assign(query, cursor.window);
    return query;
  }

  async function passPaged(
    resource: SyncResource,
    start: SyncCursor,
    priority: RequestPriority,
    signal: AbortSignal | undefined,
    progress: SyncProgress,
  ): Promise<void> {
    // A new pass counts its own records (an incremental pass used to carry the last pass's count on).
    const fresh = start.nextPage === 1;
    // The page size is learned afresh in every pass; the last pass's is the planning estimate and lets a
    // small first page end the pass (paging.ts).
    const estimate = start.largestPage;
    let cursor = withWindow(
      resource,
      fresh ? { ...start, recordsThisPass: 0, passServerTime: null, largestPage: 0 } : start,
    );
    let paging = startPaging(cursor.largestPage, estimate);
    let pagesThisPass = fresh ? 0 : cursor.nextPage - 1;
    for (;;) {
      const page = await options.api.list(resource.path, resource.schema, {
        priority,
        ...(signal ? { signal } : {}),
        query: queryOf(resource, cursor),
      });
      noteServerDate(page.serverDate);
      if (page.rejected.length > 0) {
        progress.rejectedThisRun += page.rejected.length;
        options.onRejected?.(resource.name, page.rejected);
      }
      const step = afterPage(paging, {
        served: page.data.length + page.rejected.length,
        keys: page.data.map((r) => resource.key(r as never)),
      });
      paging = step.state;
      pagesThisPass++;
      const passServerTime = cursor.passServerTime ?? serverNow(page.serverDate).toISOString();
      const largestPage = paging.largestThisPass;
      const done = step.ended;
      const records = step.repeated ? [] : page.data;
      const recordsThisPass = cursor.recordsThisPass + records.length;
      // A whole read (full or reconcile) also starts a valid watermark: it saw everything from its start on.
      const whole = cursor.mode !== 'incremental';
      cursor = done
        ? {
            resource: resource.name,
            mode: 'incremental',
            watermark: new Date(new Date(passServerTime).getTime() - margin).toISOString(),
            nextPage: 1,
            passServerTime: null,
            // A pass of several pages learned the page size (all pages but the last were full); a pass of one
            // page only says it is at least that large.
            largestPage: pagesThisPass > 1 ? largestPage : Math.max(largestPage, estimate),
            lastCompletedAt: passServerTime,
            recordsThisPass,
            passEndedAt: serverNow(page.serverDate).toISOString(),
            ...(whole ? { fullPassRecords: recordsThisPass, fullPassAt: passServerTime } : pick(cursor)),
            ...(cursor.window ? { window: cursor.window } : {}),
          }
        : { ...cursor, nextPage: cursor.nextPage + 1, passServerTime, largestPage, recordsThisPass };
      await options.sink.commitPage({ resource: resource.name, records, replaceAll: false, cursor });
      if (live) live[resource.name] = cursor;
      if (!whole) for (const id of followUps(resource.name, records, start.lastCompletedAt)) pendingFollowUps.add(id);
      progress.pagesThisRun++;
      progress.recordsThisPass = recordsThisPass;
      options.onProgress?.({ ...progress });
      if (done) return;
    }
  }

  /**
   * One request for the whole resource, stored replacing what was there: a snapshot list (users, ledger
   * accounts …) or one object (a debtor report, the ledger status) under the resource's name.
   */
  async function passWhole(
    resource: SyncResource,
    start: SyncCursor,
    priority: RequestPriority,
    signal: AbortSignal | undefined,
    progress: SyncProgress,
  ): Promise<void> {
    const request = {
      priority,
      ...(signal ? { signal } : {}),
      ...(resource.query ? { query: resource.query(start.mode, serverDay()) } : {}),
    };
    let records: unknown[];
    let answeredAt: Date | null;
    const oneObject = rulesOf(resource.kind).oneObject;
    if (oneObject) {
      const answer = await options.api.request('GET', resource.path, resource.schema, request);
      progress.pagesThisRun++;
      [records, answeredAt] = [[answer.data], answer.serverDate];
    } else {
      // Paged like any list until the server says it ended: a snapshot cut at its first page would
      // replace the whole table with part of it.
      answeredAt = null;
      const whole = await readAllPages(
        async (pageNumber) => {
          const page = await options.api.list(resource.path, resource.schema, {
            ...request,
            query: { ...request.query, pageNumber },
          });
          if (page.rejected.length > 0) options.onRejected?.(resource.name, page.rejected);
          answeredAt = page.serverDate ?? answeredAt;
          progress.pagesThisRun++;
          return { data: page.data, rejected: page.rejected.length };
        },
        (record) => resource.key(record as never),
      );
      records = whole.data;
    }
    noteServerDate(answeredAt);
    const count = oneObject ? 1 : records.length;
    const cursor: SyncCursor = {
      ...start,
      mode: 'incremental',
      nextPage: 1,
      passServerTime: null,
      lastCompletedAt: serverNow(answeredAt).toISOString(),
      recordsThisPass: count,
      largestPage: oneObject ? 1 : Math.max(start.largestPage, count),
    };
    await options.sink.commitPage({ resource: resource.name, records, replaceAll: true, cursor });
    progress.recordsThisPass = count;
  }

  /**
   * Bills named by payments that arrived in this run are read again one by one (a payment changes its
   * bill's amount due and status): a few requests instead of re-reading weeks of bills. At most
   * FOLLOW_UPS_PER_RUN; any more are left for the client's own read when it is opened.
   */
  async function readFollowUps(priority: RequestPriority, signal: AbortSignal | undefined): Promise<void> {
    const bills = syncResources.find((r) => r.name === 'bills');
    const cursor = live?.bills;
    if (!bills || !cursor || pendingFollowUps.size === 0) return;
    const ids = [...pendingFollowUps].slice(0, FOLLOW_UPS_PER_RUN);
    pendingFollowUps.clear();
    for (const id of ids) {
      try {
        const answer = await options.api.request('GET', `${bills.path.replace('/list', '')}/${id}`, bills.schema, {
          priority,
          ...(signal ? { signal } : {}),
        });
        noteServerDate(answer.serverDate);
        await options.sink.commitPage({ resource: 'bills', records: [answer.data], replaceAll: false, cursor });
      } catch (error) {
        if (signal?.aborted || stopsTheRun(error)) throw error;
        // A bill that cannot be read now (deleted, a passing error) is read again with its client.
      }
    }
  }

  async function runResources(
    cursors: Record<string, SyncCursor | undefined>,
    priority: RequestPriority,
    signal: AbortSignal | undefined,
  ): Promise<SyncProgress[]> {
    const results: SyncProgress[] = [];
    let stopped: string | null = null;
    for (const resource of resources) {
      const start = startOfPass(resource, cursors[resource.name] ?? emptyCursor(resource.name));
      if (live) live[resource.name] = start;
      const progress: SyncProgress = {
        resource: resource.name,
        state: 'running',
        mode: start.mode,
        pagesThisRun: 0,
        recordsThisPass: start.recordsThisPass,
        rejectedThisRun: 0,
        error: null,
      };
      if (stopped) {
        results.push({ ...progress, state: 'failed', error: stopped });
        continue;
      }
      if (resting(resource, start)) {
        finished.add(resource.name);
        options.onProgress?.({ ...progress, state: 'done' });
        results.push({ ...progress, state: 'done' });
        continue;
      }
      options.onProgress?.({ ...progress });
      try {
        if (rulesOf(resource.kind).pageByPage) await passPaged(resource, start, priority, signal, progress);
        else await passWhole(resource, start, priority, signal, progress);
        progress.state = 'done';
      } catch (error) {
        if (signal?.aborted) throw error;
        progress.state = 'failed';
        progress.error = describeApiError(error);
        if (stopsTheRun(error)) stopped = progress.error;
      }
      finished.add(resource.name);
      options.onProgress?.({ ...progress });
      results.push(progress);
    }
    if (!stopped)
      await readFollowUps(priority, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
      });
    return results;
  }

  return {
    /** What the run under way still needs (null when none runs). */
    plan,
    /** One pass over every resource. Resolves with each resource's outcome; never throws for API errors. */
    async runOnce(
      run: { priority?: RequestPriority; signal?: AbortSignal; round?: SyncRound } = {},
    ): Promise<SyncProgress[]> {
      const cursors = await options.sink.loadCursors();
      live = { ...cursors };
      finished.clear();
      pendingFollowUps.clear();
      round = run.round ?? 'due';
      try {
        return await runResources(cursors, run.priority ?? 'background', run.signal);
      } finally {
        live = null;
      }
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;

/** Days back a later window pass reads: since the server's day of the last pass, at most `recentDays`. */
function daysBack(cursor: SyncCursor, today: string, recentDays: number): number {
  const last = cursor.lastCompletedAt?.slice(0, 10);
  if (!last) return recentDays;
  const since = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${last}T00:00:00Z`)) / 86_400_000);
  return Math.min(recentDays, Math.max(0, since));
}

/** Carries the last whole read's figures through an incremental pass. */
function pick(cursor: SyncCursor): Pick<SyncCursor, 'fullPassRecords' | 'fullPassAt'> {
  return {
    ...(cursor.fullPassRecords !== undefined ? { fullPassRecords: cursor.fullPassRecords } : {}),
    ...(cursor.fullPassAt !== undefined ? { fullPassAt: cursor.fullPassAt } : {}),
  };
}
