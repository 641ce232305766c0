import type { Queryable } from '../db/database';

export interface MirrorRow {
  key: string;
  record: unknown;
  changeSeq: number;
  changedAt: string;
}

/**
 * Upserts records of one resource. A record's change_seq and changed_at move only when its content differs
 * from what the mirror holds (jsonb equality ignores key order and whitespace), so re-reading an unchanged
 * practice bumps nothing. Returns how many records really changed.
 */
export async function upsertRecords(
  tx: Queryable,
  resource: string,
  records: readonly { key: string; record: unknown }[],
): Promise<number> {
  // One row per key (the last wins): an upsert cannot touch the same row twice in one statement.
  const byKey = new Map(records.map(({ key, record }) => [key, record]));
  if (byKey.size === 0) return 0;
  const rows = await tx.query<{ key: string }>(
    `INSERT INTO mirror_records (resource, key, record, change_seq, changed_at)
     SELECT $1, item.k, item.r, nextval('hub_change_seq'), now()
     FROM jsonb_to_recordset($2::jsonb) AS item(k text, r jsonb)
     ON CONFLICT (resource, key) DO UPDATE
       SET record = EXCLUDED.record, change_seq = EXCLUDED.change_seq, changed_at = EXCLUDED.changed_at
       WHERE mirror_records.record IS DISTINCT FROM EXCLUDED.record
     RETURNING key`,
    [resource, JSON.stringify([...byKey].map(([key, record]) => ({ k: key, r: record })))],
  );
  if (rows.length > 0) await noteResourceChanged(tx, resource);
  return rows.length;
}

/**
 * Deletes the rows the `where` clause picks ($1 is the resource; further parameters follow) and logs each
 * removal in `mirror_removals` under a new change sequence, so the latest sequence moves and the next poke
 * names the list (and the client, for a record that carried an entityKey). Returns how many went.
 */
async function removeLogged(
  tx: Queryable,
  where: string,
  params: readonly [resource: string, ...rest: unknown[]],
): Promise<number> {
  const rows = await tx.query(
    `WITH gone AS (
       DELETE FROM mirror_records WHERE resource = $1 AND ${where}
       RETURNING key, record->>'entityKey' AS entity_key
     )
     INSERT INTO mirror_removals (resource, key, entity_key, change_seq, removed_at)
     SELECT $1, gone.key, gone.entity_key, nextval('hub_change_seq'), now() FROM gone
     ON CONFLICT (resource, key) DO UPDATE
       SET entity_key = EXCLUDED.entity_key, change_seq = EXCLUDED.change_seq, removed_at = EXCLUDED.removed_at
     RETURNING key`,
    params,
  );
  if (rows.length > 0) await noteResourceChanged(tx, params[0]);
  return rows.length;
}

/** A snapshot replaces what the resource had: keys it no longer lists go (each removal takes a sequence). */
export function removeRecordsNotIn(tx: Queryable, resource: string, keys: readonly string[]): Promise<number> {
  return removeLogged(tx, 'NOT (key = ANY($2::text[]))', [resource, keys]);
}

/** A client's re-read replaces that client's records: keys it no longer lists go (each takes a sequence). */
export function removeClientRecordsNotIn(
  tx: Queryable,
  resource: string,
  entityKey: string,
  keys: readonly string[],
): Promise<number> {
  return removeLogged(tx, `lower(record->>'entityKey') = $2 AND NOT (key = ANY($3::text[]))`, [
    resource,
    entityKey,
    keys,
  ]);
}

/**
 * Every write above moves its resource's version, in the same transaction, when a record changed or went:
 * the one cheap answer to "has this resource changed since?" (the page cache's key). A removal moves no
 * record's change_seq, so the records alone could only tell by counting them all.
 */
async function noteResourceChanged(tx: Queryable, resource: string): Promise<void> {
  await tx.query(
    `INSERT INTO mirror_versions (resource, version) VALUES ($1, nextval('hub_change_seq'))
     ON CONFLICT (resource) DO UPDATE SET version = EXCLUDED.version`,
    [resource],
  );
}

/** The resource's version (see noteResourceChanged): one row by key, '0' before its first record. */
export async function resourceVersion(db: Queryable, resource: string): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    'SELECT version::text AS version FROM mirror_versions WHERE resource = $1',
    [resource],
  );
  return row?.version ?? '0';
}

/** The hub's latest change sequence (0 before any change): of the records held and of those removed. */
export async function latestChangeSeq(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seq: string | null }>(
    `SELECT greatest((SELECT max(change_seq) FROM mirror_records), (SELECT max(change_seq) FROM mirror_removals))::text
       AS seq`,
  );
  return Number(row?.seq ?? 0);
}

/** The hub's clock, from the database, so every process serving one database tells the same time. */
export async function hubNow(db: Queryable): Promise<Date> {
  const [row] = await db.query<{ now: string }>(`SELECT to_json(clock_timestamp())#>>'{}' AS now`);
  return new Date(row!.now);
}

/**
 * One page of a resource in key order (so a page may repeat a record but never skip one), optionally only
 * records the hub changed at or after `changedSince` (the hub's change time, not the record's updatedOn).
 * `filter` is a jsonb containment (`record @> filter`).
 */
export async function readPage(
  db: Queryable,
  query: {
    resource: string;
    changedSince: Date | null;
    filter: Record<string, unknown> | null;
    pageNumber: number;
    pageSize: number;
  },
): Promise<MirrorRow[]> {
  const rows = await db.query<{ key: string; record: unknown; change_seq: string; changed_at: string }>(
    `SELECT key, record, change_seq::text AS change_seq, to_json(changed_at)#>>'{}' AS changed_at
     FROM mirror_records
     WHERE resource = $1
       AND ($2::timestamptz IS NULL OR changed_at >= $2::timestamptz)
       AND ($3::jsonb IS NULL OR record @> $3::jsonb)
     ORDER BY key
     LIMIT $4 OFFSET $5`,
    [
      query.resource,
      query.changedSince?.toISOString() ?? null,
      query.filter ? JSON.stringify(query.filter) : null,
      query.pageSize,
      (query.pageNumber - 1) * query.pageSize,
    ],
  );
  return rows.map((row) => ({
    key: row.key,
    record: typeof row.record === 'string' ? JSON.parse(row.record) : row.record,
    changeSeq: Number(row.change_seq),
    changedAt: row.changed_at,
  }));
}

/** Every record of a resource in key order (snapshot lists, which the API serves unpaged). */
export function readAll(db: Queryable, resource: string): Promise<MirrorRow[]> {
  return readPage(db, { resource, changedSince: null, filter: null, pageNumber: 1, pageSize: 2_147_483_647 });
}

/**
 * One page of a dated resource (bills, payments) whose `field` (an ISO date) falls in [from, to], in key
 * order, optionally filtered by a jsonb containment. ISO dates compare as text.
 */
export async function readDateRange(
  db: Queryable,
  query: {
    resource: string;
    field: string;
    from: string;
    to: string;
    filter: Record<string, unknown> | null;
    pageNumber: number;
    pageSize: number;
  },
): Promise<unknown[]> {
  const rows = await db.query<{ record: unknown }>(
    `SELECT record FROM mirror_records
     WHERE resource = $1 AND record->>$2 >= $3 AND record->>$2 <= $4
       AND ($5::jsonb IS NULL OR record @> $5::jsonb)
     ORDER BY key
     LIMIT $6 OFFSET $7`,
    [
      query.resource,
      query.field,
      query.from,
      query.to,
      query.filter ? JSON.stringify(query.filter) : null,
      query.pageSize,
      (query.pageNumber - 1) * query.pageSize,
    ],
  );
  return rows.map((row) => (typeof row.record === 'string' ? JSON.parse(row.record) : row.record));
}

/** When the mirror last completed a pass of a resource (its cursor's `lastCompletedAt`), or null. */
export async function lastCompletedAt(db: Queryable, resource: string): Promise<string | null> {
  const [row] = await db.query<{ at: string | null }>(
    `SELECT cursor->>'lastCompletedAt' AS at FROM sync_cursors WHERE resource = $1`,
    [resource],
  );
  return row?.at ?? null;
}

/**
 * The practice-clock time from which the mirror of a resource is proven complete: its cursor's `provenAt`
 * (the start of the last pass that proved its end), or null before any did.
 */
export async function mirrorProvenAt(db: Queryable, resource: string): Promise<string | null> {
  const [row] = await db.query<{ at: string | null }>(
    `SELECT cursor->>'provenAt' AS at FROM sync_cursors WHERE resource = $1`,
    [resource],
  );
  return row?.at ?? null;
}

/**
 * When the mirror last completed a pass of each resource it has a cursor for (the cursor's `lastCompletedAt`:
 * the practice's time when that pass began, so the mirror holds every change made before it).
 */
export async function lastCompletedPasses(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ resource: string; at: string | null }>(
    `SELECT resource, cursor->>'lastCompletedAt' AS at FROM sync_cursors`,
  );
  return new Map(rows.flatMap((row) => (row.at ? [[row.resource, row.at] as const] : [])));
}
