import type { Table } from 'dexie';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import {
  applyRecipientsPatch,
  customFieldValuesSchema,
  onboardingCompleteSchema,
  onboardingDocumentsSchema,
  onboardingSchema,
  recipientsPatchSchema,
  type Onboarding,
  type OnboardingStatus,
} from '../../src-preload/contract/partner-api';
import { customFieldsReport, onboardingDocumentsReport } from '../client-data/client-reads';
import type { PracticeDb } from '../data/practice-db';
import { nothing } from './effect-helpers';
import type { Effect, Pending } from './outbox-effect';

/** The status a completed onboarding takes: the practice's final "Completed" status if it is known here. */
export function completedStatus(
  statuses: readonly OnboardingStatus[],
): Pick<OnboardingStatus, 'statusID' | 'statusName'> | null {
  return statuses.find((s) => s.isFinal && /complete/i.test(s.statusName)) ?? null;
}

const onboardings = (db: PracticeDb) => db.onboardings as unknown as Table<Pending<Onboarding>, string>;

/** Both edits change the onboarding row; the row as it was is kept to put back on discard. */
function onboardingEffect(
  tables: Effect['tables'],
  change: (db: PracticeDb, current: Pending<Onboarding>, entry: OutboxEntry, now: string) => Promise<Onboarding>,
): Effect {
  return {
    tables,
    async apply(db, entry, now) {
      const key = entry.payload.params['key'];
      const current = typeof key === 'string' ? await onboardings(db).get(key) : undefined;
      if (!current) return;
      await onboardings(db).put({ ...(await change(db, current, entry, now)), pendingOutboxId: entry.id });
      return { undo: current };
    },
    async settle(db, entry) {
      const updated = onboardingSchema.safeParse(entry.result);
      if (updated.success) await onboardings(db).put(updated.data);
    },
    async revert(db, entry) {
      const before = onboardingSchema.safeParse(entry.undo);
      if (!before.success) return;
      const earlier = (entry.undo as Pending<Onboarding>).pendingOutboxId;
      await onboardings(db).put(earlier ? { ...before.data, pendingOutboxId: earlier } : before.data);
    },
    editsSyncedRow: {
      table: 'onboardings',
      keyOf: (entry) => (typeof entry.payload.params['key'] === 'string' ? entry.payload.params['key'] : null),
    },
  };
}

/**
 * Removing a requested document shows at once (the request leaves the stored list) and comes back on
 * discard; once done, the practice's answer (the remaining requirements) is the stored list.
 */
const removeDocumentEffect: Effect = {
  tables: ['reports'],
  async apply(db, entry) {
    const key = String(entry.payload.params['key']);
    const documentId = Number(entry.payload.params['documentId']);
    const onlyFor = entry.payload.query?.['entityOnboardingId'];
    const stored = await db.reports.get(onboardingDocumentsReport(key));
    const list = onboardingDocumentsSchema.safeParse(stored?.data);
    if (!stored || !list.success) return;
    // As the practice does it: from the named client, or else from the first client that has the request.
    const holder = list.data.find(
      (e) =>
        (onlyFor === undefined || e.entityOnboardingId === Number(onlyFor)) &&
        e.documents.some((d) => d.documentId === documentId),
    );
    const next = list.data.map((e) =>
      e === holder ? { ...e, documents: e.documents.filter((d) => d.documentId !== documentId) } : e,
    );
    await db.reports.put({ ...stored, data: next });
    return { undo: stored.data };
  },
  async settle(db, entry) {
    const remaining = onboardingDocumentsSchema.safeParse(entry.result);
    if (remaining.success)
      await db.reports.put({
        name: onboardingDocumentsReport(String(entry.payload.params['key'])),
        data: remaining.data,
        fetchedAt: entry.updatedAt,
      });
  },
  async revert(db, entry) {
    const name = onboardingDocumentsReport(String(entry.payload.params['key']));
    const stored = await db.reports.get(name);
    if (stored && onboardingDocumentsSchema.safeParse(entry.undo).success)
      await db.reports.put({ ...stored, data: entry.undo });
  },
};

export const onboardingEffects = {
  'onboarding.removeDocument': removeDocumentEffect,
  // The practice answers with the client's field values and their labels: kept, so the form can name them next time.
  'onboarding.setCustomFields': {
    tables: ['reports'],
    apply: nothing,
    async settle(db, entry) {
      const values = customFieldValuesSchema.safeParse(entry.result);
      if (values.success)
        await db.reports.put({
          name: customFieldsReport(String(entry.payload.params['key']), Number(entry.payload.params['clientId'])),
          data: values.data,
          fetchedAt: entry.updatedAt,
        });
    },
    revert: nothing,
  },
  'onboarding.editRecipients': onboardingEffect(['onboardings'], async (_db, current, entry, now) => {
    const patch = recipientsPatchSchema.parse(entry.payload.body);
    // New recipients get the entry's id (and index) as a stand-in key until the practice answers with its own.
    const recipients = applyRecipientsPatch(
      current.recipients,
      patch.recipients,
      (i) => `${entry.id.slice(0, 24)}${String(i).padStart(12, '0')}`,
      current.sentOn ? now : null,
    );
    return { ...current, recipients };
  }),
  'onboarding.complete': onboardingEffect(['onboardings', 'onboardingStatuses'], async (db, current, entry, now) => {
    const body = onboardingCompleteSchema.parse(entry.payload.body);
    const status = completedStatus(await db.onboardingStatuses.toArray());
    return {
      ...current,
      ...(status ?? { statusName: 'Completed' }),
      completedOn: now,
      approverKey: body.approverUserKey,
    };
  }),
} satisfies Record<
  'onboarding.removeDocument' | 'onboarding.setCustomFields' | 'onboarding.editRecipients' | 'onboarding.complete',
  Effect
>;
