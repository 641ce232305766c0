import { z } from 'zod';
import type { HubDatabase, Queryable } from '../db/database';
import { SCHEMA_VERSION, migrateInTransaction, newerSchemaSentence } from '../db/migrations';
import { parseJsonLine } from './json-lines';

/**
 * The hub's database as lines of JSON, the same on PGlite and on PostgreSQL: every table of its schema, row by
 * row as PostgreSQL's own `to_jsonb` writes it (jsonb as it is, bytea in hex, timestamps with their offset,
 * bigints whole — the text is never parsed in JavaScript, so nothing is rounded), and every sequence's value.
 * One engine-neutral form rather than PGlite's data-folder tarball or `pg_dump`: a tarball loads only into
 * the PGlite (and PostgreSQL major) that wrote it, `pg_dump` must be at least the server's version and is not
 * on the hub's machine, and neither moves a hub from PGlite to a server. A restore rebuilds the schema the
 * backup was made at with the hub's own migrations, loads the rows, then runs the migrations made since.
 */

/** A table, a sequence or a row count: validated on the way in like anything read from outside. */
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const MAX_ROWS_PER_BATCH = 1_000;

export const databaseLineSchema = z.strictObject({
  database: z.strictObject({
    engine: z.enum(['pglite', 'postgres']),
    schemaVersion: z.number().int().min(1),
  }),
});
const tableLineSchema = z.strictObject({ table: identifier, columns: z.array(identifier).min(1) });
const rowsLineSchema = z.strictObject({ rows: z.number().int().min(1).max(MAX_ROWS_PER_BATCH) });
const sequenceLineSchema = z.strictObject({
  sequence: identifier,
  lastValue: z.string().regex(/^-?\d{1,19}$/),
  isCalled: z.boolean(),
});
export const endLineSchema = z.strictObject({
  end: z.strictObject({ tables: z.record(identifier, z.number().int().min(0)) }),
});
const sectionLineSchema = z.union([tableLineSchema, rowsLineSchema, sequenceLineSchema, endLineSchema]);

export type DatabaseSummary = z.infer<typeof databaseLineSchema>['database'] & { tables: Record<string, number> };

/** A name from the catalog or from a backup, already matched against `identifier`, quoted for SQL. */
const quoted = (name: string): string => `"${identifier.parse(name)}"`;

async function tablesOf(tx: Queryable): Promise<string[]> {
  return (
    await tx.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    )
  ).map((row) => row.name);
}

async function sequencesOf(tx: Queryable): Promise<string[]> {
  return (
    await tx.query<{ name: string }>(
      `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`,
    )
  ).map((row) => row.name);
}

async function columnsOf(tx: Queryable, table: string): Promise<string[]> {
  return (
    await tx.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  ).map((row) => row.name);
}

/** The hub's schema version in this database, or null when it holds no hub's tables. */
export async function schemaVersionOf(q: Queryable): Promise<number | null> {
  const [found] = await q.query<{ found: string | null }>(`SELECT to_regclass('hub_migrations')::text AS found`);
  if (!found?.found) return null;
  const [row] = await q.query<{ version: number | null }>('SELECT max(version) AS version FROM hub_migrations');
  return row?.version == null ? null : Number(row.version);
}

/**
 * Writes the database's lines, in one read-only transaction (PostgreSQL: one snapshot, as `pg_dump` takes; PGlite
 * runs nothing else meanwhile). Rows are read through a cursor, 200 at a time, and each line is awaited, so the
 * export holds at most a batch in memory whatever the mirror's size.
 */
export async function exportDatabase(
  db: HubDatabase,
  write: (line: string) => Promise<void>,
): Promise<DatabaseSummary> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // One spelling whatever the server's settings: bytea in hex, timestamps in UTC.
    await tx.query(`SET LOCAL bytea_output = 'hex'`);
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    const schemaVersion = await schemaVersionOf(tx);
    if (schemaVersion === null) throw new Error('There is no hub database here to back up (no hub has started on it).');
    const header = { engine: db.engine, schemaVersion };
    await write(JSON.stringify({ database: header }));
    const tables: Record<string, number> = {};
    for (const table of await tablesOf(tx)) {
      await write(JSON.stringify({ table, columns: await columnsOf(tx, table) }));
      tables[table] = 0;
      await tx.query(`DECLARE hub_backup NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${quoted(table)} t`);
      for (;;) {
        const rows = await tx.query<{ row: string }>('FETCH 200 FROM hub_backup');
        if (rows.length === 0) break;
        await write(JSON.stringify({ rows: rows.length }));
        for (const { row } of rows) await write(row);
        tables[table] = (tables[table] ?? 0) + rows.length;
      }
      await tx.query('CLOSE hub_backup');
    }
    // Read after the rows: a sequence is not part of the snapshot, so its value is at least any the rows hold.
    for (const sequence of await sequencesOf(tx)) {
      const [value] = await tx.query<{ lastValue: string; isCalled: boolean }>(
        `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoted(sequence)}`,
      );
      await write(JSON.stringify({ sequence, lastValue: value!.lastValue, isCalled: value!.isCalled }));
    }
    await write(JSON.stringify({ end: { tables } }));
    return { ...header, tables };
  });
}

/** Why a backup's database part cannot be loaded: said to the administrator as it is. */
export class BackupContentError extends Error {}

/**
 * Loads a backup's database part into an EMPTY database, inside the caller's transaction: the schema the backup
 * was made at (the hub's own migrations up to its version), every table's rows, every sequence's value, checked
 * against the backup's own counts; then the migrations made since. `next` yields the lines after the
 * `database` line, and returns null at the end of the backup.
 */
export async function importDatabase(
  tx: Queryable,
  engine: HubDatabase['engine'],
  header: z.infer<typeof databaseLineSchema>['database'],
  next: () => Promise<string | null>,
): Promise<DatabaseSummary> {
  if (header.schemaVersion > SCHEMA_VERSION) throw new BackupContentError(newerSchemaSentence(header.schemaVersion));
  await migrateInTransaction(tx, engine, { through: header.schemaVersion });
  const tables = new Set(await tablesOf(tx));
  const sequences = new Set(await sequencesOf(tx));
  const counts: Record<string, number> = {};
  const sequencesSet = new Set<string>();
  let table: string | null = null;
  for (;;) {
    const text = await next();
    if (text === null) throw new BackupContentError('The backup ends before its database does: it is incomplete.');
    const line = sectionLineSchema.safeParse(parseJsonLine(text));
    if (!line.success) throw new BackupContentError('The backup holds a line this hub does not read.');
    const value = line.data;
    if ('columns' in value) {
      if (!tables.has(value.table) || value.table in counts)
        throw new BackupContentError(
          `The backup holds a table "${value.table}" that the hub's schema version ${header.schemaVersion} does not.`,
        );
      const expected = await columnsOf(tx, value.table);
      if ([...value.columns].sort().join() !== [...expected].sort().join())
        throw new BackupContentError(
          `The backup's table "${value.table}" has other columns than the hub's schema version ${header.schemaVersion}.`,
        );
      // The migrations may have seeded rows: what the backup holds replaces them.
      await tx.query(`DELETE FROM ${quoted(value.table)}`);
      counts[value.table] = 0;
      table = value.table;
    } else if ('rows' in value) {
      if (!table) throw new BackupContentError('The backup holds rows outside any table.');
      const rows: string[] = [];
      for (let index = 0; index < value.rows; index++) {
        const row = await next();
        if (row === null || !row.startsWith('{'))
          throw new BackupContentError(`The backup's table "${table}" is cut short.`);
        rows.push(row);
      }
      // Each row back through PostgreSQL's own input functions: the types of the schema check every value.
      await tx.query(
        `INSERT INTO ${quoted(table)} SELECT * FROM jsonb_populate_recordset(NULL::${quoted(table)}, $1::jsonb)`,
        [`[${rows.join(',')}]`],
      );
      counts[table] = (counts[table] ?? 0) + rows.length;
    } else if ('sequence' in value) {
      if (!sequences.has(value.sequence))
        throw new BackupContentError(`The backup holds a sequence "${value.sequence}" the hub's schema does not.`);
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        quoted(value.sequence),
        value.lastValue,
        value.isCalled,
      ]);
      sequencesSet.add(value.sequence);
    } else {
      const missing = [...tables].filter((name) => !(name in counts));
      const unset = [...sequences].filter((name) => !sequencesSet.has(name));
      const miscounted = Object.keys(counts).filter((name) => value.end.tables[name] !== counts[name]);
      if (missing.length > 0 || unset.length > 0 || miscounted.length > 0)
        throw new BackupContentError(
          `The backup is incomplete: ${[...missing, ...unset, ...miscounted].join(', ')} do not match what it says it holds.`,
        );
      if ((await next()) !== null) throw new BackupContentError('The backup holds lines after its database.');
      break;
    }
  }
  await migrateInTransaction(tx, engine);
  return { ...header, tables: counts };
}
