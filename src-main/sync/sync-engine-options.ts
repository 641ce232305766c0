import type { SyncCursor } from '../../src-preload/contract/sync';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import type { SourceSetting } from './cursor-sources';
import type { ReconcilePolicy } from './pass-rules';
import type { SyncResource } from './sync-resources';
import type { SyncSink } from './sync-sink';

/** What the sync engine is given, reports and plans (sync-engine.ts). */

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
  reconcile?: ReconcilePolicy;
  onRejected?: (resource: string, rejected: { index: number; issues: string }[]) => void;
  /**
   * The source this run reads (the hub or the Partner API itself) and what a cursor without one is about:
   * cursors are switched per source (cursor-sources.ts). Absent: one source only, cursors as stored.
   */
  source?: SourceSetting;
  /** Only when no response has told the server's date yet (windows and report periods prefer the server's). */
  now?: () => Date;
}

/** Requests a run still needs: exact for snapshots and incremental passes, a lower bound for a first import. */
export interface RunPlan {
  requestsLeft: number;
  /** False while some resource is in (or before) a full pass whose size the API does not tell. */
  sized: boolean;
}
