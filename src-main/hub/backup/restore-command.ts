import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { openPgliteFolder, openPostgres, PGLITE_FOLDER, type HubDatabase, type Queryable } from '../db/database';
import { acquireFolderLock, type FolderLock } from '../db/folder-lock';
import { MIGRATION_LOCK, SCHEMA_VERSION } from '../db/migrations';
import { openBackup } from './backup-cipher';
import { BACKUP_LINE } from './backup-command';
import { conflictingDataFiles, fromFileLine, fileLineSchema, writeDataFiles, type DataFile } from './data-files';
import { BackupContentError, databaseLineSchema, importDatabase, schemaVersionOf } from './database-dump';
import { readPassphrase } from './passphrase';
import { payloadLines } from './backup-payload';
import { linePuller, parseJsonLine } from './json-lines';
import { countOf } from '../../../src-preload/contract/counts';
import { realTimer } from '../../request-budget/budget-timer';

export interface RestoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  from: string | undefined;
  passphrase?: () => Promise<string>;
  /** How long a PostgreSQL database's other sessions may take to go (a hub stopping just now). */
  sessionsGoneWithinMs?: number;
}

const backupLineSchema = z.strictObject({ [BACKUP_LINE]: z.strictObject({ madeAt: z.iso.datetime() }) });

/**
 * `restore --from FILE`: into an empty place only, never under a running hub. PGlite: the data folder's lock
 * is taken (refused while a hub holds it) and the folder must hold no database; the database is built beside
 * it and renamed into place only once complete. PostgreSQL: no other session may be on the database (a hub
 * running), which must hold no hub's tables; everything is one transaction, under the migration lock, so a
 * hub starting meanwhile waits for the restore and a failure leaves the database as it was. The passphrase is
 * checked before anything is written, and the data folder's files are written last, only where nothing
 * else is. A backup made by an older hub is brought up to this hub's schema by its migrations.
 */
export async function runRestoreCommand(
  args: readonly string[],
  options: RestoreOptions,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (args.length > 0) throw new Error('Use: restore --from FILE [--data DIR] (DATABASE_URL for a PostgreSQL server).');
  if (!options.from) throw new Error('Give --from FILE: the backup to restore.');
  const source = resolve(options.from);
  if (!existsSync(source) || !statSync(source).isFile()) throw new Error(`There is no backup file ${source}.`);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const place = options.databaseUrl
    ? await postgresPlace(options.databaseUrl, options.sessionsGoneWithinMs ?? 3_000)
    : pglitePlace(options.dataDir);
  let file: ReturnType<typeof createReadStream> | undefined;
  try {
    const passphrase = await (options.passphrase ?? (() => readPassphrase('restore')))();
    file = createReadStream(source);
    const next = linePuller(payloadLines(openBackup(file, passphrase))[Symbol.asyncIterator]());
    const first = backupLineSchema.safeParse(parseJsonLine((await next()) ?? ''));
    if (!first.success) throw new BackupContentError('The backup does not start as a practice hub backup does.');
    const files: DataFile[] = [];
    let databaseLine: z.infer<typeof databaseLineSchema> | null = null;
    while (!databaseLine) {
      const json = parseJsonLine((await next()) ?? '');
      const carried = fileLineSchema.safeParse(json);
      if (carried.success) files.push(fromFileLine(carried.data));
      else {
        const database = databaseLineSchema.safeParse(json);
        if (!database.success) throw new BackupContentError('The backup holds a line this hub does not read.');
        databaseLine = database.data;
      }
    }
    const conflicts = conflictingDataFiles(options.dataDir, files);
    if (conflicts.length > 0)
      throw new Error(
        `${options.dataDir} already holds ${conflicts.join(', ')}, other than the backup's: a restore never ` +
          'overwrites them. Move them aside (or restore into a new data folder) and run the restore again.',
      );
    const header = databaseLine.database;
    const summary = await place.restore((tx, engine) => importDatabase(tx, engine, header, next));
    writeDataFiles(options.dataDir, files);
    write(
      JSON.stringify({
        restored: source,
        madeAt: first.data[BACKUP_LINE].madeAt,
        engine: summary.engine === header.engine ? summary.engine : `${header.engine} → ${summary.engine}`,
        schemaVersion:
          header.schemaVersion === SCHEMA_VERSION ? SCHEMA_VERSION : `${header.schemaVersion} → ${SCHEMA_VERSION}`,
        tables: summary.tables,
        files: files.map((file) => file.path),
      }),
    );
    return 0;
  } finally {
    file?.destroy();
    await place.close();
  }
}

interface RestorePlace {
  restore(
    load: (tx: Queryable, engine: HubDatabase['engine']) => Promise<{ tables: Record<string, number> }>,
  ): Promise<{ engine: HubDatabase['engine']; tables: Record<string, number> }>;
  close(): Promise<void>;
}

/** The data folder, locked for the whole restore; the database built in a folder of its own, then renamed. */
function pglitePlace(dataDir: string): RestorePlace {
  let lock: FolderLock;
  try {
    lock = acquireFolderLock(dataDir);
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} Stop that hub before restoring: a restore never writes under a running hub.`,
    );
  }
  const target = join(dataDir, PGLITE_FOLDER);
  if (existsSync(target)) {
    lock.release();
    throw new Error(
      `${dataDir} already holds a hub database (${target}): a restore never overwrites one. Move it aside (or ` +
        'restore into a new data folder) and run the restore again.',
    );
  }
  return {
    async restore(load) {
      const building = join(dataDir, `${PGLITE_FOLDER}.restoring`);
      rmSync(building, { recursive: true, force: true });
      let db: HubDatabase | null = null;
      try {
        db = await openPgliteFolder(building);
        const opened = db;
        const { tables } = await opened.transaction((tx) => load(tx, 'pglite'));
        await opened.close();
        db = null;
        renameSync(building, target);
        return { engine: 'pglite', tables };
      } catch (error) {
        await db?.close();
        rmSync(building, { recursive: true, force: true });
        throw error;
      }
    },
    close: async () => lock.release(),
  };
}

/** The other sessions on this database: a hub running on it (or anything else). */
async function otherSessions(q: Queryable): Promise<string[]> {
  return (
    await q.query<{ name: string }>(
      `SELECT coalesce(nullif(application_name, ''), 'process ' || pid) AS name FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    )
  ).map((row) => row.name);
}

async function postgresPlace(databaseUrl: string, goneWithinMs: number): Promise<RestorePlace> {
  const db = await openPostgres(databaseUrl);
  const refuse = async (message: string): Promise<never> => {
    await db.close();
    throw new Error(message);
  };
  // A hub stopped just now may take a moment to leave; one still there after that is running.
  const deadline = Date.now() + goneWithinMs;
  let others = await otherSessions(db);
  while (others.length > 0 && Date.now() < deadline) {
    await realTimer.sleep(100);
    others = await otherSessions(db);
  }
  if (others.length > 0)
    return refuse(
      `This database is open on ${countOf(others.length, 'other connection')} ` +
        `(${[...new Set(others)].join(', ')}): stop every hub on it before restoring — a restore never ` +
        'writes under a running hub.',
    );
  const version = await schemaVersionOf(db);
  if (version !== null) return refuse(holdsHubSentence(version));
  return {
    async restore(load) {
      const { tables } = await db.transaction(async (tx) => {
        // First the migration lock, so a hub starting now waits for the restore; then the checks again under it.
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...MIGRATION_LOCK]);
        const now = await schemaVersionOf(tx);
        if (now !== null) throw new Error(holdsHubSentence(now));
        return load(tx, 'postgres');
      });
      return { engine: 'postgres', tables };
    },
    close: () => db.close(),
  };
}

const holdsHubSentence = (version: number): string =>
  `The database already holds a hub's tables (schema version ${version}): a restore never overwrites them. ` +
  'Restore into a new, empty database (createdb), or drop and create this one first.';
