/**
 * The IndexedDB name of a practice's database: one database per practice ("practice-<practiceKey>"). Apart
 * from practice-db.ts (Dexie and the schema), so the first page's read at start names it without them.
 */
export const practiceDbNameOf = (practiceKey: string): string => `practice-${practiceKey}`;
