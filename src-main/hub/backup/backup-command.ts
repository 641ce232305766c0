import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readAdminEndpoint, type AdminEndpoint } from '../admin/admin-file';
import { openPglite, openPostgres, PGLITE_FOLDER, type HubDatabase } from '../db/database';
import { createBackupSealer, DEFAULT_KDF } from './backup-cipher';
import { createPayloadWriter } from './backup-payload';
import { ADMIN_BACKUP_PATH } from './backup-route';
import { fileLine, readDataFiles } from './data-files';
import { databaseLineSchema, endLineSchema, exportDatabase, type DatabaseSummary } from './database-dump';
import { readPassphrase } from './passphrase';
import { parseJsonLine, textLines } from './json-lines';
import { realTimer } from '../../request-budget/budget-timer';

/** What every backup starts with, inside the encryption: when it was made. */
export const BACKUP_LINE = 'backup';

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  to: string | undefined;
  passphrase?: () => Promise<string>;
  fetch?: typeof fetch;
  /** How long a running hub has to start answering before it is taken for not running (default 15 s). */
  answerWithinMs?: number;
  /** scrypt's cost (tests make many backups; the command uses the default). */
  kdf?: { N: number; r: number; p: number };
}

/** The running hub could not be reached at the address it wrote: it is not running (or was killed). */
class HubNotAnswering extends Error {}

/**
 * `backup --to FILE`: the hub's database (database-dump.ts) and the data folder's secrets and certificate
 * (data-files.ts), encrypted whole with the administrator's passphrase (backup-cipher.ts). Written to a
 * temporary file beside FILE and renamed only when complete, so FILE is always a whole backup or absent.
 * PostgreSQL: read in one snapshot on a connection of its own, hubs running or not. PGlite: through the
 * running hub's administration listener when one serves the folder; else the folder is opened (and locked)
 * here — and a hub that holds it without answering is named, not waited for.
 */
export async function runBackupCommand(
  args: readonly string[],
  options: BackupOptions,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (args.length > 0) throw new Error('Use: backup --to FILE [--data DIR] (DATABASE_URL for a PostgreSQL server).');
  if (!options.to) throw new Error('Give --to FILE: where to write the backup.');
  const target = resolve(options.to);
  if (existsSync(target) && statSync(target).isDirectory()) throw new Error(`${target} is a folder: give a file name.`);
  if (!existsSync(dirname(target))) throw new Error(`There is no folder ${dirname(target)} to write the backup in.`);
  const pglite = join(options.dataDir, PGLITE_FOLDER);
  if (!options.databaseUrl && !readAdminEndpoint(options.dataDir) && !existsSync(pglite))
    throw new Error(`There is no hub database in ${options.dataDir} to back up (no hub has started there).`);
  const passphrase = await (options.passphrase ?? (() => readPassphrase('backup')))();
  const partial = `${target}.${process.pid}.partial`;
  const out = await open(partial, 'w', 0o600);
  const put = async (bytes: Buffer) => void (await out.write(bytes));
  try {
    const payload = createPayloadWriter(await createBackupSealer(passphrase, put, options.kdf ?? DEFAULT_KDF));
    const line = (text: string) => payload.line(text);
    const madeAt = new Date().toISOString();
    await line(JSON.stringify({ [BACKUP_LINE]: { madeAt } }));
    const files = readDataFiles(options.dataDir);
    for (const file of files) await line(fileLine(file));
    const database = await exportFrom(options, line);
    await payload.end();
    // On the disk before it takes the backup's name: a power cut leaves the last whole backup, not half a new one.
    await out.sync();
    await out.close();
    renameSync(partial, target);
    write(
      JSON.stringify({
        backup: target,
        bytes: statSync(target).size,
        madeAt,
        engine: database.engine,
        schemaVersion: database.schemaVersion,
        tables: database.tables,
        files: files.map((file) => file.path),
      }),
    );
    return 0;
  } catch (error) {
    await out.close().catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
}

async function exportFrom(options: BackupOptions, line: (text: string) => Promise<void>): Promise<DatabaseSummary> {
  if (options.databaseUrl) return onDatabase(await openPostgres(options.databaseUrl), line);
  const endpoint = readAdminEndpoint(options.dataDir);
  if (endpoint) {
    try {
      return await throughRunningHub(
        endpoint,
        options.fetch ?? fetch,
        options.answerWithinMs ?? ANSWER_WITHIN_MS,
        line,
      );
    } catch (error) {
      if (!(error instanceof HubNotAnswering)) throw error;
    }
  }
  if (!existsSync(join(options.dataDir, PGLITE_FOLDER)))
    throw new Error(`There is no hub database in ${options.dataDir} to back up (no hub has started there).`);
  let db: HubDatabase;
  try {
    db = await openPglite(options.dataDir);
  } catch (error) {
    // The folder lock's refusal names the process; say why the backup could not go through it.
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} That hub did not answer on its administration ` +
        'address, so the backup cannot be read through it: restart it (or stop it) and run the backup again.',
    );
  }
  return onDatabase(db, line);
}

async function onDatabase(db: HubDatabase, line: (text: string) => Promise<void>): Promise<DatabaseSummary> {
  try {
    return await exportDatabase(db, line);
  } finally {
    await db.close();
  }
}

const ANSWER_WITHIN_MS = 15_000;

async function throughRunningHub(
  endpoint: AdminEndpoint,
  fetchFn: typeof fetch,
  answerWithinMs: number,
  line: (text: string) => Promise<void>,
): Promise<DatabaseSummary> {
  let response: Response;
  // A hub that does not answer within 15 s is not taken for running; once it answers, the export takes its time
  // (the wait is given up as soon as the head arrives: the signal stays with the body as it streams).
  const answered = new AbortController();
  const waiting = new AbortController();
  realTimer.sleep(answerWithinMs, waiting.signal).then(
    () => answered.abort(),
    () => undefined,
  );
  try {
    response = await fetchFn(`${endpoint.url}${ADMIN_BACKUP_PATH}`, {
      headers: { authorization: `Bearer ${endpoint.secret}` },
      signal: answered.signal,
    });
  } catch {
    throw new HubNotAnswering();
  } finally {
    waiting.abort();
  }
  if (response.status === 401)
    throw new Error('The running hub refused the administration secret in admin.json: restart the hub.');
  if (!response.ok || !response.body) throw new Error(`The running hub answered ${response.status} to the backup.`);
  const stopped = new Error('The running hub stopped sending the database before its end: no backup was written.');
  let header: DatabaseSummary | null = null;
  let last = '';
  try {
    // Node's web streams are async-iterable; the DOM typings do not say so.
    for await (const text of textLines(response.body as unknown as AsyncIterable<Uint8Array>)) {
      if (!header) {
        const parsed = databaseLineSchema.safeParse(parseJsonLine(text));
        if (!parsed.success) throw new Error('The running hub sent something other than its database.');
        header = { ...parsed.data.database, tables: {} };
      }
      await line(text);
      last = text;
    }
  } catch (error) {
    // The answer cut off half-way (the hub stopped, its export failed): undici says "terminated".
    throw error instanceof TypeError ? stopped : error;
  }
  const end = endLineSchema.safeParse(parseJsonLine(last));
  if (!header || !end.success) throw stopped;
  return { ...header, tables: end.data.end.tables };
}
