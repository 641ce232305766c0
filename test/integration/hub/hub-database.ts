import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, openPostgres, type HubDatabase } from '../../../src-main/hub/db/database';
import { migrate } from '../../../src-main/hub/db/migrations';

/**
 * Which engine this run of the hub's suite uses. The `hub-postgres` vitest project sets HUB_TEST_ENGINE to
 * `postgres` and runs the same files against the server named by HUB_TEST_DATABASE_URL; every other run is PGlite.
 */
export const hubTestEngine: 'pglite' | 'postgres' = process.env.HUB_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

function serverUrl(): string {
  const url = process.env.HUB_TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'The hub-postgres tests need HUB_TEST_DATABASE_URL=postgres://… (a server they may create databases on).',
    );
  return url;
}

/** The same server address with another database name (keeps user, host or `?host=/socket/folder`). */
function withDatabase(url: string, name: string): string {
  // Not `new URL`: a socket address (`postgres://user@/db?host=/run/folder`) has an empty host it refuses.
  const parts = /^(postgres(?:ql)?:\/\/[^/?]*)(?:\/[^?]*)?(\?.*)?$/.exec(url);
  if (!parts) throw new Error(`HUB_TEST_DATABASE_URL is not a postgres:// address: ${url}`);
  return `${parts[1]}/${name}${parts[2] ?? ''}`;
}

/** A fresh empty database on the PostgreSQL test server, and how to drop it (with any connection left open). */
export async function createPostgresDatabase(prefix = 'hub_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const server = serverUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(server);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  return {
    url: withDatabase(server, name),
    async drop() {
      const again = await openPostgres(server);
      try {
        // FORCE: a test that failed half-way may leave a connection open; the database must go regardless.
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}

/**
 * On PostgreSQL, a fresh empty database for the whole test file, dropped after it (so files never see each
 * other's rows and can run at once); on PGlite, undefined (the hub then opens PGlite in its data folder).
 */
export function useHubDatabaseUrl(): () => string | undefined {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    if (hubTestEngine !== 'postgres') return;
    database = await createPostgresDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });
  return () => database?.url;
}

/**
 * One migrated hub database for the whole test file: PGlite in a temporary data folder (a first start runs
 * initdb, which takes seconds on a busy machine), or a fresh database on the PostgreSQL test server. Closed
 * and removed after it.
 */
export function useHubDatabase(): { db: () => HubDatabase; dataDir: () => string } {
  const databaseUrl = useHubDatabaseUrl();
  let db: HubDatabase | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hub-test-'));
    const url = databaseUrl();
    db = url ? await openPostgres(url) : await openPglite(dataDir);
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
