import type { z } from 'zod';
import { proposalSummarySchema, statementSummarySchema } from '../../../src-preload/contract/partner-api';
import type { PartnerApiClient, RequestPriority } from '../../partner-api/partner-api-client';
import type { HubDatabase, Queryable } from '../db/database';
import type { DeviceAllowance } from '../devices/device-allowance';
import { LAPTOP_READ_PRIORITY } from './read-through-kinds';
import { removeClientRecordsNotIn, upsertRecords } from '../mirror/mirror-store';
import { logOrStderr, type HubLog } from '../watch/hub-log';
import { realTimer, type BudgetTimer } from '../../request-budget/budget-timer';
import { createCoalescingRunner, type CoalescingRunner } from '../work/coalescing-runner';

/** The mirror's resource name for clients' proposals (keyed by proposalKey; the record carries its entityKey). */
export const PROPOSALS_RESOURCE = 'proposals';
/** The mirror's resource name for clients' statements (keyed by statementId; the record carries its entityKey). */
export const STATEMENTS_RESOURCE = 'statements';

/** A per-client list of the Partner API (`GET {path}?entityKey=`), mirrored as one resource. */
export interface ClientListSpec<S extends z.ZodType<{ entityKey: string }>> {
  resource: string;
  path: string;
  schema: S;
  keyOf: (record: z.output<S>) => string;
  /** What the list is, for the sentence a follower answers with ("This client’s proposals …"). */
  noun: string;
}

export const clientProposalsList: ClientListSpec<typeof proposalSummarySchema> = {
  resource: PROPOSALS_RESOURCE,
  path: '/proposals/list',
  schema: proposalSummarySchema,
  keyOf: (p) => p.proposalKey.toLowerCase(),
  noun: 'proposals',
};

export const clientStatementsList: ClientListSpec<typeof statementSummarySchema> = {
  resource: STATEMENTS_RESOURCE,
  path: '/statements/list',
  schema: statementSummarySchema,
  keyOf: (s) => String(s.statementId),
  noun: 'statements',
};
/** How long a burst of events is gathered before its clients are read (one read per client per burst). */
const COALESCE_MS = 50;

export interface ClientProposalsDeps {
  db: HubDatabase;
  api: PartnerApiClient;
  /** Whether this process may read the Partner API now (only the mirror leader spends the budget). */
  mayRead: () => boolean;
  /** Records really changed (the change stream pokes laptops with what is new). */
  onChanged: () => void;
  /** What each device may make the hub spend; without it (tools, tests) nothing is counted. */
  allowance?: DeviceAllowance;
  /** The hub's clock (epoch ms): when a client was read and asked for, for the backstop's bounds. */
  now?: () => number;
  /** The hub's timers: a burst's gathering time (default the wall clock). */
  clock?: BudgetTimer;
  coalesceMs?: number;
  log?: HubLog;
}

export class NotMirroredError extends Error {}

/** A laptop asked about a client the mirror has never listed: refused without asking the practice. */
export class UnknownClientError extends Error {
  constructor() {
    super('The practice hub does not know this client: it is not in the practice’s client list the hub mirrors.');
  }
}

/** A laptop asking about a client again within this long does not write that it asked (the backstop needs no finer). */
const ASKED_AGAIN_AFTER_MS = 10 * 60_000;

/**
 * A client's proposals in the mirror: read from the Partner API when an event names the client (its
 * proposal was accepted) or when a laptop asks for a client the hub does not hold yet, then served from
 * the mirror to every laptop. One read per client at a time (single-flight); a burst of events for the
 * same clients costs one read each. The upsert bumps the change sequence only for a proposal that really
 * changed, so the poke names that client and the list only then.
 */
export function createClientProposals(deps: ClientProposalsDeps) {
  return createClientList(clientProposalsList, deps);
}
export type ClientProposals = ReturnType<typeof createClientProposals>;

/** A client's statements, read and served like its proposals (below). */
export function createClientStatements(deps: ClientProposalsDeps) {
  return createClientList(clientStatementsList, deps);
}

/** One per-client list in the mirror: see createClientProposals. */
export function createClientList<S extends z.ZodType<{ entityKey: string }>>(
  spec: ClientListSpec<S>,
  deps: ClientProposalsDeps,
) {
  const now = deps.now ?? Date.now;
  const log = logOrStderr(deps.log);
  const clock = deps.clock ?? realTimer;
  /** One read per client at a time: the runner of each client read now (work/coalescing-runner.ts). */
  const reading = new Map<string, CoalescingRunner>();
  /** Clients an event named, waiting for the burst's read, with whoever waits for that read to finish. */
  const pending = new Map<string, { resolve: () => void; reject: (error: unknown) => void }[]>();
  let gathering: AbortController | undefined;
  let stopped = false;

  async function readOnce(entityKey: string, priority: RequestPriority): Promise<void> {
    const page = await deps.api.list(spec.path, spec.schema, { query: { entityKey }, priority });
    // Only this client's records: an answer that carried another's would otherwise be served for it.
    const mine = page.data.filter((p) => p.entityKey.toLowerCase() === entityKey);
    const changed = await deps.db.transaction(async (tx) => {
      let count = await upsertRecords(
        tx,
        spec.resource,
        mine.map((p) => ({ key: spec.keyOf(p), record: p })),
      );
      count += await removeClientRecordsNotIn(
        tx,
        spec.resource,
        entityKey,
        mine.map((p) => spec.keyOf(p)),
      );
      await tx.query(
        `INSERT INTO mirrored_clients (resource, entity_key, read_at, asked_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (resource, entity_key) DO UPDATE SET read_at = EXCLUDED.read_at`,
        [spec.resource, entityKey, new Date(now()).toISOString()],
      );
      return count;
    });
    if (changed > 0) deps.onChanged();
  }

  /**
   * Reads one client's list; a call while one runs for that client runs one more read after it (at the
   * priority of the call that began the reads).
   */
  function refresh(rawKey: string, priority: RequestPriority = 'interactive'): Promise<void> {
    const entityKey = rawKey.toLowerCase();
    let runner = reading.get(entityKey);
    if (!runner) {
      runner = createCoalescingRunner({
        run: () => readOnce(entityKey, priority),
        clock,
        mayRun: () => !stopped && deps.mayRead(),
      });
      reading.set(entityKey, runner);
    }
    const mine = runner;
    const reads = mine.request();
    // Forgotten once its reads are over: "a read under way" is what a laptop's ask may join for free.
    const forget = () => {
      if (!mine.busy() && reading.get(entityKey) === mine) reading.delete(entityKey);
    };
    reads.then(forget, forget);
    return reads;
  }

  function flush(): void {
    gathering = undefined;
    const batch = [...pending];
    pending.clear();
    for (const [key, waiters] of batch)
      refresh(key).then(
        () => waiters.forEach((waiter) => waiter.resolve()),
        (error: unknown) => {
          log.warn({ err: error, resource: spec.resource }, "could not read a client's list from the Partner API");
          waiters.forEach((waiter) => waiter.reject(error));
        },
      );
  }

  return {
    /** The mirror's resource this list is held as. */
    resource: spec.resource,
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
        if (!gathering) {
          const gather = (gathering = new AbortController());
          clock.sleep(deps.coalesceMs ?? COALESCE_MS, gather.signal).then(flush, () => undefined);
        }
      });
    },
    /**
     * A laptop's read: from the mirror when the client is held, else read through once (then mirrored).
     * A process that may not read the Partner API (a follower) refuses a client it does not hold.
     */
    async serve(rawKey: string, device?: string): Promise<unknown[]> {
      const entityKey = rawKey.toLowerCase();
      if (await isMirrored(deps.db, spec.resource, entityKey)) {
        await noteAsked(deps.db, spec.resource, entityKey, now());
      } else {
        if (!(await isKnownClient(deps.db, entityKey))) {
          if (device) deps.allowance?.strike(device);
          throw new UnknownClientError();
        }
        if (!deps.mayRead()) throw new NotMirroredError(`This client’s ${spec.noun} are not mirrored yet.`);
        // Joining a read already under way costs the device nothing; starting one is paid from its allowance.
        const ticket =
          !reading.get(entityKey)?.busy() && device && deps.allowance ? deps.allowance.require(device) : null;
        try {
          await refresh(entityKey, LAPTOP_READ_PRIORITY);
        } finally {
          // A client the practice lists: its list, even empty, is what the laptop asked for.
          ticket?.settle('useful');
        }
      }
      return recordsOf(deps.db, spec.resource, entityKey);
    },
    /** Whether the hub holds this client's list (a hint re-reads only what the hub holds). */
    holds: (rawKey: string): Promise<boolean> => isMirrored(deps.db, spec.resource, rawKey.toLowerCase()),
    async stop(): Promise<void> {
      stopped = true;
      gathering?.abort();
      // Not read: their deliveries stay unprocessed in the inbox, for the next leader.
      for (const waiters of pending.values())
        waiters.forEach((waiter) => waiter.reject(new Error('The hub is closing.')));
      pending.clear();
      await Promise.all([...reading.values()].map((runner) => runner.stop()));
    },
  };
}
export type ClientList = ReturnType<typeof createClientList>;

/** Whether the mirror's client list has this client: the only clients a laptop learns of through the hub. */
export async function isKnownClient(db: Queryable, entityKey: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM mirror_records WHERE resource = 'entities' AND lower(key) = $1`, [
    entityKey.toLowerCase(),
  ]);
  return rows.length > 0;
}

/** A laptop asked for this client's list: the backstop keeps it fresh while laptops keep asking. */
async function noteAsked(db: Queryable, resource: string, entityKey: string, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE mirrored_clients SET asked_at = $3::timestamptz
     WHERE resource = $1 AND entity_key = $2 AND asked_at < $3::timestamptz - make_interval(secs => $4::double precision)`,
    [resource, entityKey, new Date(nowMs).toISOString(), ASKED_AGAIN_AFTER_MS / 1000],
  );
}

async function isMirrored(db: Queryable, resource: string, entityKey: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM mirrored_clients WHERE resource = $1 AND entity_key = $2', [
    resource,
    entityKey,
  ]);
  return rows.length > 0;
}

async function recordsOf(db: Queryable, resource: string, entityKey: string): Promise<unknown[]> {
  const rows = await db.query<{ record: unknown }>(
    `SELECT record FROM mirror_records WHERE resource = $1 AND lower(record->>'entityKey') = $2 ORDER BY key`,
    [resource, entityKey],
  );
  return rows.map((row) => (typeof row.record === 'string' ? JSON.parse(row.record) : row.record));
}
