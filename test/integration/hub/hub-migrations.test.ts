import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHubDatabase, openPostgres, PGLITE_FOLDER, type HubDatabase } from '../../../src-main/hub/db/database';
import { MIGRATION_LOCK, SCHEMA_VERSION, migrate, newerSchemaSentence } from '../../../src-main/hub/db/migrations';
import { startHub } from '../../../src-main/hub/start-hub';
import { spawnTracked } from '../../support/tracked-process';
import { waitFor } from '../../support/wait-for';
import { createPostgresDatabase, hubTestEngine } from './hub-database';
import { snapshotPlace } from './hub-database-snapshot';

/** Fresh places to migrate: a PGlite data folder, or a database on the test server (both removed after). */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshPlace(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-migrations-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (hubTestEngine !== 'postgres') return { dataDir, databaseUrl: undefined };
  const database = await createPostgresDatabase('hub_migrations');
  cleanups.push(() => database.drop());
  return { dataDir, databaseUrl: database.url };
}

const versions = async (db: HubDatabase) =>
  (await db.query<{ version: number }>('SELECT version FROM hub_migrations ORDER BY version')).map((r) =>
    Number(r.version),
  );
const allVersions = Array.from({ length: SCHEMA_VERSION }, (_, index) => index + 1);

describe('a database whose schema is newer than the hub knows', () => {
  it('is refused at start with a sentence saying so, by the hub and by its command line', async () => {
    const place = await freshPlace();
    const db = await openHubDatabase(place);
    try {
      await migrate(db);
      await db.query('INSERT INTO hub_migrations (version) VALUES ($1)', [SCHEMA_VERSION + 1]);
      await expect(migrate(db)).rejects.toThrow(newerSchemaSentence(SCHEMA_VERSION + 1));
      // Nothing of this hub's was done to it: the newer hub's record stays as it was.
      expect(await versions(db)).toEqual([...allVersions, SCHEMA_VERSION + 1]);
    } finally {
      await db.close();
    }
    // The hub refuses before it asks the Partner API anything (no practice answers at this address).
    await expect(
      startHub({ ...place, partnerApi: { baseUrl: 'http://127.0.0.1:9', clientId: 'c', secret: 's' } }),
    ).rejects.toThrow(`This database's schema is version ${SCHEMA_VERSION + 1}, newer than this hub knows`);

    writeFileSync(
      join(place.dataDir, 'secrets.json'),
      JSON.stringify({ partnerApi: { clientId: 'c', secret: 's' }, webhooks: {} }),
      { mode: 0o600 },
    );
    const cli = spawnTracked(
      'node_modules/.bin/tsx',
      ['src-main/hub/cli.ts', '--api-url', 'http://127.0.0.1:9', '--port', '0', '--data', place.dataDir],
      { env: { ...process.env, DATABASE_URL: place.databaseUrl ?? '' } },
    );
    let stderr = '';
    cli.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      expect(await cli.exited).toBe(2);
      expect(stderr).toContain(`The hub did not start: ${newerSchemaSentence(SCHEMA_VERSION + 1)}`);
    } finally {
      await cli.stop();
    }
  }, 120_000);
});

describe.runIf(hubTestEngine === 'postgres')('migrations on a PostgreSQL server', () => {
  it('two processes starting together on one new database: one migrates, the other waits, neither fails', async () => {
    const { databaseUrl } = await freshPlace();
    // Four pools, as four hub processes starting at one instant would have.
    const pools = await Promise.all([1, 2, 3, 4].map(() => openPostgres(databaseUrl!)));
    try {
      const outcomes = await Promise.allSettled(pools.map((db) => migrate(db)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      expect(await versions(pools[0]!)).toEqual(allVersions);
    } finally {
      for (const db of pools) await db.close();
    }
  }, 60_000);

  it('a process that finds another migrating waits on the lock, changing nothing, and migrates once it is free', async () => {
    const { databaseUrl } = await freshPlace();
    const { default: pg } = await import('pg');
    // Another process migrating: it holds the migration lock (here on a session of its own, until released).
    const other = new pg.Client({ connectionString: databaseUrl, application_name: 'other-migrating' });
    await other.connect();
    const starting = await openPostgres(databaseUrl!);
    const watcher = await openPostgres(databaseUrl!);
    try {
      await other.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
      let finished = false;
      const migrating = migrate(starting).then(() => (finished = true));
      // The starting hub waits on the advisory lock, having created or changed nothing yet.
      await waitFor(
        'the starting hub to wait on the migration lock',
        async () =>
          (
            await watcher.query<{ waiting: number }>(
              `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND NOT l.granted AND a.datname = current_database()`,
            )
          )[0]!.waiting,
        (waiting) => waiting === 1,
      );
      expect(finished).toBe(false);
      const [made] = await watcher.query<{ table: string | null }>(
        `SELECT to_regclass('hub_migrations')::text AS table`,
      );
      expect(made).toEqual({ table: null });
      await other.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
      await migrating;
      expect(await versions(watcher)).toEqual(allVersions);
    } finally {
      await other.end();
      await starting.close();
      await watcher.close();
    }
  }, 60_000);
});

/**
 * The database a hub of schema version 7 left behind (fixtures/make-schema-fixture.ts: a real hub's mirror,
 * devices, deliveries, held clients, answers read through, budget, hints and removals), loaded as it was
 * dumped — independent of the migrations' code as it is now.
 */
const FIXTURE = join(import.meta.dirname, 'fixtures', 'hub-schema-v7.sql');

async function loadFixture(place: { dataDir: string; databaseUrl: string | undefined }): Promise<void> {
  const sql = readFileSync(FIXTURE, 'utf8');
  if (place.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create(join(place.dataDir, PGLITE_FOLDER));
  try {
    await lite.exec(sql);
  } finally {
    await lite.close();
  }
}

/** A row as comparable JSON: its keys sorted, only those `keys` when given (columns a migration added aside). */
function canonical(text: string, keys?: readonly string[]): string {
  const row = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries([...(keys ?? Object.keys(row))].sort().map((key) => [key, row[key]])));
}

describe('a database made by an earlier schema', () => {
  it('is upgraded by the migrations made since, with every record it held intact', async () => {
    const place = await freshPlace();
    await loadFixture(place);
    const before = await snapshotPlace(place);
    expect(Object.values(before.tables).every((rows) => rows.length > 0)).toBe(true);
    const db = await openHubDatabase(place);
    try {
      await migrate(db);
      expect(await versions(db)).toEqual(allVersions);
    } finally {
      await db.close();
    }
    const after = await snapshotPlace(place);
    for (const [table, rows] of Object.entries(before.tables)) {
      expect(after.tables[table], `table ${table}`).toBeDefined();
      const kept = new Set(
        after.tables[table]!.map((row) => canonical(row, Object.keys(JSON.parse(rows[0]!) as object))),
      );
      const lost = rows.map((row) => canonical(row)).filter((row) => !kept.has(row));
      expect(lost, `records of ${table} lost or changed by the upgrade`).toEqual([]);
    }
    // No sequence went back: change sequences and hint ids go on from where they were.
    for (const [sequence, value] of Object.entries(before.sequences))
      expect(Number.parseInt(after.sequences[sequence]!, 10)).toBeGreaterThanOrEqual(Number.parseInt(value, 10));
  }, 120_000);
});
