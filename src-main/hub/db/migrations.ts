import type { HubDatabase, Queryable } from './database';

/**
 * The hub's schema, in order; each step runs once (recorded in hub_migrations). SQL that PostgreSQL 15
 * and PGlite (PostgreSQL 18) both run. No secrets here: those live in the data folder's secrets file.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE SEQUENCE hub_change_seq;
   -- The mirror: every record the hub read, by resource and key. change_seq and changed_at move only when
   -- the record really changed, so a re-read (a weekly reconcile) sends laptops nothing new.
   CREATE TABLE mirror_records (
     resource text NOT NULL,
     key text NOT NULL,
     record jsonb NOT NULL,
     change_seq bigint NOT NULL,
     changed_at timestamptz NOT NULL,
     PRIMARY KEY (resource, key)
   );
   CREATE INDEX mirror_records_changed ON mirror_records (resource, changed_at);
   CREATE INDEX mirror_records_seq ON mirror_records (change_seq);
   -- The sync engine's cursor per resource, committed with the page it describes.
   CREATE TABLE sync_cursors (
     resource text PRIMARY KEY,
     cursor jsonb NOT NULL
   );
   -- Deliveries received, by event id: a replay finds its id here and changes nothing.
   CREATE TABLE webhook_inbox (
     event_id text PRIMARY KEY,
     event_key text NOT NULL,
     payload jsonb NOT NULL,
     received_at timestamptz NOT NULL DEFAULT now(),
     processed_at timestamptz
   );
   -- Laptops allowed to read the hub: only a hash of each token is kept.
   CREATE TABLE devices (
     id text PRIMARY KEY,
     name text NOT NULL,
     token_hash text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     revoked_at timestamptz
   );`,
  `-- The request budget's memory (what the Client ID spent in the last day), so a restart does not forget it.
   CREATE TABLE request_budget (
     key text PRIMARY KEY,
     state jsonb NOT NULL,
     saved_at timestamptz NOT NULL DEFAULT now()
   );`,
  // Per-client lists the hub reads on demand (a client's proposals): which clients it holds, so a laptop's
  // read of one it holds is served from the mirror and one it does not is read through once.
  `CREATE TABLE mirrored_clients (
     resource text NOT NULL,
     entity_key text NOT NULL,
     read_at timestamptz NOT NULL,
     PRIMARY KEY (resource, entity_key)
   );`,
  `-- The one practice this database mirrors, recorded by the first start: a hub started with another
   -- practice's credentials refuses to mix two practices in one mirror. One row at most.
   CREATE TABLE hub_practice (
     only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
     practice_key text NOT NULL,
     client_id text NOT NULL,
     bound_at timestamptz NOT NULL DEFAULT now()
   );
   -- Deliveries the mirror leader has not yet done the work of (whichever process stored them).
   CREATE INDEX webhook_inbox_unprocessed ON webhook_inbox (received_at) WHERE processed_at IS NULL;`,
  `-- Records a pass removed (a snapshot no longer lists them, a client's re-read dropped them). A removal
   -- takes a change sequence like an upsert, so the change stream's id moves and the poke names the list.
   -- One row per key (a key removed again takes the new sequence).
   CREATE TABLE mirror_removals (
     resource text NOT NULL,
     key text NOT NULL,
     entity_key text,
     change_seq bigint NOT NULL,
     removed_at timestamptz NOT NULL,
     PRIMARY KEY (resource, key)
   );
   CREATE INDEX mirror_removals_seq ON mirror_removals (change_seq);
   -- Answers read through for laptops (a statement, a bill's detail, a PDF): the exact bytes served, with
   -- the API's status and content type; least recently served go past a byte bound.
   CREATE TABLE read_through (
     path text PRIMARY KEY,
     entity_key text,
     status integer NOT NULL,
     content_type text NOT NULL,
     body bytea NOT NULL,
     size integer NOT NULL,
     read_at timestamptz NOT NULL,
     used_at timestamptz NOT NULL
   );
   CREATE INDEX read_through_entity ON read_through (entity_key);
   CREATE INDEX read_through_used ON read_through (used_at);
   -- Hints laptops sent (what they changed): any process stores one, the mirror leader does the re-reads
   -- and deletes it (a hint is only a nudge: nothing is kept once it is done).
   CREATE TABLE hub_hints (
     id bigserial PRIMARY KEY,
     device_id text NOT NULL,
     resources jsonb NOT NULL,
     client_keys jsonb NOT NULL,
     received_at timestamptz NOT NULL DEFAULT now()
   );`,
  `-- Each resource's version, moved in the transaction of every write that changed or removed one of its
   -- records (mirror-store.ts): the served pages' cache asks it per request instead of counting the records.
   CREATE TABLE mirror_versions (
     resource text PRIMARY KEY,
     version bigint NOT NULL
   );
   INSERT INTO mirror_versions (resource, version)
     SELECT resource, nextval('hub_change_seq') FROM mirror_records GROUP BY resource;`,
  `-- When a laptop last asked for a client's list the hub holds: the backstop re-reads the clients laptops
   -- ask about within its bound, and lets go of the ones nobody asked about for long.
   ALTER TABLE mirrored_clients ADD COLUMN asked_at timestamptz;
   UPDATE mirrored_clients SET asked_at = read_at;
   ALTER TABLE mirrored_clients ALTER COLUMN asked_at SET NOT NULL;
   CREATE INDEX mirrored_clients_read ON mirrored_clients (read_at);
   -- A client key a laptop asks about is looked up in the mirror's client list (in any letter case).
   CREATE INDEX mirror_records_client_keys ON mirror_records (lower(key)) WHERE resource = 'entities';`,
];

/** The schema this hub knows: the number of its migrations. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * The advisory lock every process takes before it migrates (first key 'HubM', beside the mirror leader's
 * 'Hub!'): two processes starting together on one database take turns, and the second finds nothing to do.
 */
export const MIGRATION_LOCK = [0x4875624d, 1] as const;

/** Said when the database was upgraded by a newer hub: this one would misread or damage what it does not know. */
export function newerSchemaSentence(version: number): string {
  return (
    `This database's schema is version ${version}, newer than this hub knows (version ${SCHEMA_VERSION}): a newer hub ` +
    'upgraded it. Run that version of the hub (or a later one), or restore a backup made by this version.'
  );
}

/** Brings the schema up to date (or to `through`, a restore's step), in one transaction under the lock. */
export async function migrate(db: HubDatabase, options: { through?: number } = {}): Promise<void> {
  await db.transaction((tx) => migrateInTransaction(tx, db.engine, options));
}

/**
 * The migrations not applied yet, each once, inside the caller's transaction (a restore runs them with its
 * load, so a failure leaves nothing). On PostgreSQL the transaction first waits for the migration lock,
 * released at its commit; PGlite is one process (the folder lock), so it takes none.
 */
export async function migrateInTransaction(
  tx: Queryable,
  engine: HubDatabase['engine'],
  options: { through?: number } = {},
): Promise<void> {
  const through = options.through ?? SCHEMA_VERSION;
  if (engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...MIGRATION_LOCK]);
  await tx.query(
    'CREATE TABLE IF NOT EXISTS hub_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await tx.query<{ version: number }>('SELECT version FROM hub_migrations')).map((row) => Number(row.version)),
  );
  const newest = Math.max(0, ...applied);
  if (newest > SCHEMA_VERSION) throw new Error(newerSchemaSentence(newest));
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (version > through) break;
    if (applied.has(version)) continue;
    for (const statement of splitStatements(sql)) await tx.query(statement);
    await tx.query('INSERT INTO hub_migrations (version) VALUES ($1)', [version]);
  }
}

/** One statement per query: the extended protocol (parameters) takes one statement at a time. */
function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
