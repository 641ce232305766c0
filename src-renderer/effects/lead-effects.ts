import type { Table } from 'dexie';
import {
  leadConvertResponseSchema,
  leadCreateSchema,
  leadFromCreate,
  leadNoteSchema,
  leadSchema,
  type Lead,
} from '../../src-preload/contract/partner-api';
import type { PracticeDb } from '../data/practice-db';
import type { Effect, Pending } from './outbox-effect';
import { nothing, placeholderEnds } from './effect-helpers';

const leads = (db: PracticeDb) => db.leads as unknown as Table<Pending<Lead>, string>;

export const leadEffects = {
  'lead.create': {
    tables: ['leads'],
    async apply(db, entry, now) {
      const body = leadCreateSchema.parse(entry.payload.body);
      // The entry id doubles as the placeholder's key, so notes added offline can point at it.
      await leads(db).put({
        ...leadFromCreate(body, { leadKey: entry.id, leadID: -1 }, now),
        pendingOutboxId: entry.id,
      });
    },
    // The placeholder's key is the entry's id (a lead's key is a string, so it cannot collide).
    ...placeholderEnds(leads, (entry) => entry.id, leadSchema),
  },
  'lead.addNote': {
    tables: ['leadNotes', 'leads'],
    // Nothing to apply: the notes card lists open lead.addNote entries itself (features/leads/lead-outbox.ts).
    apply: nothing,
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
    revert: nothing,
  },
  'lead.convert': {
    tables: ['leads'],
    apply: nothing,
    async settle(db, entry) {
      const converted = leadConvertResponseSchema.safeParse(entry.result);
      if (converted.success)
        await leads(db).update(converted.data.leadKey, {
          statusName: 'Converted',
          convertedEntityKey: converted.data.entityKey,
        });
    },
    revert: nothing,
  },
} satisfies Record<'lead.create' | 'lead.addNote' | 'lead.convert', Effect>;
