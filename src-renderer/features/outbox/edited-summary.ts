import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { partsOf } from '../../operations/registry';
import type { PracticeDb } from '../../practice/practice-db';

/**
 * The line an edited entry is shown under (the Outbox, the client's "Pending" list), written again from
 * the body it will now send: an entry whose contact was renamed must not keep the old name. Operations
 * whose line needs more than the body and the stored client (a bill's total in the practice's format)
 * keep the line they were queued with.
 */
export async function summaryAfterEdit(db: PracticeDb, entry: OutboxEntry, body: unknown): Promise<string> {
  const rewrite = partsOf(entry.operation).description.afterEdit;
  if (!rewrite) return entry.summary;
  const client = entry.entityKey ? await db.entities.get(entry.entityKey) : undefined;
  const summary = rewrite(body, {
    clientName: client?.fullEntityName ?? null,
    eformTemplates: await db.eformTemplates.toArray(),
  });
  return summary ?? entry.summary;
}
