import type { Companion } from '../../src-preload/contract/companion';
import type { SignOutResult } from '../../src-preload/contract/practice';
import type { Notice } from '../stores/notice-store';
import { describeFailure } from '../ui/words/describe-failure';

/** What a sign-out did, for the caller and the tests; the user is told through a notice. */
export interface SignOutOutcome {
  /** Main's report of its part (credentials, documents, budget), or null when the call itself failed. */
  main: SignOutResult | null;
  /** The practice's database and stored settings in this window are gone. */
  localWiped: boolean;
  /** The sentence shown to the user, or null when everything went. */
  message: string | null;
}

export interface SignOutDeps {
  /** Makes the screens stop using the practice (reloads the list) before its database is deleted. */
  forget(): Promise<void>;
  /** Deletes the practice's database (the window's `PracticeDatabases.delete`). */
  deleteDb(practiceKey: string): Promise<void>;
  /** Forgets what the practice's screens were left showing (stores/practice-views.ts). */
  forgetViews(practiceKey: string): void;
  notify(notice: Omit<Notice, 'id'>): void;
  storage?: Storage;
}

/**
 * Removes every key of this window's storage that names the practice (its paused-sync flag today, and any
 * later per-practice setting, since they are all keyed by the practiceKey).
 */
export function forgetPracticeStorage(
  practiceKey: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  if (!storage) return;
  const needle = practiceKey.toLowerCase();
  const names: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (name?.toLowerCase().includes(needle)) names.push(name);
  }
  for (const name of names) storage.removeItem(name);
}

/**
 * Signs out of a practice. Main forgets the credentials and deletes the cached documents; whatever it
 * answers, and even if it cannot answer, this window then deletes the practice's database and settings.
 * Deleting only after main succeeded would leave every client's data behind whenever a part of main's wipe
 * failed, with the practice already gone from the list and no way for the user to try again.
 */
export async function signOutPractice(
  companion: Companion,
  practiceKey: string,
  deps: SignOutDeps,
): Promise<SignOutOutcome> {
  let main: SignOutResult | null = null;
  let mainProblem: string | null = null;
  try {
    main = await companion.practice.signOut({ practiceKey });
  } catch (error) {
    mainProblem = describeFailure(error);
  }

  // Screens reading the practice's database would open (and so recreate) it after the delete.
  await deps.forget().catch(() => undefined);

  let localProblem: string | null = null;
  try {
    await deps.deleteDb(practiceKey);
  } catch (error) {
    localProblem = describeFailure(error);
  }
  try {
    forgetPracticeStorage(practiceKey, deps.storage);
    deps.forgetViews(practiceKey);
  } catch (error) {
    localProblem ??= describeFailure(error);
  }

  const sentences = [
    mainProblem === null
      ? null
      : `The sign-out could not be completed (${mainProblem}). If the practice is still listed, sign out again.`,
    main?.message ?? null,
    localProblem === null
      ? null
      : `Its data in this window could not be deleted (${localProblem}); it is removed the next time the app starts.`,
  ].filter((s): s is string => s !== null);
  const message = sentences.length > 0 ? sentences.join(' ') : null;
  const title = mainProblem === null ? 'Signed out, but not everything was deleted' : 'The sign-out did not finish';
  if (message) deps.notify({ tone: 'error', title, detail: message });
  return { main, localWiped: localProblem === null, message };
}
