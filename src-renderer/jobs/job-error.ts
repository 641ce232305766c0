import { failureDiagnostics } from '../ui/words/describe-failure';

/** Which item of a job's queue failed, and at which attempt (jobs/item-queue.ts). */
export interface JobItemRef {
  itemId: string | null;
  attempt: number;
}

/**
 * A background job's failure as main's log receives it (Signal's job logger keeps the same facts): the job,
 * the item and attempt when there is one, the raw text, and the original error's stack — a fresh
 * `new Error(message)` would carry only the stack of the place that reported it. The original stays the `cause`.
 */
export class JobError extends Error {
  constructor(job: string, cause: unknown, item?: JobItemRef) {
    const where = item ? ` (item ${item.itemId ?? 'unreadable'}, attempt ${item.attempt})` : '';
    super(`Background job ${job}${where}: ${failureDiagnostics(cause)}`, { cause });
    this.name = 'JobError';
    if (cause instanceof Error && cause.stack) this.stack = `${this.name}: ${this.message}\n${cause.stack}`;
  }
}
