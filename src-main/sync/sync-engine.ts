import { utcDay } from '../../src-preload/contract/iso-day';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import { describeApiError } from '../partner-api/api-errors';
import type { RequestPriority } from '../partner-api/partner-api-client';
import { watchForMovedRecords } from '../partner-api/moved-records';
import { afterPage, readAllPages, startPaging } from '../partner-api/paging';
import { cursorForSource, withSourceFacts } from './cursor-sources';
import { cursorAtEnd, outcomeOf, readsWhole } from './pass-end';
import { emptyCursor, proofDue, reconcileIfDue, restsThisRound, windowOfPass } from './pass-rules';
import { stopsTheRun } from './stops-the-run';
import { followUps, readNamedBills, withFollowUps } from './sync-follow-ups';
import { requestsFor } from './sync-plan';
import { rulesOf, syncResources, type SyncResource } from './sync-resources';
import type { RunPlan, SyncEngineOptions, SyncProgress } from './sync-engine-options';

export type { RunPlan, SyncEngineOptions, SyncProgress } from './sync-engine-options';

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
  // The server's latest Date: windows and report periods are measured from the server's today.
  let latestServerDate: Date | null = null;
  const noteServerDate = (date: Date | null): void => {
    if (date) latestServerDate = date;
  };
  /** The server's time: from the answer in hand, else the latest seen, else the injected clock (virtual time in tests). */
  const serverNow = (answered?: Date | null): Date => answered ?? latestServerDate ?? options.now?.() ?? new Date();
  const serverDay = (): string => utcDay(serverNow());

  let round: SyncRound = 'due';
  let named: ReadonlySet<string> | undefined;

  const resting = (resource: SyncResource, cursor: SyncCursor | undefined): boolean =>
    restsThisRound(resource, cursor, round, serverNow().getTime(), named);

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

  const startOfPass = (resource: SyncResource, cursor: SyncCursor): SyncCursor =>
    reconcileIfDue(resource, cursor, options.reconcile);

  const withWindow = (resource: SyncResource, cursor: SyncCursor): SyncCursor =>
    windowOfPass(resource, cursor, serverDay());

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
    // The page size an earlier pass learned (a resumed pass knows only its own largest page): the planning
    // estimate, and what lets a small first page end a read of changes (paging.ts).
    const knownPageSize = fresh ? start.largestPage : 0;
    let cursor = withWindow(
      resource,
      fresh ? { ...start, recordsThisPass: 0, passServerTime: null, largestPage: 0 } : start,
    );
    // A fresh pass sets its paging at its first page, judged on the server's answer (below).
    let paging = fresh ? startPaging() : startPaging({ resumedWithLargestPage: cursor.largestPage });
    let carried = start.followUps ?? [];
    // Pages with records in this pass (a resumed pass's earlier pages were all full).
    let pagesWithRecords = fresh ? 0 : cursor.nextPage - 1;
    // Through the hub: what its mirror held when this pass began (a resumed pass does not know it).
    let mirrorProvenAt: string | null = null;
    // A record that may have moved within the list as it was read, skipping another (moved-records.ts).
    // A resumed pass judges "changed since the pass began" with the watermark's margin: a record may carry an
    // updatedOn a little before the Date of the answer that first showed the change.
    const resumedAfter =
      fresh || !start.passServerTime ? null : new Date(Date.parse(start.passServerTime) - margin).toISOString();
    const moves = watchForMovedRecords((record: unknown) => resource.key(record as never), resumedAfter);
    const list = (pageNumber: number) =>
      options.api.list(resource.path, resource.schema, {
        priority,
        ...(signal ? { signal } : {}),
        query: queryOf(resource, { ...cursor, nextPage: pageNumber }),
      });
    for (;;) {
      const page = await list(cursor.nextPage);
      noteServerDate(page.serverDate);
      if (fresh && cursor.nextPage === 1) mirrorProvenAt = page.mirrorProvenAt ?? null;
      if (page.rejected.length > 0) {
        progress.rejectedThisRun += page.rejected.length;
        options.onRejected?.(resource.name, page.rejected);
      }
      const passServerTime = cursor.passServerTime ?? serverNow(page.serverDate).toISOString();
      // Judged on the server's answer: a whole read, or a pass whose proof is due, reads past a small first page.
      if (fresh && cursor.nextPage === 1) {
        const trusted =
          !readsWhole(resource, cursor) && !proofDue(resource, cursor, Date.parse(passServerTime), margin);
        paging = startPaging({ learnedPageSize: trusted ? knownPageSize : 0 });
      }
      const served = page.data.length + page.rejected.length;
      const step = afterPage(paging, { served, keys: page.data.map((r) => resource.key(r as never)) });
      paging = step.state;
      if (!step.repeated && served > 0) pagesWithRecords++;
      const records = step.repeated ? [] : page.data;
      moves.note(records);
      const recordsThisPass = cursor.recordsThisPass + records.length;
      // Before this last page is committed: a crash in between reads both again.
      const outcome = await outcomeOf(step, served, pagesWithRecords, knownPageSize, moves.moved, async () => {
        const again = await list(1);
        progress.pagesThisRun++;
        return again.data.length + again.rejected.length;
      });
      const whole = cursor.mode !== 'incremental';
      cursor = outcome
        ? cursorAtEnd({
            resource,
            cursor,
            outcome,
            passServerTime,
            endedAt: serverNow(page.serverDate).toISOString(),
            largestThisPass: paging.largestThisPass,
            pagesWithRecords,
            knownPageSize,
            recordsThisPass,
            marginMs: margin,
          })
        : {
            ...cursor,
            nextPage: cursor.nextPage + 1,
            passServerTime,
            largestPage: paging.largestThisPass,
            recordsThisPass,
          };
      // Bills that new payments name go into the cursor committed with the page (sync-follow-ups.ts).
      cursor = withFollowUps(cursor, carried, whole ? [] : followUps(resource.name, records, start.lastCompletedAt));
      carried = cursor.followUps ?? [];
      if (options.source)
        cursor = withSourceFacts(cursor, start, {
          source: options.source.current,
          proven: outcome?.kind === 'proven',
          mirrorProvenAt,
        });
      await options.sink.commitPage({ resource: resource.name, records, replaceAll: false, cursor });
      if (live) live[resource.name] = cursor;
      progress.pagesThisRun++;
      progress.recordsThisPass = recordsThisPass;
      options.onProgress?.({ ...progress });
      if (outcome) return;
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
        // The catalogs' endpoints are not shown to page (the practice's ignore pageNumber): a repeat ends them.
        'may-ignore',
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

  async function readFollowUps(priority: RequestPriority, signal: AbortSignal | undefined): Promise<void> {
    if (!live?.payments?.followUps?.length || !live.bills) return;
    const deps = { api: options.api, sink: options.sink, priority, signal, noteServerDate };
    live.payments = await readNamedBills({ ...deps, bills: live.bills, payments: live.payments });
  }

  async function runResources(
    cursors: Record<string, SyncCursor | undefined>,
    priority: RequestPriority,
    signal: AbortSignal | undefined,
  ): Promise<SyncProgress[]> {
    const results: SyncProgress[] = [];
    let stopped: string | null = null;
    for (const resource of resources) {
      const stored = cursors[resource.name] ?? emptyCursor(resource.name);
      const onSource = options.source
        ? cursorForSource(stored, options.source, { changesOnly: rulesOf(resource.kind).changesOnly, marginMs: margin })
        : stored;
      const start = startOfPass(resource, onSource);
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
      run: { priority?: RequestPriority; signal?: AbortSignal; round?: SyncRound; lists?: readonly string[] } = {},
    ): Promise<SyncProgress[]> {
      const cursors = await options.sink.loadCursors();
      live = { ...cursors };
      finished.clear();
      round = run.round ?? 'due';
      named = run.lists ? new Set(run.lists) : undefined;
      try {
        return await runResources(cursors, run.priority ?? 'background', run.signal);
      } finally {
        live = null;
      }
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
