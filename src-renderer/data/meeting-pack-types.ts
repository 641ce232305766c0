/**
 * A meeting pack: one client marked "needed offline". Its items are every read and document the
 * client's screens need without a connection; each item records whether it is on this laptop.
 */
export type PackItemKind =
  | 'proposals'
  | 'proposal'
  | 'renewPreview'
  | 'onboardingDocuments'
  | 'schemaGuide'
  | 'bills'
  | 'bill'
  | 'billPdf'
  | 'payments'
  | 'statements'
  | 'statement'
  | 'statementPdf'
  | 'recurringRuns'
  | 'idCertificate'
  | 'upload';

export interface PackItem {
  /** Unique within the pack, e.g. `bill:40012`. */
  key: string;
  kind: PackItemKind;
  /** What the user sees: "Bill INV-000123 (PDF)". */
  label: string;
  state: 'waiting' | 'done' | 'failed' | 'none';
  /** Why it failed or is not fetched yet, or why there is nothing ("No completed identity verification."). */
  message: string | null;
  /** A failure that may pass (no answer, 5xx, 429): when the runner tries it again, and how many tries so far. */
  nextTryAt?: string | null;
  tries?: number;
}

export type PackState = 'sizing' | 'fetching' | 'complete' | 'incomplete' | 'waiting-for-connection';

export interface MeetingPack {
  packId: string;
  entityKey: string;
  entityName: string;
  createdAt: string;
  state: PackState;
  /** Requests the pack was estimated to take when it was sized (lists read first, then counted). */
  estimatedRequests: number;
  /** True when some list was never read and was counted at the average of other clients. */
  estimateApproximate: boolean;
  /** Requests it has actually made so far (retries included). */
  actualRequests: number;
  items: PackItem[];
  updatedAt: string;
  completedAt: string | null;
  /** Runs of the pack that failed unexpectedly, when the next may start and why (jobs/item-queue.ts); absent before any. */
  runAttempts?: number | undefined;
  nextRunAt?: string | null | undefined;
  lastRunError?: string | null | undefined;
}
