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

/** A snapshot replaces what the resource had: keys it no longer lists go. */
export async function removeRecordsNotIn(tx: Queryable, resource: string, keys: readonly string[]): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM mirror_records WHERE resource = $1 AND NOT (key = ANY($2::text[])) RETURNING key`,
    [resource, keys],
  );
  if (rows.length > 0) await noteResourceChanged(tx, resource);
  return rows.length;
}

/** A per-client list re-read (a client's proposals): that client's records it no longer lists go. */
export async function removeClientRecordsNotIn(
  tx: Queryable,
  resource: string,
  entityKey: string,
  keys: readonly string[],
): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM mirror_records WHERE resource = $1 AND lower(record->>'entityKey') = $2
       AND NOT (key = ANY($3::text[])) RETURNING key`,
    [resource, entityKey, keys],
  );
  if (rows.length > 0) await noteResourceChanged(tx, resource);
  return rows.length;
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

/** The hub's latest change sequence (0 before any change). */
export async function latestChangeSeq(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seq: string | null }>('SELECT max(change_seq)::text AS seq FROM mirror_records');
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
