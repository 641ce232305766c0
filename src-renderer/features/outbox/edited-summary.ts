import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { partsOf } from '../../operations/registry';
import type { KnownAtEdit } from '../../operations/shared/operation-parts';
import type { PracticeDb } from '../../data/practice-db';

/**
 * The line an edited entry is shown under (the Outbox, the client's "Pending" list), written again from
 * the body it will now send: an entry whose contact was renamed must not keep the old name. Operations
 * whose line needs more than the body, the stored client and what the form handed over (a bill's totals)
 * keep the line they were queued with.
 */
export async function summaryAfterEdit(
  db: PracticeDb,
  entry: OutboxEntry,
  body: unknown,
  known: Pick<KnownAtEdit, 'region' | 'formSays'>,
): Promise<string> {
  const rewrite = partsOf(entry.operation).description.afterEdit;
  if (!rewrite) return entry.summary;
  const client = entry.entityKey ? await db.entities.get(entry.entityKey) : undefined;
  const summary = rewrite(body, {
    clientName: client?.fullEntityName ?? null,
    eformTemplates: await db.eformTemplates.toArray(),
    region: known.region,
    formSays: known.formSays,
  });
  return summary ?? entry.summary;
}
