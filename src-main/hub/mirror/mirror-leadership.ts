import type { Client } from 'pg';
import type { Queryable } from '../db/database';
import { logOrStderr, type HubLog } from '../watch/hub-log';

/**
 * Which process mirrors. Exactly one process per Client ID may spend its request budget; any number may serve
 * laptops from the same database.
 */
export interface MirrorLeadership {
  /** Whether this process holds the leadership now. */
  isLeader(): boolean;
  /** How many times this process has lost the leadership it held (a cut session, the server gone). */
  timesLost(): number;
  /**
   * Tries once to become the leader, or, while leading, checks that the lock's session is still alive (never
   * throws: an unreachable server means "not now").
   */
  tryLead(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * PGlite: the data folder's lock already makes this process the only one, so its first try always wins (and,
 * like a PostgreSQL leader, it leads only from that try on, so the hub's start runs the same first pass).
 */
export function soleLeadership(): MirrorLeadership {
  let leading = false;
  return {
    isLeader: () => leading,
    timesLost: () => 0,
    tryLead: async () => (leading = true),
    close: async () => {
      leading = false;
    },
  };
}

/** The advisory lock's first key ('Hub!'), so the hub's lock never collides with another application's. */
const LOCK_NAMESPACE = 0x48756221;

/**
 * Whether some session on the server holds this Client ID's leadership lock (this process's or another's):
 * a follower's readiness asks it, since the leader may be any process on the database. pg_locks shows a
 * two-key advisory lock as classid = the first key, objid = the second (as an oid), objsubid = 2.
 */
export async function leadershipHeld(db: Queryable, clientId: string): Promise<boolean> {
  const [row] = await db.query<{ held: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND objsubid = 2
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND classid = $1::int::oid AND objid = hashtext($2)::oid
     ) AS held`,
    [LOCK_NAMESPACE, clientId],
  );
  return row?.held === true;
}

/**
 * PostgreSQL: leadership is a session-level advisory lock keyed by the Client ID, held on a connection of its
 * own (a pooled one would hand the session, and the lock, to whoever borrows it next). When the leader dies
 * the server ends its session and frees the lock, so a follower's next try takes over; when the leader's own
 * connection drops, it stops leading at once (`onLost`), because the server has freed the lock for another.
 */
export async function postgresLeadership(
  connectionString: string,
  clientId: string,
  options: { onLost?: () => void; log?: HubLog } = {},
): Promise<MirrorLeadership> {
  const { default: pg } = await import('pg');
  const log = logOrStderr(options.log);
  const onLost = options.onLost ?? (() => undefined);
  let session: Client | null = null;
  let leader = false;
  let closed = false;
  let lost = 0;

  function drop(ended: Client): void {
    if (session !== ended) return;
    session = null;
    ended.end().catch(() => undefined);
    if (leader) {
      leader = false;
      lost += 1;
      onLost();
    }
  }

  async function connect(): Promise<Client> {
    const client = new pg.Client({ connectionString });
    client.on('error', (error) => {
      log.warn({ err: error }, 'lost the connection that holds the mirror leadership');
      drop(client);
    });
    client.on('end', () => drop(client));
    await client.connect();
    session = client;
    return client;
  }

  return {
    isLeader: () => leader,
    timesLost: () => lost,
    async tryLead() {
      if (closed) return false;
      if (leader && session) {
        // Still leading? The server may have ended the session without the client hearing of it yet (an
        // idle connection cut by an administrator or a network): ask on the session itself.
        const held = session;
        try {
          await held.query('SELECT 1');
          return leader;
        } catch {
          drop(held);
          return false;
        }
      }
      try {
        const client = session ?? (await connect());
        const { rows } = await client.query<{ held: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS held',
          [LOCK_NAMESPACE, clientId],
        );
        leader = rows[0]?.held === true && session === client;
      } catch (error) {
        log.warn({ err: error }, 'could not try the mirror leadership');
        leader = false;
      }
      return leader;
    },
    async close() {
      closed = true;
      leader = false;
      const client = session;
      session = null;
      // Ending the session frees the lock: a follower takes over at its next try.
      await client?.end().catch(() => undefined);
    },
  };
}
