import { useLiveQuery } from 'dexie-react-hooks';
import { useContext } from 'react';
import { z } from 'zod';
import { ServicesContext } from '../../../context/services-context';
import type { PracticeDb } from '../../../data/practice-db';
import { usePractice } from '../../../context/store-hooks';

/**
 * Custom eForms kept on this laptop to be used again (sent alone, or inside a stack), per practice, in the
 * practice database's `preferences` table: one row per form, named by the form's name, so saving a form again
 * under its name replaces it. Never sent anywhere by being saved.
 */
const PREFIX = 'eform.customForm:';

export const savedCustomFormSchema = z.object({
  name: z.string().min(1).max(200),
  schema: z.unknown(),
  savedAt: z.string(),
});
export type SavedCustomForm = z.infer<typeof savedCustomFormSchema>;

export function savedCustomForms(db: Pick<PracticeDb, 'preferences'>) {
  return {
    async list(): Promise<SavedCustomForm[]> {
      const rows = await db.preferences.where('name').startsWith(PREFIX).toArray();
      return rows
        .map((row) => savedCustomFormSchema.safeParse(row.value))
        .flatMap((read) => (read.success ? [read.data] : []))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async save(name: string, schema: unknown, now = new Date()): Promise<void> {
      const form: SavedCustomForm = savedCustomFormSchema.parse({
        name: name.trim(),
        schema,
        savedAt: now.toISOString(),
      });
      await db.preferences.put({ name: `${PREFIX}${form.name}`, value: form });
    },
    async remove(name: string): Promise<void> {
      await db.preferences.delete(`${PREFIX}${name.trim()}`);
    },
  };
}

/** The saved custom forms of the practice in use, live; and the store to save one (null before a practice). */
export function useSavedCustomForms(): { forms: SavedCustomForm[]; store: ReturnType<typeof savedCustomForms> | null } {
  const services = useContext(ServicesContext);
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const db = services && practiceKey ? services.databases.of(practiceKey) : null;
  const forms = useLiveQuery(async () => (db ? savedCustomForms(db).list() : []), [db]) ?? [];
  return { forms, store: db ? savedCustomForms(db) : null };
}

/**
 * The client merge fields of the guide, filled from this client as stored on the laptop (their details as the
 * practice keeps them; the recipient typed in the form where the client has none): what the preview pre-fills.
 */
export function useClientMergeValues(client: {
  entityKey: string | null;
  recipientName: string;
  recipientEmail: string;
  recipientMobile: string;
}): Record<string, string> {
  const services = useContext(ServicesContext);
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const db = services && practiceKey ? services.databases.of(practiceKey) : null;
  const entity = useLiveQuery(
    async () => (db && client.entityKey ? ((await db.entities.get(client.entityKey)) ?? null) : null),
    [db, client.entityKey],
  );
  const values: Record<string, string | null | undefined> = {
    '{{client.fullName}}': entity?.fullEntityName ?? client.recipientName,
    '{{client.preferredName}}': entity?.entitySalutation ?? client.recipientName,
    '{{client.email}}': entity?.entityEmail ?? client.recipientEmail,
    '{{client.mobile}}': entity?.entityMobile ?? client.recipientMobile,
    '{{client.code}}': entity?.entityCode,
  };
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => !!e[1]));
}
