import type { PracticeDatabases } from '../data/practice-db';
import { countOpen } from '../outbox/outbox-count';
import { forgetPracticeStorage } from './sign-out';
import { countOf } from '../ui/regional/counts';

/** A practice whose data is still in this window's storage though main no longer knows it. */
export interface ForgottenPractice {
  practiceKey: string;
  /** Outbox entries not yet at the practice; null when the database could not be read (it may hold some). */
  unsent: number | null;
}

export interface ForgottenPracticesDeps {
  /** The window's practice databases (the defaults of the four overrides below). */
  databases: PracticeDatabases;
  /** The practices main knows (practice.list); read again just before anything is deleted. */
  knownKeys(): Promise<string[]>;
  /**
   * Asked once, only for databases that hold unsent actions (or could not be read): true deletes them,
   * false keeps them until the next start, when the question comes again.
   */
  confirm(withUnsent: ForgottenPractice[]): Promise<boolean>;
  listDbKeys?: () => Promise<string[]>;
  countUnsent?: (practiceKey: string) => Promise<number>;
  deleteDb?: (practiceKey: string) => Promise<void>;
  closeDb?: (practiceKey: string) => void;
  storage?: Storage;
}

export interface ForgottenPracticesReport {
  deleted: string[];
  kept: string[];
}

const pausedFlag = /^sync-paused:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Per-practice keys of this window's storage whose practice main no longer knows (no database needed). */
function strayStorageKeys(storage: Storage, known: Set<string>): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const match = pausedFlag.exec(storage.key(i) ?? '');
    if (match && !known.has(match[1]!.toLowerCase())) keys.push(match[1]!);
  }
  return keys;
}

/**
 * At start: the data of practices main no longer knows is deleted. That is a sign-out whose local wipe
 * did not finish, or a practice removed while the app was closed. A database still holding unsent actions
 * is deleted only once the user has confirmed, since those actions would be lost; the rest goes silently.
 */
export async function removeForgottenPractices(deps: ForgottenPracticesDeps): Promise<ForgottenPracticesReport> {
  const lower = (keys: string[]) => new Set(keys.map((k) => k.toLowerCase()));
  const { databases } = deps;
  const deleteDb = deps.deleteDb ?? ((practiceKey: string) => databases.delete(practiceKey));
  const closeDb = deps.closeDb ?? ((practiceKey: string) => databases.close(practiceKey));
  const countUnsent = deps.countUnsent ?? ((practiceKey: string) => countOpen(databases.of(practiceKey)));
  const storage = deps.storage ?? globalThis.localStorage;

  const known = lower(await deps.knownKeys());
  const forgotten = (await (deps.listDbKeys ?? (() => databases.listKeys()))()).filter(
    (key) => !known.has(key.toLowerCase()),
  );
  const quiet: string[] = [];
  const withUnsent: ForgottenPractice[] = [];
  for (const practiceKey of forgotten) {
    let unsent: number | null;
    try {
      unsent = await countUnsent(practiceKey);
    } catch {
      unsent = null;
    }
    closeDb(practiceKey);
    if (unsent === 0) quiet.push(practiceKey);
    else withUnsent.push({ practiceKey, unsent });
  }

  const deleted: string[] = [];
  const kept: string[] = [];
  // A practice connected (again) while this ran keeps its data.
  const remove = async (keys: string[]): Promise<void> => {
    const stillKnown = lower(await deps.knownKeys());
    for (const practiceKey of keys) {
      if (stillKnown.has(practiceKey.toLowerCase())) {
        kept.push(practiceKey);
        continue;
      }
      await deleteDb(practiceKey);
      if (storage) forgetPracticeStorage(practiceKey, storage);
      deleted.push(practiceKey);
    }
  };

  await remove(quiet);
  if (storage) for (const practiceKey of strayStorageKeys(storage, known)) forgetPracticeStorage(practiceKey, storage);
  if (withUnsent.length > 0) {
    if (await deps.confirm(withUnsent)) await remove(withUnsent.map((p) => p.practiceKey));
    else kept.push(...withUnsent.map((p) => p.practiceKey));
  }
  return { deleted, kept };
}

/** "3 unsent actions for a practice that is no longer connected on this laptop". */
export function describeForgotten(practice: ForgottenPractice): string {
  if (practice.unsent === null)
    return 'Data that could not be read (it may hold unsent actions) for a practice that is no longer connected on this laptop';
  return `${countOf(practice.unsent, 'unsent action')} for a practice that is no longer connected on this laptop`;
}
