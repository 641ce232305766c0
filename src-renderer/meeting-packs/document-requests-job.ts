import { z } from 'zod';
import type { Companion } from '../../src-preload/contract/companion';
import { documentRefSchema } from '../../src-preload/contract/documents';
import { cancellableCall } from '../bridge/cancellable-call';
import type { Clock } from '../jobs/clock';
import { runItemQueue, type ItemOutcome, type ItemQueueDefinition } from '../jobs/item-queue';
import type { JobDefinition } from '../jobs/job-runner';
import type { Notice } from '../stores/notice-store';
import { describeFailure } from '../ui/words/describe-failure';
import { documentFacts } from '../client-data/document-facts';
import type { DocumentRequest, PracticeDatabases, PracticeDb } from '../data/practice-db';
import { DOCUMENT_REQUESTS_JOB } from './document-request';

/** A download the practice did not serve (5xx, a broken answer) is tried this many times, 30 s apart and doubling. */
export const DOCUMENT_REQUEST_ATTEMPTS = 5;
export const DOCUMENT_REQUEST_BACKOFF = { firstMs: 30_000, maxMs: 30 * 60_000 };

export interface DocumentRequestsDeps {
  companion: Pick<Companion, 'documents' | 'practice'>;
  databases: PracticeDatabases;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
  clock: Pick<Clock, 'now'>;
  /** Runs the job again at that time (the earliest retry due). */
  wakeAt(epochMs: number): void;
  /** A download attempt threw, or a stored request did not parse: for main's log, with its stack. */
  report(error: unknown, about: { itemId: string | null; attempt: number }): void;
}

/** A stored request as the queue reads it back (older rows have no attempts yet). */
const storedRequestSchema = z.object({
  docKey: z.string().min(1).max(100),
  ref: documentRefSchema,
  entityKey: z.uuid(),
  requestedAt: z.string().max(40),
  lastError: z.string().max(1000).nullable(),
  attempts: z.number().int().min(0).optional(),
  nextTryAt: z.string().max(40).nullable().optional(),
});

const couldNotDownload = 'A document you asked for could not be downloaded';

function downloads(
  deps: DocumentRequestsDeps,
  db: PracticeDb,
  practiceKey: string,
): ItemQueueDefinition<DocumentRequest> {
  return {
    schema: storedRequestSchema,
    idOf: (request) => request.docKey,
    // A client's documents arrive in the order they were asked for.
    keyOf: (request) => request.entityKey,
    stateOf: (request) => ({
      attempts: request.attempts ?? 0,
      nextTryAt: request.nextTryAt ?? null,
      lastError: request.lastError,
    }),
    maxAttempts: DOCUMENT_REQUEST_ATTEMPTS,
    backoff: DOCUMENT_REQUEST_BACKOFF,
    async run(request, { signal }): Promise<ItemOutcome> {
      const result = await cancellableCall(deps.companion, signal, (cancelId) =>
        deps.companion.documents.fetch({
          practiceKey,
          ref: request.ref,
          entityKey: request.entityKey,
          priority: 'prefetch',
          ...(cancelId ? { cancelId } : {}),
        }),
      );
      if (signal.aborted) return { kind: 'stop' };
      if (result.ok) {
        await db.documentRequests.delete(request.docKey);
        deps.notify({
          tone: 'info',
          title: 'A document you asked for is on this laptop now',
          // Named as staff know it (the bill's or statement's number), never by the API's file name.
          detail: `${(await documentFacts(db, request.ref, request.entityKey)).title} opens offline.`,
        });
        return { kind: 'done' };
      }
      // No connection, or not this practice any more: the rest waits for the next reconnect.
      if (
        result.problem === 'offline-not-downloaded' ||
        result.problem === 'corrupt-offline' ||
        result.problem === 'not-connected'
      )
        return { kind: 'stop' };
      // The practice has no such PDF: asking again would only spend the budget.
      if (result.problem === 'not-available') return { kind: 'fail', message: result.message };
      return { kind: 'retry', message: result.message };
    },
    saveState: async (request, state) => void (await db.documentRequests.put({ ...request, ...state })),
    async gaveUp(request, message) {
      await db.documentRequests.delete(request.docKey);
      deps.notify({ tone: 'error', title: couldNotDownload, detail: message });
    },
    // The raw text went to the log with the error; a notice says it in fixed words.
    describeError: describeFailure,
    removeUnreadable: async (raw) => {
      const docKey = (raw as { docKey?: unknown }).docKey;
      if (typeof docKey === 'string') await db.documentRequests.delete(docKey);
    },
  };
}

/**
 * PDFs someone asked for while offline ("Download when online"), fetched when the connection is back:
 * on start, a reconnect, a practice change and when a request is added (`requestDocument`, document-request.ts).
 * Each request is an item of a table-backed queue (jobs/item-queue.ts): a failure that may pass is tried again
 * with a backoff, a client's documents keep their order, and an answer that says the practice cannot be reached
 * ends the run.
 */
export function createDocumentRequestsJob(deps: DocumentRequestsDeps): JobDefinition {
  return {
    name: DOCUMENT_REQUESTS_JOB,
    async run({ signal, practiceKey }) {
      if (!deps.online()) return;
      const db = deps.databases.of(practiceKey);
      const rows = (await db.documentRequests.toArray()).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
      await runItemQueue(downloads(deps, db, practiceKey), {
        signal,
        clock: deps.clock,
        rows,
        wakeAt: deps.wakeAt,
        report: deps.report,
      });
    },
  };
}
