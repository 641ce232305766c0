import type { Table } from 'dexie';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import {
  contactCreateSchema,
  contactSchema,
  contactUpdateSchema,
  leadConvertResponseSchema,
  leadCreateSchema,
  leadNoteSchema,
  leadSchema,
  type Contact,
  type Lead,
} from '../../src-preload/contract/partner-api';
import type { PracticeDb } from '../practice/practice-db';
import { moneyEffects } from './money-effects';
import { onboardingEffects } from './onboarding-effects';
import type { Effect, Pending } from './outbox-effect';

// Screens and the outbox take these from here; they are defined in outbox-effect.ts.
export type { Effect, Pending, SyncedRow } from './outbox-effect';

const contacts = (db: PracticeDb) => db.contacts as unknown as Table<Pending<Contact>, number>;
const leads = (db: PracticeDb) => db.leads as unknown as Table<Pending<Lead>, string>;

/** Negative ids never collide with the practice's (positive) ones; derived from the entry, so found by key. */
const placeholderId = (entry: OutboxEntry) =>
  -(parseInt(entry.id.replace(/-/g, '').slice(0, 12), 16) % 2_000_000_000) - 1;

// Placeholders are found by key (not by scanning the table), since settle runs once per sent entry.
async function dropContactPlaceholder(db: PracticeDb, entry: OutboxEntry): Promise<void> {
  await contacts(db).delete(placeholderId(entry));
}
async function dropLeadPlaceholder(db: PracticeDb, entry: OutboxEntry): Promise<void> {
  await leads(db).delete(entry.id);
}

const effects: Partial<Record<OperationName, Effect>> = {
  'contact.create': {
    async apply(db, entry, now) {
      const body = contactCreateSchema.parse(entry.payload.body);
      const entityKey = entry.payload.params['entityKey'];
      if (typeof entityKey !== 'string') return; // its client is itself still pending
      const id = placeholderId(entry);
      await contacts(db).put({
        entityContactID: id,
        contactID: id,
        entityKey,
        contactName: body.contactName,
        contactSurname: body.contactSurname,
        email: body.email ?? null,
        mobile: body.mobile ?? null,
        position: body.position ?? null,
        isPrimary: body.isPrimary ?? false,
        isDeleted: false,
        updatedOn: now,
        pendingOutboxId: entry.id,
      });
    },
    async settle(db, entry) {
      await dropContactPlaceholder(db, entry);
      const created = contactSchema.safeParse(entry.result);
      if (created.success) await contacts(db).put(created.data);
    },
    revert: dropContactPlaceholder,
  },
  'contact.update': {
    async apply(db, entry) {
      const id = Number(entry.payload.params['entityContactID']);
      const current = await contacts(db).get(id);
      if (!current) return;
      const change = contactUpdateSchema.parse(entry.payload.body);
      const undo = current.pendingOutboxId ? undefined : current; // keep the practice's version, not an earlier edit
      await contacts(db).put({
        ...current,
        ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
        pendingOutboxId: entry.id,
      });
      return undo ? { undo } : undefined;
    },
    async settle(db, entry) {
      const updated = contactSchema.safeParse(entry.result);
      if (updated.success) await contacts(db).put(updated.data);
    },
    async revert(db, entry) {
      const before = contactSchema.safeParse(entry.undo);
      if (before.success) await contacts(db).put(before.data);
    },
    editsSyncedRow: { table: 'contacts', keyOf: (entry) => Number(entry.payload.params['entityContactID']) },
  },
  'lead.create': {
    async apply(db, entry, now) {
      const body = leadCreateSchema.parse(entry.payload.body);
      // The entry id doubles as the placeholder's key, so notes added offline can point at it.
      await leads(db).put({
        leadKey: entry.id,
        leadID: -1,
        name: body.name,
        surname: body.surname ?? null,
        companyName: body.companyName ?? null,
        email: body.email ?? null,
        mobile: body.mobile ?? null,
        source: body.source ?? null,
        statusName: 'New',
        assignedUserKey: body.assignedUserKey ?? null,
        convertedEntityKey: null,
        noteCount: 0,
        createdOn: now,
        updatedOn: now,
        pendingOutboxId: entry.id,
      });
    },
    async settle(db, entry) {
      await dropLeadPlaceholder(db, entry);
      const created = leadSchema.safeParse(entry.result);
      if (created.success) await leads(db).put(created.data);
    },
    revert: dropLeadPlaceholder,
  },
  'lead.addNote': {
    // Nothing to apply: the notes card lists open lead.addNote entries itself (features/leads/lead-outbox.ts).
    async apply() {},
    async settle(db, entry) {
      // The practice's note goes into the cache at once, so it does not vanish between "sent" and the next read.
      const note = leadNoteSchema.safeParse(entry.result);
      if (!note.success) return;
      await db.leadNotes.put(note.data);
      const lead = await db.leads.get(note.data.leadKey);
      // Never below what is known to exist; the next sync brings the practice's own count.
      const known = await db.leadNotes.where('leadKey').equals(note.data.leadKey).count();
      if (lead && lead.noteCount < known) await db.leads.update(lead.leadKey, { noteCount: known });
    },
    async revert() {},
  },
  'lead.convert': {
    async apply() {},
    async settle(db, entry) {
      const converted = leadConvertResponseSchema.safeParse(entry.result);
      if (converted.success)
        await leads(db).update(converted.data.leadKey, {
          statusName: 'Converted',
          convertedEntityKey: converted.data.entityKey,
        });
    },
    async revert() {},
  },
  ...onboardingEffects,
  ...moneyEffects,
};

export const effectTables = (db: PracticeDb) => [
  db.outbox,
  db.contacts,
  db.leads,
  db.leadNotes,
  db.onboardings,
  db.onboardingStatuses,
  db.proposals,
  db.proposalDetails,
  db.clientReads,
  db.reports,
];

export const effectOf = (operation: OperationName): Effect | undefined => effects[operation];
