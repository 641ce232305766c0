import { mkdirSync, renameSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClient } from 'pg';
import { acquireFolderLock, type FolderLock } from './folder-lock';
import { logOrStderr, type HubLog } from '../watch/hub-log';

/** A parameterised SQL statement's rows. Values go in `params` ($1, $2…), never into the text. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/**
 * The hub's whole view of its database: two methods, so PGlite (the embedded default) and a PostgreSQL
 * server run the same raw SQL. Everything the hub writes goes through here; no ORM.
 */
export interface HubDatabase extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

/** PGlite's own folder inside the data folder (the data folder also holds the lock and the secrets). */
export const PGLITE_FOLDER = 'pglite';

/**
 * Opens PGlite in `dataDir`. PGlite takes no lock of its own (two processes on one folder corrupt it) and a
 * killed initdb leaves a folder it cannot open, so: a lock file first, and a first start initialises into a
 * temporary folder that is renamed into place only once complete.
 */
export async function openPglite(dataDir: string): Promise<HubDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock: FolderLock = acquireFolderLock(dataDir);
  try {
    const target = join(dataDir, PGLITE_FOLDER);
    if (!existsSync(target)) {
      const temporary = join(dataDir, `${PGLITE_FOLDER}.initialising`);
      rmSync(temporary, { recursive: true, force: true });
      await (await openPgliteFolder(temporary)).close();
      renameSync(temporary, target);
    }
    return await openPgliteFolder(target, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite in exactly this folder (made there when new), with no lock of its own: the caller holds the data
 * folder's lock — `openPglite`, or a restore building a database beside the live one. `onClose` runs after.
 */
export async function openPgliteFolder(folder: string, onClose: () => void = () => undefined): Promise<HubDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(folder);
  const run = async <Row>(q: Pick<typeof db, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    engine: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        onClose();
      }
    },
  };
}

/** Opens a PostgreSQL server's database (DATABASE_URL): the same SQL as PGlite, over a small pool. */
export async function openPostgres(connectionString: string, log?: HubLog): Promise<HubDatabase> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 5 });
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) emits 'error'
  // on the pool; unheard, that kills the hub. The pool drops that connection and the next query opens another.
  const said = logOrStderr(log);
  pool.on('error', (error) =>
    said.warn({ err: error }, 'a PostgreSQL connection was lost; the next query opens another'),
  );
  let closed: Promise<void> | undefined;
  const run = async <Row>(q: Pick<PoolClient, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query(sql, params ? [...params] : undefined)).rows as Row[];
  return {
    engine: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    // Idempotent like PGlite's close: a second pool.end() throws, and shutdown paths may both close.
    close: () => (closed ??= pool.end()),
  };
}

/** DATABASE_URL when set (a PostgreSQL server), else PGlite in the data folder. */
export function openHubDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  log?: HubLog;
}): Promise<HubDatabase> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log) : openPglite(options.dataDir);
}
