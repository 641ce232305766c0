import type { Companion } from '../../src-preload/contract/companion';
import { cancellableCall } from '../bridge/cancellable-call';
import type { JobDefinition, JobRunner } from '../jobs/job-runner';
import type { Notice } from '../notices/notice-store';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';
import { describeFailure } from '../ui/words/describe-failure';

export const DOCUMENT_REQUESTS_JOB = 'document-requests';

export interface DocumentRequestsDeps {
  companion: Pick<Companion, 'documents' | 'practice'>;
  databases: PracticeDatabases;
  online(): boolean;
  notify(notice: Omit<Notice, 'id'>): void;
}

/**
 * PDFs someone asked for while offline ("Download when online"), fetched when the connection is back:
 * on start, a reconnect, a practice change and when a request is added (`requestDocument`). The first
 * answer that says the practice cannot be reached ends the run; the rest waits for the next reconnect.
 */
export function createDocumentRequestsJob(deps: DocumentRequestsDeps): JobDefinition {
  return {
    name: DOCUMENT_REQUESTS_JOB,
    async run({ signal, practiceKey }) {
      if (!deps.online()) return;
      const db = deps.databases.of(practiceKey);
      try {
        for (const request of await db.documentRequests.toArray()) {
          if (signal.aborted) return;
          const result = await cancellableCall(deps.companion, signal, (cancelId) =>
            deps.companion.documents.fetch({
              practiceKey,
              ref: request.ref,
              entityKey: request.entityKey,
              priority: 'prefetch',
              ...(cancelId ? { cancelId } : {}),
            }),
          );
          if (signal.aborted) return;
          if (result.ok) {
            await db.documentRequests.delete(request.docKey);
            deps.notify({
              tone: 'info',
              title: 'A document you asked for is on this laptop now',
              detail: `${result.meta.fileName} opens offline.`,
            });
          } else if (
            result.problem === 'offline-not-downloaded' ||
            result.problem === 'corrupt-offline' ||
            result.problem === 'not-connected'
          ) {
            return;
          } else {
            // The practice has no such PDF: keep asking would only spend the budget.
            await db.documentRequests.delete(request.docKey);
            deps.notify({
              tone: 'error',
              title: 'A document you asked for could not be downloaded',
              detail: result.message,
            });
          }
        }
      } catch (error) {
        if (!signal.aborted)
          deps.notify({
            tone: 'error',
            title: 'A document you asked for could not be downloaded',
            detail: describeFailure(error),
          });
      }
    },
  };
}

/** Stores a "Download when online" request for the practice and kicks the job that fetches it. */
export async function requestDocument(
  deps: { databases: PracticeDatabases; runner: Pick<JobRunner, 'kick'> },
  practiceKey: string,
  request: DocumentRequest,
): Promise<void> {
  await deps.databases.of(practiceKey).documentRequests.put(request);
  deps.runner.kick(DOCUMENT_REQUESTS_JOB);
}
