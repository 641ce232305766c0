import { proposalSummarySchema, type ProposalSummary } from '../../../src-preload/contract/partner-api';
import type { PartnerApiClient, RequestPriority } from '../../partner-api/partner-api-client';
import type { HubDatabase, Queryable } from '../db/database';
import { removeClientRecordsNotIn, upsertRecords } from '../mirror/mirror-store';

/** The mirror's resource name for clients' proposals (keyed by proposalKey; the record carries its entityKey). */
export const PROPOSALS_RESOURCE = 'proposals';
/** How long a burst of events is gathered before its clients are read (one read per client per burst). */
const COALESCE_MS = 50;

export interface ClientProposalsDeps {
  db: HubDatabase;
  api: PartnerApiClient;
  /** Whether this process may read the Partner API now (only the mirror leader spends the budget). */
  mayRead: () => boolean;
  /** Records really changed (the change stream pokes laptops with what is new). */
  onChanged: () => void;
  coalesceMs?: number;
}

export class NotMirroredError extends Error {}

/**
 * A client's proposals in the mirror: read from the Partner API when an event names the client (its
 * proposal was accepted) or when a laptop asks for a client the hub does not hold yet, then served from
 * the mirror to every laptop. One read per client at a time (single-flight); a burst of events for the
 * same clients costs one read each. The upsert bumps the change sequence only for a proposal that really
 * changed, so the poke names that client and the list only then.
 */
export function createClientProposals(deps: ClientProposalsDeps) {
  const reading = new Map<string, Promise<void>>();
  const again = new Set<string>();
  /** Clients an event named, waiting for the burst's read, with whoever waits for that read to finish. */
  const pending = new Map<string, { resolve: () => void; reject: (error: unknown) => void }[]>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function readOnce(entityKey: string, priority: RequestPriority): Promise<void> {
    const page = await deps.api.list('/proposals/list', proposalSummarySchema, { query: { entityKey }, priority });
    // Only this client's proposals: an answer that carried another's would otherwise be served for it.
    const mine = page.data.filter((p: ProposalSummary) => p.entityKey.toLowerCase() === entityKey);
    const changed = await deps.db.transaction(async (tx) => {
      let count = await upsertRecords(
        tx,
        PROPOSALS_RESOURCE,
        mine.map((p) => ({ key: p.proposalKey.toLowerCase(), record: p })),
      );
      count += await removeClientRecordsNotIn(
        tx,
        PROPOSALS_RESOURCE,
        entityKey,
        mine.map((p) => p.proposalKey.toLowerCase()),
      );
      await tx.query(
        `INSERT INTO mirrored_clients (resource, entity_key, read_at) VALUES ($1, $2, now())
         ON CONFLICT (resource, entity_key) DO UPDATE SET read_at = EXCLUDED.read_at`,
        [PROPOSALS_RESOURCE, entityKey],
      );
      return count;
    });
    if (changed > 0) deps.onChanged();
  }

  /** Reads one client's proposals; a call while one runs for that client runs one more read after it. */
  function refresh(rawKey: string, priority: RequestPriority = 'interactive'): Promise<void> {
    const entityKey = rawKey.toLowerCase();
    const running = reading.get(entityKey);
    if (running) {
      again.add(entityKey);
      return running;
    }
    const run = (async () => {
      do {
        again.delete(entityKey);
        if (stopped || !deps.mayRead()) return;
        await readOnce(entityKey, priority);
      } while (again.has(entityKey));
    })().finally(() => reading.delete(entityKey));
    reading.set(entityKey, run);
    return run;
  }

  function flush(): void {
    flushTimer = undefined;
    const batch = [...pending];
    pending.clear();
    for (const [key, waiters] of batch)
      refresh(key).then(
        () => waiters.forEach((waiter) => waiter.resolve()),
        (error: unknown) => {
          console.error('[hub proposals]', (error as Error).message);
          waiters.forEach((waiter) => waiter.reject(error));
        },
      );
  }

  return {
    refresh,
    /**
     * An event named this client: read its proposals soon, once for the whole burst. Resolves when that read
     * is done (the inbox marks the event's delivery only then) and rejects when it failed.
     */
    request(entityKey: string): Promise<void> {
      if (stopped) return Promise.reject(new Error('The hub is closing.'));
      return new Promise<void>((resolve, reject) => {
        const key = entityKey.toLowerCase();
        pending.set(key, [...(pending.get(key) ?? []), { resolve, reject }]);
        flushTimer ??= setTimeout(flush, deps.coalesceMs ?? COALESCE_MS);
      });
    },
    /**
     * A laptop's read: from the mirror when the client is held, else read through once (then mirrored).
     * A process that may not read the Partner API (a follower) refuses a client it does not hold.
     */
    async serve(rawKey: string): Promise<unknown[]> {
      const entityKey = rawKey.toLowerCase();
      if (!(await isMirrored(deps.db, entityKey))) {
        if (!deps.mayRead()) throw new NotMirroredError('This client’s proposals are not mirrored yet.');
        await refresh(entityKey);
      }
      return proposalsOf(deps.db, entityKey);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(flushTimer);
      // Not read: their deliveries stay unprocessed in the inbox, for the next leader.
      for (const waiters of pending.values())
        waiters.forEach((waiter) => waiter.reject(new Error('The hub is closing.')));
      pending.clear();
      await Promise.allSettled([...reading.values()]);
    },
  };
}
export type ClientProposals = ReturnType<typeof createClientProposals>;

async function isMirrored(db: Queryable, entityKey: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM mirrored_clients WHERE resource = $1 AND entity_key = $2', [
    PROPOSALS_RESOURCE,
    entityKey,
  ]);
  return rows.length > 0;
}

async function proposalsOf(db: Queryable, entityKey: string): Promise<unknown[]> {
  const rows = await db.query<{ record: unknown }>(
    `SELECT record FROM mirror_records WHERE resource = $1 AND lower(record->>'entityKey') = $2 ORDER BY key`,
    [PROPOSALS_RESOURCE, entityKey],
  );
  return rows.map((row) => (typeof row.record === 'string' ? JSON.parse(row.record) : row.record));
}
