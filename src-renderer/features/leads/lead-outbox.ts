import type { OperationName, OutboxRef } from '../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { leadNoteCreateSchema, type Lead } from '../../../src-preload/contract/partner-api';
import type { Pending } from '../../effects/outbox-effect';
import { isOpen } from '../../outbox/outbox-state';

/**
 * How a queued write names a lead. A lead created offline is a placeholder whose key is the id of the
 * entry creating it; until that entry is done the practice has no key for it, so the write carries a
 * reference the replayer fills in, and waits for that entry.
 */
export function leadTarget(lead: Pending<Lead>): { leadKey: string | OutboxRef; dependsOn: string[] } {
  if (lead.pendingOutboxId && lead.pendingOutboxId === lead.leadKey) {
    return { leadKey: { outboxRef: lead.pendingOutboxId, field: 'leadKey' }, dependsOn: [lead.pendingOutboxId] };
  }
  return { leadKey: lead.leadKey, dependsOn: [] };
}

const resultLeadKey = (entry: OutboxEntry | undefined): string | null => {
  const result = entry?.result;
  return entry?.status === 'done' &&
    typeof result === 'object' &&
    result !== null &&
    'leadKey' in result &&
    typeof result.leadKey === 'string'
    ? result.leadKey
    : null;
};

/**
 * Whether an entry is about this lead. `leadKey` is the key on screen: a synced lead's own key, or a
 * placeholder's (the creating entry's id). A write queued against a placeholder still names it by
 * reference after the lead has reached the practice, so it also belongs to the lead the practice made.
 */
function targets(entry: OutboxEntry, leadKey: string, byId: ReadonlyMap<string, OutboxEntry>): boolean {
  const param = entry.payload.params['leadKey'];
  if (typeof param === 'string') return param === leadKey;
  if (typeof param !== 'object') return false;
  return param.outboxRef === leadKey || resultLeadKey(byId.get(param.outboxRef)) === leadKey;
}

/** Writes of one kind for this lead that have not reached the practice yet (pending, sending, failed, needs review), in queue order. */
export function openEntriesForLead(
  entries: readonly OutboxEntry[],
  leadKey: string,
  operation: OperationName,
): OutboxEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return entries.filter((e) => e.operation === operation && isOpen(e) && targets(e, leadKey, byId));
}

export interface PendingNote {
  entryId: string;
  text: string;
  status: OutboxEntry['status'];
  createdAt: string;
  userKey: string | null;
}

/** Notes typed for this lead but not yet at the practice, newest first (as the notes list is ordered). */
export function pendingNotesFor(entries: readonly OutboxEntry[], leadKey: string): PendingNote[] {
  return openEntriesForLead(entries, leadKey, 'lead.addNote')
    .flatMap((entry) => {
      const body = leadNoteCreateSchema.safeParse(entry.payload.body);
      return body.success
        ? [
            {
              entryId: entry.id,
              text: body.data.text,
              status: entry.status,
              createdAt: entry.createdAt,
              userKey: body.data.userKey ?? null,
            },
          ]
        : [];
    })
    .reverse();
}

/**
 * The practice's key for a lead that was shown as a placeholder: once its create is done the placeholder
 * is gone, and a screen still open on it should move to the lead the practice made.
 */
export function createdLeadKey(entries: readonly OutboxEntry[], placeholderKey: string): string | null {
  const entry = entries.find((e) => e.id === placeholderKey && e.operation === 'lead.create');
  return resultLeadKey(entry);
}
