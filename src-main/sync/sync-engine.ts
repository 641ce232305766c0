import type { SyncCursor } from '../../src-preload/contract/sync';
import { describeApiError, NetworkError, PartnerApiError } from '../partner-api/api-errors';
import type { PartnerApiClient, RequestPriority } from '../partner-api/partner-api-client';
import { syncResources, type SyncResource } from './sync-resources';
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
  onRejected?: (resource: string, rejected: { index: number; issues: string }[]) => void;
}

export function emptyCursor(resource: string): SyncCursor {
  return { resource, mode: 'full', watermark: null, nextPage: 1, passServerTime: null, largestPage: 0, lastCompletedAt: null, recordsThisPass: 0 };
}

/** Errors that make every other resource pointless to try now. */
const stopsTheRun = (error: unknown) => error instanceof NetworkError || (error instanceof PartnerApiError && (error.status === 401 || error.status === 403));

/**
 * Main's sync: for each resource in order, one pass (full, then incremental with lastUpdated).
 * The next watermark is the server's Date at the start of a pass minus a margin — never the largest
 * updatedOn seen and never the laptop clock — and it is stored only with the page that completes the
 * pass. Nothing assumes the server's page size or order: a pass ends on an empty page or one shorter
 * than the largest seen. Each page commits with its cursor; a broken pass resumes from its stored page.
 */
export function createSyncEngine(options: SyncEngineOptions) {
  const resources = options.resources ?? syncResources;
  const margin = options.watermarkMarginMs ?? 120_000;

  async function passPaged(resource: SyncResource, start: SyncCursor, priority: RequestPriority, signal: AbortSignal | undefined, progress: SyncProgress): Promise<void> {
    let cursor = start;
    for (;;) {
      const page = await options.api.list(resource.path, resource.schema, {
        priority,
        ...(signal ? { signal } : {}),
        query: { ...resource.query?.(cursor.mode), ...(cursor.watermark ? { lastUpdated: cursor.watermark } : {}), pageNumber: cursor.nextPage },
      });
      if (page.rejected.length > 0) {
        progress.rejectedThisRun += page.rejected.length;
        options.onRejected?.(resource.name, page.rejected);
      }
      const served = page.data.length + page.rejected.length;
      const passServerTime = cursor.passServerTime ?? (page.serverDate ?? new Date()).toISOString();
      const largestPage = Math.max(cursor.largestPage, served);
      const finished = served === 0 || served < largestPage;
      const recordsThisPass = cursor.recordsThisPass + page.data.length;
      cursor = finished
        ? {
            resource: resource.name,
            mode: 'incremental',
            watermark: new Date(new Date(passServerTime).getTime() - margin).toISOString(),
            nextPage: 1,
            passServerTime: null,
            largestPage,
            lastCompletedAt: passServerTime,
            recordsThisPass,
          }
        : { ...cursor, nextPage: cursor.nextPage + 1, passServerTime, largestPage, recordsThisPass };
      await options.sink.commitPage({ resource: resource.name, records: page.data, replaceAll: false, cursor });
      progress.pagesThisRun++;
      progress.recordsThisPass = recordsThisPass;
      options.onProgress?.({ ...progress });
      if (finished) return;
    }
  }

  async function passSnapshot(resource: SyncResource, start: SyncCursor, priority: RequestPriority, signal: AbortSignal | undefined, progress: SyncProgress): Promise<void> {
    const page = await options.api.list(resource.path, resource.schema, { priority, ...(signal ? { signal } : {}) });
    if (page.rejected.length > 0) options.onRejected?.(resource.name, page.rejected);
    const at = (page.serverDate ?? new Date()).toISOString();
    const cursor: SyncCursor = { ...start, mode: 'incremental', nextPage: 1, passServerTime: null, lastCompletedAt: at, recordsThisPass: page.data.length, largestPage: Math.max(start.largestPage, page.data.length) };
    await options.sink.commitPage({ resource: resource.name, records: page.data, replaceAll: true, cursor });
    progress.pagesThisRun++;
    progress.recordsThisPass = page.data.length;
  }

  return {
    /** One pass over every resource. Resolves with each resource's outcome; never throws for API errors. */
    async runOnce(run: { priority?: RequestPriority; signal?: AbortSignal } = {}): Promise<SyncProgress[]> {
      const priority = run.priority ?? 'background';
      const cursors = await options.sink.loadCursors();
      const results: SyncProgress[] = [];
      let stopped: string | null = null;
      for (const resource of resources) {
        const start = cursors[resource.name] ?? emptyCursor(resource.name);
        const progress: SyncProgress = { resource: resource.name, state: 'running', mode: start.mode, pagesThisRun: 0, recordsThisPass: start.recordsThisPass, rejectedThisRun: 0, error: null };
        if (stopped) {
          results.push({ ...progress, state: 'failed', error: stopped });
          continue;
        }
        options.onProgress?.({ ...progress });
        try {
          if (resource.kind === 'paged') await passPaged(resource, start, priority, run.signal, progress);
          else await passSnapshot(resource, start, priority, run.signal, progress);
          progress.state = 'done';
        } catch (error) {
          if (run.signal?.aborted) throw error;
          progress.state = 'failed';
          progress.error = describeApiError(error);
          if (stopsTheRun(error)) stopped = progress.error;
        }
        options.onProgress?.({ ...progress });
        results.push(progress);
      }
      return results;
    },
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
