import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, type HubDatabase } from '../../../src-main/hub/db/database';
import { migrate } from '../../../src-main/hub/db/migrations';

/**
 * One migrated PGlite database in a temporary data folder for the whole test file (a first start runs
 * initdb, which takes seconds on a busy machine), closed and removed after it.
 */
export function useHubDatabase(): { db: () => HubDatabase; dataDir: () => string } {
  let db: HubDatabase | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hub-test-'));
    db = await openPglite(dataDir);
    await migrate(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    db: () => {
      if (!db) throw new Error('The hub database is not open yet.');
      return db;
    },
    dataDir: () => dataDir,
  };
}
