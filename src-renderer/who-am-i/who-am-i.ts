import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useServices } from '../context/services-context';
import { usePractice } from '../context/store-hooks';
import { useFirstScreenShown } from '../context/use-first-screen-shown';
import type { PracticeDb } from '../data/practice-db';
import { storedMeSchema, type StoredMe } from '../stores/who-am-i-store';

/**
 * Who is using this laptop, for this practice: the staff member every "…by" field starts at. The Partner
 * API's credentials belong to the practice, not to a person, so the app asks once (after connecting,
 * when the staff list has synced) and Settings can change it. Kept in the practice's own database, so
 * signing out of the practice forgets it with everything else. `userKey: null`: asked, and not answered.
 */
const PREFERENCE = 'me';
export type { StoredMe };

/** What the database holds, read through its schema (a damaged value reads as "not asked yet"). */
export async function readMe(db: PracticeDb): Promise<StoredMe | null> {
  const parsed = storedMeSchema.safeParse((await db.preferences.get(PREFERENCE))?.value);
  return parsed.success ? parsed.data : null;
}

export async function saveMe(db: PracticeDb, userKey: string | null, now = Date.now()): Promise<void> {
  const value: StoredMe = { userKey, at: new Date(now).toISOString() };
  await db.preferences.put({ name: PREFERENCE, value });
}

/** Mounted once by the layout: keeps the store in step with the active practice's database. */
export function useWhoAmIHydration(): void {
  const { databases, stores } = useServices();
  // Read once the first screen has painted: the read opens the practice's database.
  const afterFirstScreen = useFirstScreenShown();
  const practiceKey = usePractice((s) => (afterFirstScreen ? s.activePracticeKey : null));
  const stored = useLiveQuery(async () => (practiceKey ? readMe(databases.of(practiceKey)) : null), [practiceKey]);
  useEffect(() => {
    if (!practiceKey || stored === undefined) return;
    stores.whoAmI.setState((s) => ({ byPractice: { ...s.byPractice, [practiceKey]: stored } }));
  }, [stores, practiceKey, stored]);
}

/** The active practice's answer: undefined while not read yet, null when never asked. */
export function useStoredMe(): StoredMe | null | undefined {
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  return useStore(useServices().stores.whoAmI, (s) => s.byPractice[practiceKey]);
}

/** The staff member using this laptop for the active practice, or '' when not said. */
export function useMe(): string {
  return useStoredMe()?.userKey ?? '';
}

/**
 * Whether to ask now: a practice is active, its answer has been read and there is none, and its staff
 * list is on this laptop. Cheap (a count), so the layout can decide before loading the prompt's code.
 */
export function useShouldAskWhoAmI(): boolean {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const stored = useStoredMe();
  // Counted only once the stored answer is read and is none: nothing is opened before that.
  const unanswered = stored === null;
  const staff = useLiveQuery(
    async () => (practiceKey && unanswered ? databases.of(practiceKey).users.count() : 0),
    [practiceKey, unanswered],
  );
  return Boolean(practiceKey) && stored === null && (staff ?? 0) > 0;
}
