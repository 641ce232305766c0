import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../../../src-main/hub/backup/backup-command';
import { runRestoreCommand } from '../../../src-main/hub/backup/restore-command';
import { openHubDatabase } from '../../../src-main/hub/db/database';
import { migrate, SCHEMA_VERSION } from '../../../src-main/hub/db/migrations';
import { writeSecrets } from '../../../src-main/hub/secrets-file';
import { createPostgresDatabase, hubTestEngine } from './hub-database';
import { snapshotPlace, wipeHub } from './hub-database-snapshot';
import { useHubTestBed } from './hub-test-bed';

/** What a restore refuses, and what it leaves untouched when it does. */
const bed = useHubTestBed('hub-backup-refusals-');
const scratch = mkdtempSync(join(tmpdir(), 'hub-backup-refusals-files-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

const PASSPHRASE = 'the practice hub backup passphrase';
/** scrypt at its lowest accepted cost: the same format, made quickly. */
const cheap = { N: 2 ** 10, r: 8, p: 1 };
const place = () => ({ dataDir: bed.dataDir, databaseUrl: bed.databaseUrl() });
const quiet = () => undefined;
const backup = (to: string, where = place(), more: { fetch?: typeof fetch; answerWithinMs?: number } = {}) =>
  runBackupCommand([], { ...where, to, passphrase: async () => PASSPHRASE, kdf: cheap, ...more }, quiet);

/** The hub's answer, its body handed on only after `delayMs`: an export that takes its time. */
const slowBodies =
  (delayMs: number): typeof fetch =>
  async (input, init) => {
    const response = await fetch(input, init);
    const reader = response.body!.getReader();
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (first) await new Promise((resolve) => setTimeout(resolve, delayMs));
        first = false;
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
const restore = (from: string, where = place(), passphrase = PASSPHRASE) =>
  runRestoreCommand([], { ...where, from, passphrase: async () => passphrase, sessionsGoneWithinMs: 500 }, quiet);

/** Nothing of a restore is left: no database built (PGlite), no hub table (PostgreSQL), no secrets written. */
async function nothingRestored(where = place()): Promise<void> {
  expect(readdirSync(where.dataDir).filter((name) => name.startsWith('pglite'))).toEqual([]);
  if (!where.databaseUrl) return;
  const db = await openHubDatabase(where);
  try {
    const [row] = await db.query<{ tables: number }>(
      'SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = current_schema()',
    );
    expect(row).toEqual({ tables: 0 });
  } finally {
    await db.close();
  }
}

describe('what a restore refuses', () => {
  const file = join(scratch, 'hub.backup');

  it('never writes under a running hub, nor over a database that is there', async () => {
    const demo = await bed.openDemo({ rateLimit: { enabled: false } });
    // As an administrator sets a hub up: the practice's credentials in the data folder.
    writeSecrets(bed.dataDir, { partnerApi: demo.practices[0]!.readWrite, webhooks: {} });
    const hub = await bed.startHub();
    await hub.devices.add('Front desk laptop');
    await backup(file);
    // An export that streams for longer than the hub had to start answering is not cut off (PGlite reads through
    // the running hub; PostgreSQL on a connection of its own).
    await backup(join(scratch, 'slow.backup'), place(), { fetch: slowBodies(2_500), answerWithinMs: 1_500 });
    expect(statSync(join(scratch, 'slow.backup')).size).toBeGreaterThan(0);
    const running = await hub.db.query('SELECT 1');
    expect(running).toHaveLength(1);
    await expect(restore(file)).rejects.toThrow(
      hubTestEngine === 'pglite'
        ? /in use by process \d+( \(this one\))?\. Stop that hub before restoring: a restore never writes under a running hub\./
        : /This database is open on \d+ other connections? \(.*\): stop every hub on it before restoring/,
    );
    await bed.stopHub();
    const before = await snapshotPlace(place());
    await expect(restore(file)).rejects.toThrow(
      hubTestEngine === 'pglite'
        ? 'already holds a hub database'
        : `The database already holds a hub's tables (schema version ${SCHEMA_VERSION}): a restore never overwrites them.`,
    );
    expect(await snapshotPlace(place())).toEqual(before);
  }, 240_000);

  it('a wrong passphrase, a cut file or other secrets in the folder: refused, and nothing restored', async () => {
    const secrets = readFileSync(join(bed.dataDir, 'secrets.json'), 'utf8');
    await wipeHub(place());
    await expect(restore(file, place(), 'not the passphrase at all')).rejects.toThrow(
      'The passphrase does not open this backup',
    );
    await nothingRestored();
    // Cut short, as an interrupted copy: refused once the end is missing, and the half-loaded database is gone.
    const cut = join(scratch, 'cut.backup');
    writeFileSync(cut, readFileSync(file));
    truncateSync(cut, statSync(cut).size - 100);
    await expect(restore(cut)).rejects.toThrow('The backup ends early');
    await nothingRestored();
    // Another practice's secrets in the folder: not overwritten.
    writeFileSync(join(bed.dataDir, 'secrets.json'), '{"webhooks":{}}\n', { mode: 0o600 });
    await expect(restore(file)).rejects.toThrow(/already holds secrets\.json, other than the backup's/);
    await nothingRestored();
    expect(readFileSync(join(bed.dataDir, 'secrets.json'), 'utf8')).toBe('{"webhooks":{}}\n');
    rmSync(join(bed.dataDir, 'secrets.json'));
    // The same file as the backup's is no conflict.
    writeFileSync(join(bed.dataDir, 'secrets.json'), secrets);
    await restore(file);
    expect(readFileSync(join(bed.dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    expect(statSync(join(bed.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  }, 240_000);

  it.runIf(hubTestEngine === 'pglite')(
    'a backup of a PGlite folder whose hub holds it without answering is refused, naming the process',
    async () => {
      await bed.startHub();
      try {
        // The hub's administration address is gone (removed by hand): the folder is still the hub's.
        rmSync(join(bed.dataDir, 'admin.json'));
        const target = join(scratch, 'refused.backup');
        await expect(backup(target)).rejects.toThrow(
          new RegExp(
            `in use by process ${process.pid}( \\(this one\\))?\\. That hub did not answer on its administration address`,
          ),
        );
        expect(readdirSync(scratch).filter((name) => name.startsWith('refused'))).toEqual([]);
      } finally {
        await bed.stopHub();
      }
    },
    120_000,
  );
});

describe('a backup made by an older hub', () => {
  it('is restored at its own schema and brought up to this one, its rows kept', async () => {
    const older = {
      dataDir: mkdtempSync(join(tmpdir(), 'hub-backup-older-')),
      databaseUrl: undefined as string | undefined,
    };
    const newer = {
      dataDir: mkdtempSync(join(tmpdir(), 'hub-backup-newer-')),
      databaseUrl: undefined as string | undefined,
    };
    cleanups.push(async () => {
      rmSync(older.dataDir, { recursive: true, force: true });
      rmSync(newer.dataDir, { recursive: true, force: true });
    });
    if (hubTestEngine === 'postgres')
      for (const where of [older, newer]) {
        const database = await createPostgresDatabase('hub_backup_older');
        cleanups.push(() => database.drop());
        where.databaseUrl = database.url;
      }
    const db = await openHubDatabase(older);
    try {
      // The schema before the last migration, which gave held clients the time a laptop last asked for them.
      await migrate(db, { through: SCHEMA_VERSION - 1 });
      await db.query(
        `INSERT INTO mirrored_clients (resource, entity_key, read_at) VALUES ('proposals', 'client-a', '2026-01-02T03:04:05Z')`,
      );
    } finally {
      await db.close();
    }
    const file = join(scratch, 'older.backup');
    await backup(file, older);
    await restore(file, newer);
    const restored = await openHubDatabase(newer);
    try {
      const versions = await restored.query<{ version: number }>('SELECT version FROM hub_migrations ORDER BY version');
      expect(versions.map((row) => Number(row.version))).toEqual(
        Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
      );
      const rows = await restored.query<{ same: boolean }>(
        `SELECT asked_at = read_at AND read_at = '2026-01-02T03:04:05Z' AS same FROM mirrored_clients`,
      );
      expect(rows).toEqual([{ same: true }]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
