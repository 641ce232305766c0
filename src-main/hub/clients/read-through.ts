import { billDetailSchema, statementDetailSchema } from '../../../src-preload/contract/partner-api';
import type { DocumentKind } from '../../../src-preload/contract/documents';
import { downloadDocument } from '../../documents/document-source';
import type { PartnerApiClient } from '../../partner-api/partner-api-client';
import type { HubDatabase, Queryable } from '../db/database';
import { NotMirroredError } from './client-proposals';

/** One record a laptop reads on demand: a statement or bill's detail (JSON) or its PDF. */
export type ReadThroughTarget =
  | { kind: 'statement' | 'bill'; id: number; pdf: false }
  | { kind: Extract<DocumentKind, 'statement' | 'bill'>; id: number; pdf: true };

/** An answer as served: the API's status and content type, and the exact bytes every laptop gets. */
export interface ServedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** How long an answer is served before the next ask reads it again (a hint or event naming the client drops it sooner). */
export const READ_THROUGH_TTL_MS = 60 * 60 * 1000;
/** The bytes kept in all; past this the least recently served answers go. */
export const READ_THROUGH_MAX_BYTES = 256 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
const detailSchema = { statement: statementDetailSchema, bill: billDetailSchema } as const;
const apiPath = (target: ReadThroughTarget): string =>
  `/${target.kind === 'bill' ? 'bills' : 'statements'}/${target.id}${target.pdf ? '/pdf' : ''}`;

export interface ReadThroughDeps {
  db: HubDatabase;
  api: PartnerApiClient;
  /** Whether this process may read the Partner API now (only the mirror leader spends the budget). */
  mayRead: () => boolean;
  ttlMs?: number;
  maxBytes?: number;
}

/**
 * Per-record reads the hub does not mirror (a statement, a bill's detail, their PDFs): read from the Partner
 * API once (single-flight: laptops asking at once share one read), kept in `read_through` with the API's
 * status and content type, and served to every laptop byte for byte. An answer older than the time-to-live
 * is read again when next asked; `forgetClient` drops a client's answers when a hint or an event names it.
 * A failure is never kept (the caller passes the API's problem on). A follower serves what is kept and
 * refuses the rest, as it does for a client's proposals.
 */
export function createReadThrough(deps: ReadThroughDeps) {
  const ttlMs = deps.ttlMs ?? READ_THROUGH_TTL_MS;
  const maxBytes = deps.maxBytes ?? READ_THROUGH_MAX_BYTES;
  const reading = new Map<string, Promise<ServedAnswer>>();

  async function read(target: ReadThroughTarget, path: string): Promise<ServedAnswer> {
    let answer: ServedAnswer;
    let entityKey: string | null;
    if (target.pdf) {
      const bytes = await downloadDocument(deps.api, { kind: target.kind, id: String(target.id) }, 'interactive');
      answer = { status: 200, contentType: 'application/pdf', body: Buffer.from(bytes) };
      entityKey = await ownerOf(deps.db, target);
    } else {
      const { data, status } = await deps.api.request('GET', path, detailSchema[target.kind], {
        priority: 'interactive',
      });
      answer = { status, contentType: JSON_TYPE, body: Buffer.from(JSON.stringify(data), 'utf8') };
      entityKey = data.entityKey.toLowerCase();
    }
    await deps.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO read_through (path, entity_key, status, content_type, body, size, read_at, used_at)
         VALUES ($1, $2, $3, $4, $5::bytea, $6, now(), now())
         ON CONFLICT (path) DO UPDATE SET entity_key = EXCLUDED.entity_key, status = EXCLUDED.status,
           content_type = EXCLUDED.content_type, body = EXCLUDED.body, size = EXCLUDED.size,
           read_at = EXCLUDED.read_at, used_at = EXCLUDED.used_at`,
        [path, entityKey, answer.status, answer.contentType, answer.body, answer.body.length],
      );
      await evictPast(tx, maxBytes, path);
    });
    return answer;
  }

  return {
    /** A laptop's read: kept and fresh → served; else read once (shared by whoever asks meanwhile) and kept. */
    async serve(target: ReadThroughTarget): Promise<ServedAnswer> {
      const path = apiPath(target);
      const kept = await keptAnswer(deps.db, path, ttlMs);
      if (kept?.fresh) return kept.answer;
      if (!deps.mayRead()) {
        // Older than its time-to-live, but the practice's own answer: better than none while no one may read.
        if (kept) return kept.answer;
        throw new NotMirroredError('This record is not kept by the hub yet.');
      }
      const running = reading.get(path);
      if (running) return running;
      const run = read(target, path).finally(() => reading.delete(path));
      reading.set(path, run);
      return run;
    },
    /** A hint or an event named this client: its answers are read again when next asked. */
    async forgetClient(entityKey: string): Promise<number> {
      const rows = await deps.db.query('DELETE FROM read_through WHERE entity_key = $1 RETURNING path', [
        entityKey.toLowerCase(),
      ]);
      return rows.length;
    },
    async stop(): Promise<void> {
      await Promise.allSettled([...reading.values()]);
    },
  };
}
export type ReadThrough = ReturnType<typeof createReadThrough>;

async function keptAnswer(
  db: Queryable,
  path: string,
  ttlMs: number,
): Promise<{ answer: ServedAnswer; fresh: boolean } | null> {
  const [row] = await db.query<{ status: number; content_type: string; body: Uint8Array; fresh: boolean }>(
    `UPDATE read_through SET used_at = now() WHERE path = $1
     RETURNING status, content_type, body, read_at > now() - make_interval(secs => $2::double precision) AS fresh`,
    [path, ttlMs / 1000],
  );
  if (!row) return null;
  return {
    answer: { status: Number(row.status), contentType: row.content_type, body: Buffer.from(row.body) },
    fresh: row.fresh,
  };
}

/** A PDF's client: from its detail kept here, else from the mirror (bills are mirrored; statements per client). */
async function ownerOf(db: Queryable, target: ReadThroughTarget): Promise<string | null> {
  const resource = target.kind === 'bill' ? 'bills' : 'statements';
  const [row] = await db.query<{ entity_key: string | null }>(
    `SELECT coalesce(
       (SELECT entity_key FROM read_through WHERE path = $1),
       (SELECT lower(record->>'entityKey') FROM mirror_records WHERE resource = $2 AND key = $3)
     ) AS entity_key`,
    [apiPath({ kind: target.kind, id: target.id, pdf: false }), resource, String(target.id)],
  );
  return row?.entity_key ?? null;
}

/** Least recently served answers go once all kept bytes pass the bound; the answer just stored stays. */
async function evictPast(tx: Queryable, maxBytes: number, stored: string): Promise<void> {
  await tx.query(
    `DELETE FROM read_through WHERE path <> $2 AND path IN (
       SELECT path FROM (
         SELECT path, sum(size) OVER (ORDER BY path = $2 DESC, used_at DESC, path) AS kept FROM read_through
       ) AS ranked WHERE kept > $1
     )`,
    [maxBytes, stored],
  );
}
