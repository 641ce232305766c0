import { PracticeDb } from '../../src-renderer/data/practice-db';

/**
 * A standalone connection to a practice's database, for tests and benches. The app opens its databases
 * through the one `PracticeDatabases` its composition root builds, one connection per practice.
 */
export function practiceDb(practiceKey: string): PracticeDb {
  return new PracticeDb(practiceKey);
}
