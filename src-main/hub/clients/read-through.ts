import type { PartnerApiClient } from '../../partner-api/partner-api-client';
import type { HubDatabase, Queryable } from '../db/database';
import { NotMirroredError } from './client-proposals';
import type { ReadThroughTarget, ServedAnswer } from './read-through-kinds';

export type { ReadThroughTarget, ServedAnswer } from './read-through-kinds';

/** How long an answer is served before the next ask reads it again (a hint or event naming the client drops it sooner). */
export const READ_THROUGH_TTL_MS = 60 * 60 * 1000;
/** The bytes kept in all; past this the least recently served answers go. */
export const READ_THROUGH_MAX_BYTES = 256 * 1024 * 1024;

export interface ReadThroughDeps {
  db: HubDatabase;
  api: PartnerApiClient;
  /** Whether this process may read the Partner API now (only the mirror leader spends the budget). */
  mayRead: () => boolean;
  ttlMs?: number;
  maxBytes?: number;
}

/**
 * Reads the hub does not mirror (every on-demand read kind and document, `read-through-kinds.ts`): read from the Partner
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
    const { answer, entityKey } = await target.read(deps.api, deps.db);
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
      const path = target.key;
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
