import type { Table } from 'dexie';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import {
  contactCreateSchema,
  contactSchema,
  contactUpdateSchema,
  type Contact,
} from '../../src-preload/contract/partner-api';
import type { PracticeDb } from '../data/practice-db';
import type { Effect, Pending } from './outbox-effect';
import { placeholderEnds } from './effect-helpers';

const contacts = (db: PracticeDb) => db.contacts as unknown as Table<Pending<Contact>, number>;

/** Negative ids never collide with the practice's (positive) ones; derived from the entry, so found by key. */
const placeholderId = (entry: OutboxEntry) =>
  -(parseInt(entry.id.replace(/-/g, '').slice(0, 12), 16) % 2_000_000_000) - 1;

/** A new contact shows at once as a placeholder row; an edited one shows the edit, the practice's version kept. */
export const contactEffects = {
  'contact.create': {
    tables: ['contacts'],
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
    ...placeholderEnds(contacts, placeholderId, contactSchema),
  },
  'contact.update': {
    tables: ['contacts'],
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
} satisfies Record<'contact.create' | 'contact.update', Effect>;
