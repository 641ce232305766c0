import { readdirSync, rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import type { HubDatabase } from '../../../src-main/hub/db/database';
import { openHubDatabase, openPostgres } from '../../../src-main/hub/db/database';
import { waitFor } from '../../support/wait-for';

/** Every row of every table of the hub's schema, as PostgreSQL writes it, sorted; and every sequence's value. */
export interface DatabaseSnapshot {
  tables: Record<string, string[]>;
  sequences: Record<string, string>;
}

/** What a restore must give back exactly, read in one snapshot (timestamps in UTC, bytea in hex). */
export function snapshotDatabase(db: HubDatabase): Promise<DatabaseSnapshot> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    await tx.query(`SET LOCAL bytea_output = 'hex'`);
    const tables: Record<string, string[]> = {};
    const names = await tx.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1',
    );
    for (const { name } of names)
      tables[name] = (await tx.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${name}" t`))
        .map((r) => r.row)
        .sort();
    const sequences: Record<string, string> = {};
    const seqs = await tx.query<{ name: string }>(
      'SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1',
    );
    for (const { name } of seqs) {
      const [value] = await tx.query<{ v: string }>(`SELECT last_value::text || '/' || is_called AS v FROM "${name}"`);
      sequences[name] = value!.v;
    }
    return { tables, sequences };
  });
}

/**
 * The snapshot of a running hub once nothing changes any more: the request budget saves what was sent up to a
 * second later, so two snapshots more than a second apart must agree.
 */
export async function restingSnapshot(db: HubDatabase): Promise<DatabaseSnapshot> {
  let last = await snapshotDatabase(db);
  let takenAt = Date.now();
  await waitFor(
    'the hub’s database at rest',
    async () => {
      if (Date.now() - takenAt < 1_100) return false;
      const now = await snapshotDatabase(db);
      const same = isDeepStrictEqual(now, last);
      [last, takenAt] = [now, Date.now()];
      return same;
    },
    (same) => same,
    20_000,
  );
  return last;
}

/** Opens the place, snapshots it, closes it. */
export async function snapshotPlace(place: { dataDir: string; databaseUrl: string | undefined }) {
  const db = await openHubDatabase(place);
  try {
    return await snapshotDatabase(db);
  } finally {
    await db.close();
  }
}

/**
 * Everything lost, as after a disk failure: the data folder emptied (its database on PGlite, the secrets, the
 * certificate) and, on a server, every table and sequence of the database dropped.
 */
export async function wipeHub(place: { dataDir: string; databaseUrl: string | undefined }): Promise<void> {
  for (const entry of readdirSync(place.dataDir)) rmSync(join(place.dataDir, entry), { recursive: true, force: true });
  if (!place.databaseUrl) return;
  const db = await openPostgres(place.databaseUrl);
  try {
    await db.query('DROP SCHEMA public CASCADE');
    await db.query('CREATE SCHEMA public');
  } finally {
    await db.close();
  }
}
