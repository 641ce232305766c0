import { PartnerApiError, RedirectRefusedError } from '../../partner-api/api-errors';
import type { PartnerApiClient } from '../../partner-api/partner-api-client';
import type { HubDatabase, Queryable } from '../db/database';
import type { DeviceAllowance } from '../devices/device-allowance';
import { problemBody } from '../http/problem';
import { NotMirroredError } from './client-proposals';
import type { ReadThroughTarget, ServedAnswer } from './read-through-kinds';
import type { ReadThroughResult } from '../watch/hub-metrics';

export type { ReadThroughTarget, ServedAnswer } from './read-through-kinds';

/** How long an answer is served before the next ask reads it again (a hint or event naming the client drops it sooner). */
export const READ_THROUGH_TTL_MS = 60 * 60 * 1000;
/**
 * How long the practice's refusal (a bill it does not have, a key it does not know) is served to every laptop
 * before the next ask reads it again: a device asking again and again for what does not exist costs the
 * practice one request in this long, not one per ask.
 */
export const REFUSAL_TTL_MS = 10 * 60 * 1000;
/** The bytes kept in all; past this the least recently served answers go. */
export const READ_THROUGH_MAX_BYTES = 256 * 1024 * 1024;
/** The practice's answers that say a record is not there or not asked rightly: kept like a record. */
const KEPT_REFUSALS = new Set([400, 403, 404, 410, 422]);
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export interface ReadThroughDeps {
  db: HubDatabase;
  api: PartnerApiClient;
  /** Whether this process may read the Partner API now (only the mirror leader spends the budget). */
  mayRead: () => boolean;
  /** What each device may make the hub spend; without it (tools, tests) nothing is counted. */
  allowance?: DeviceAllowance;
  /** The hub's clock (epoch ms): answers are dated by it, so their time-to-live follows a virtual clock too. */
  now?: () => number;
  ttlMs?: number;
  refusalTtlMs?: number;
  maxBytes?: number;
  /** How each laptop's read was answered (the metrics' hits and misses). */
  onServed?: (result: ReadThroughResult) => void;
}

/**
 * Reads the hub does not mirror (every on-demand read kind and document, `read-through-kinds.ts`): read from the Partner
 * API once (single-flight: laptops asking at once share one read), kept in `read_through` with the API's
 * status and content type, and served to every laptop byte for byte. An answer older than the time-to-live
 * is read again when next asked; `forgetClient` drops a client's answers when a hint or an event names it.
 * The practice's refusal of a record (404 and its kin) is kept too, for a shorter time; no answer, a 5xx
 * or a 429 is never kept (the caller passes the failure on). A read a device asks for is paid from that
 * device's allowance (devices/device-allowance.ts), and a refusal counts as a wasted ask. A follower serves
 * what is kept and refuses the rest, as it does for a client's proposals.
 */
export function createReadThrough(deps: ReadThroughDeps) {
  const ttlMs = deps.ttlMs ?? READ_THROUGH_TTL_MS;
  const refusalTtlMs = deps.refusalTtlMs ?? REFUSAL_TTL_MS;
  const maxBytes = deps.maxBytes ?? READ_THROUGH_MAX_BYTES;
  const now = deps.now ?? Date.now;
  const reading = new Map<string, Promise<ServedAnswer>>();

  /** The practice's answer, or its refusal of the record as an answer to keep; anything else is thrown. */
  async function readAnswer(target: ReadThroughTarget): Promise<{ answer: ServedAnswer; entityKey: string | null }> {
    try {
      return await target.read(deps.api, deps.db);
    } catch (error) {
      if (!(error instanceof PartnerApiError) || error instanceof RedirectRefusedError) throw error;
      if (!KEPT_REFUSALS.has(error.status)) throw error;
      const told = error.problem;
      const body = {
        ...problemBody(
          error.status,
          told?.title ?? error.title,
          told?.detail ?? told?.message ?? error.message,
          target.key,
        ),
        ...(told ?? {}),
        status: error.status,
      };
      return {
        answer: { status: error.status, contentType: PROBLEM_TYPE, body: Buffer.from(JSON.stringify(body), 'utf8') },
        entityKey: null,
      };
    }
  }

  async function read(target: ReadThroughTarget, path: string): Promise<ServedAnswer> {
    const { answer, entityKey } = await readAnswer(target);
    const at = new Date(now()).toISOString();
    await deps.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO read_through (path, entity_key, status, content_type, body, size, read_at, used_at)
         VALUES ($1, $2, $3, $4, $5::bytea, $6, $7::timestamptz, $7::timestamptz)
         ON CONFLICT (path) DO UPDATE SET entity_key = EXCLUDED.entity_key, status = EXCLUDED.status,
           content_type = EXCLUDED.content_type, body = EXCLUDED.body, size = EXCLUDED.size,
           read_at = EXCLUDED.read_at, used_at = EXCLUDED.used_at`,
        [path, entityKey, answer.status, answer.contentType, answer.body, answer.body.length, at],
      );
      await evictPast(tx, maxBytes, path);
    });
    return answer;
  }

  return {
    /**
     * A laptop's read: kept and fresh → served; else read once (shared by whoever asks meanwhile) and kept.
     * `device`: who asked, whose allowance pays for a read the hub has to make (DeviceThrottledError when spent).
     */
    async serve(target: ReadThroughTarget, device?: string): Promise<ServedAnswer> {
      const path = target.key;
      const served = deps.onServed ?? (() => undefined);
      const kept = await keptAnswer(deps.db, path, now(), { ttlMs, refusalTtlMs });
      if (kept?.fresh) {
        served('hit');
        return kept.answer;
      }
      if (!deps.mayRead()) {
        // Older than its time-to-live, but the practice's own answer: better than none while no one may read.
        if (kept) {
          served('stale');
          return kept.answer;
        }
        throw new NotMirroredError('This record is not kept by the hub yet.');
      }
      const running = reading.get(path);
      if (running) {
        served('joined');
        return running;
      }
      served('miss');
      const ticket = device && deps.allowance ? deps.allowance.require(device) : null;
      const run = read(target, path).finally(() => reading.delete(path));
      reading.set(path, run);
      run.then(
        (answer) => ticket?.settle(answer.status < 400 ? 'useful' : 'wasted'),
        // No answer is nobody's waste: the device's try is given back.
        () => ticket?.settle('useful'),
      );
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

/** A kept answer, and whether it is within its time-to-live (a refusal's is shorter) at `nowMs`. */
async function keptAnswer(
  db: Queryable,
  path: string,
  nowMs: number,
  ttl: { ttlMs: number; refusalTtlMs: number },
): Promise<{ answer: ServedAnswer; fresh: boolean } | null> {
  const [row] = await db.query<{ status: number; content_type: string; body: Uint8Array; fresh: boolean }>(
    `UPDATE read_through SET used_at = $2::timestamptz WHERE path = $1
     RETURNING status, content_type, body,
       read_at > $2::timestamptz - make_interval(secs => (CASE WHEN status >= 400 THEN $4 ELSE $3 END)::double precision) AS fresh`,
    [path, new Date(nowMs).toISOString(), ttl.ttlMs / 1000, ttl.refusalTtlMs / 1000],
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
