import type { JobRunner } from '../jobs/job-runner';
import type { DocumentRequest, PracticeDatabases } from '../data/practice-db';

export const DOCUMENT_REQUESTS_JOB = 'document-requests';

/**
 * Stores a "Download when online" request for the practice and kicks the job that fetches it
 * (document-requests-job.ts). Apart from the job: the request is stored without loading the job's code.
 */
export async function requestDocument(
  deps: { databases: PracticeDatabases; runner: Pick<JobRunner, 'kick'> },
  practiceKey: string,
  request: DocumentRequest,
): Promise<void> {
  await deps.databases.of(practiceKey).documentRequests.put(request);
  deps.runner.kick(DOCUMENT_REQUESTS_JOB);
}
