import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useActivePracticeDb, useCompanion } from '../context/services-context';
import { clientReadId, type PracticeDb } from '../data/practice-db';
import { isOnline } from '../stores/connectivity-store';
import {
  fetchDocument,
  readClientBills,
  readClientProposals,
  readClientStatements,
  type ClientReadContext,
  type ReadOutcome,
} from './client-reads';
import { joinRead, type InFlightRead, type JoinedRead } from './joined-reads';
import { partState, type PartState, type ReadStatus } from './part-state';
import { describeFailure } from '../ui/words/describe-failure';
import { useConnectivity } from '../context/store-hooks';

/** Opening the same client again within this long does not spend requests on it again. */
const FRESH_FOR_MS = 10 * 60_000;

const IDLE: ReadStatus = { status: 'idle' };
const READING: ReadStatus = { status: 'reading' };
const DONE: ReadStatus = { status: 'done' };
const statusOf = (outcome: ReadOutcome): ReadStatus =>
  outcome.ok ? DONE : { status: 'failed', message: outcome.message };

/** An on-demand read context for the active practice at interactive priority, or null offline/unconnected. */
export function useInteractiveReads(): ClientReadContext | null {
  const db = useActivePracticeDb();
  const companion = useCompanion();
  const online = useConnectivity(isOnline);
  return useMemo(() => {
    if (!db || !online || !companion) return null;
    return { companion, db, practiceKey: db.practiceKey, priority: 'interactive', now: () => new Date() };
  }, [db, online, companion]);
}

export type OnDemandPart = 'proposals' | 'statements' | 'identity' | 'bills';

const readers: Record<OnDemandPart, (ctx: ClientReadContext, entityKey: string) => Promise<ReadOutcome>> = {
  proposals: readClientProposals,
  statements: readClientStatements,
  identity: (ctx, entityKey) => fetchDocument(ctx, { kind: 'idCertificate', id: entityKey }, entityKey),
  // Every bill of the client: the synced window holds only a year.
  bills: readClientBills,
};

/**
 * Reads on their way, by practice, client and part: the header and a tab that both want a client's identity
 * when it is opened share one request rather than spending two. It is cancelled in main only once every
 * component that asked for it has gone (joined-reads.ts).
 */
export function joinClientRead(ctx: ClientReadContext, entityKey: string, part: OnDemandPart): JoinedRead<ReadOutcome> {
  const inFlight = ctx.db.readsInFlight as Map<string, InFlightRead>;
  return joinRead(inFlight, `${ctx.practiceKey}:${entityKey}:${part}`, (signal) =>
    readers[part]({ ...ctx, signal }, entityKey),
  );
}

/** What a settled read answered for; a different context, client or part has not been answered yet. */
interface Settled {
  ctx: ClientReadContext;
  key: string;
  status: ReadStatus;
}

/**
 * When one of a client's tabs is opened online, its list is read from the practice (one request),
 * unless it was read in the last few minutes. Reading only what someone looks at keeps the minute's
 * budget for the outbox and the sync; details wait until a row is opened. Once read, a meeting pack
 * for the client is sized exactly. Until the read has settled it counts as "reading", so a screen
 * never calls the list missing while its read is still on its way.
 */
/** The parts an applied write marks stale, so a tab open on one reads it again. */
const STALE_PARTS: ReadonlySet<string> = new Set(['bills', 'proposals']);

export function useOnDemandRead(entityKey: string, part: OnDemandPart): ReadStatus {
  const ctx = useInteractiveReads();
  const key = `${entityKey}:${part}`;
  const [settled, setSettled] = useState<Settled | null>(null);
  // A write this laptop made marks the part stale (its read marker goes): a tab open on it reads again at
  // once, so a bill created while the client's Billing tab is open shows there without reopening it. Only a
  // marker that goes while the tab is open counts (not the first answer "never read": that read is under way).
  const lastRead = useLastRead(entityKey, part);
  const seen = useRef<string | null | 'loading'>('loading');
  const [staleTimes, setStaleTimes] = useState(0);
  useEffect(() => {
    // Only the parts a write marks stale (effects/effect-helpers.ts markStale): bills and proposals.
    if (STALE_PARTS.has(part) && typeof seen.current === 'string' && lastRead === null) setStaleTimes((n) => n + 1);
    seen.current = lastRead;
  }, [lastRead, part]);
  useEffect(() => {
    if (!ctx || !entityKey) return;
    let cancelled = false;
    let joined: JoinedRead<ReadOutcome> | null = null;
    const settle = (status: ReadStatus) => {
      if (!cancelled) setSettled({ ctx, key, status });
    };
    void (async () => {
      const read = await ctx.db.clientReads.get(clientReadId(entityKey, part));
      if (read && Date.now() - Date.parse(read.fetchedAt) < FRESH_FOR_MS) return settle(IDLE);
      if (!(await ctx.db.entities.get(entityKey)) || cancelled) return settle(IDLE);
      joined = joinClientRead(ctx, entityKey, part);
      settle(statusOf(await joined.answer));
    })().catch((e: unknown) => settle({ status: 'failed', message: describeFailure(e) }));
    return () => {
      cancelled = true;
      // The tab or header went: if it was the last one waiting for the read, main stops it.
      joined?.leave();
    };
  }, [ctx, entityKey, part, key, staleTimes]);
  if (!ctx || !entityKey) return IDLE;
  return settled && settled.ctx === ctx && settled.key === key ? settled.status : READING;
}

/** When a client's part was last read from the practice: null never, 'loading' until the database answers. */
export function useLastRead(entityKey: string, part: string): string | null | 'loading' {
  const db = useActivePracticeDb();
  return useLiveQuery(
    async () => (db ? ((await db.clientReads.get(clientReadId(entityKey, part)))?.fetchedAt ?? null) : null),
    [db, entityKey, part],
    'loading' as const,
  );
}

/**
 * One tab's list of a client: reads it on demand and says which of the states it is in, from how many
 * rows are stored (or 'loading' while the tab's own live query has not answered).
 */
export function useClientPart(
  entityKey: string,
  part: OnDemandPart,
  stored: number | 'loading',
): { state: PartState; fetchedAt: string | null; problem: string | null } {
  const read = useOnDemandRead(entityKey, part);
  const fetchedAt = useLastRead(entityKey, part);
  const online = useConnectivity(isOnline);
  return {
    state: partState({ stored, fetchedAt, read, online }),
    fetchedAt: fetchedAt === 'loading' ? null : fetchedAt,
    problem: read.status === 'failed' ? read.message : null,
  };
}

const LOADING = Symbol('loading');

/**
 * A row's detail (bill lines, statement lines, proposal pricing) from the local database; when it is not
 * there and the practice is reachable, it is read once. "Still loading" (the live query has not answered,
 * or the read is on its way) is told apart from "not stored", so a stored detail never costs a request
 * and never shows as missing first.
 */
export function useDetailOnOpen<T>(
  load: (db: PracticeDb) => Promise<T | undefined>,
  read: (ctx: ClientReadContext) => Promise<ReadOutcome>,
  key: string | number,
) {
  const db = useActivePracticeDb();
  const ctx = useInteractiveReads();
  const stored = useLiveQuery(async () => (db ? ((await load(db)) ?? null) : null), [db, key], LOADING);
  const [settled, setSettled] = useState<Settled | null>(null);
  // `read` is a new closure each render; the key names what it reads, so the effect calls the latest one.
  const readDetail = useEffectEvent((c: ClientReadContext) => read(c));
  const missing = stored === null;
  useEffect(() => {
    if (!missing || !ctx) return;
    let cancelled = false;
    void readDetail(ctx).then((o) => {
      if (!cancelled) setSettled({ ctx, key: String(key), status: statusOf(o) });
    });
    return () => {
      cancelled = true;
    };
  }, [ctx, missing, key]);
  const readStatus: ReadStatus = !ctx
    ? IDLE
    : settled && settled.ctx === ctx && settled.key === String(key)
      ? settled.status
      : READING;
  const state: PartState =
    stored === LOADING
      ? 'loading'
      : stored !== null
        ? 'present'
        : readStatus.status === 'reading'
          ? 'reading'
          : readStatus.status === 'failed'
            ? 'failed'
            : ctx
              ? 'absent-never-read'
              : 'absent-offline';
  // "absent-never-read" online means the practice answered and nothing usable was stored.
  return {
    detail: stored === LOADING || stored === null ? undefined : stored,
    state,
    problem: readStatus.status === 'failed' ? readStatus.message : null,
    canRead: ctx !== null,
    loading: state === 'loading' || state === 'reading',
  };
}
