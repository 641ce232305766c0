import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useActivePracticeDb, useCompanion } from '../app/services-context';
import { clientReadId, type PracticeDb } from '../practice/practice-db';
import { isOnline, useConnectivity } from '../connectivity/connectivity-store';
import {
  fetchDocument,
  readClientBills,
  readClientProposals,
  readClientStatements,
  type ClientReadContext,
  type ReadOutcome,
} from './client-reads';

/** Opening the same client again within this long does not spend requests on it again. */
const FRESH_FOR_MS = 10 * 60_000;

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

const readers: Record<
  'proposals' | 'statements' | 'identity' | 'bills',
  (ctx: ClientReadContext, entityKey: string) => Promise<unknown>
> = {
  proposals: readClientProposals,
  statements: readClientStatements,
  identity: (ctx, entityKey) => fetchDocument(ctx, { kind: 'idCertificate', id: entityKey }, entityKey),
  // Every bill of the client: the synced window holds only a year.
  bills: readClientBills,
};

/**
 * When one of a client's tabs is opened online, its list is read from the practice (one request),
 * unless it was read in the last few minutes. Reading only what someone looks at keeps the minute's
 * budget for the outbox and the sync; details wait until a row is opened. Once read, a meeting pack
 * for the client is sized exactly.
 */
export function useOnDemandRead(entityKey: string, part: keyof typeof readers): void {
  const ctx = useInteractiveReads();
  useEffect(() => {
    if (!ctx || !entityKey) return;
    let cancelled = false;
    void (async () => {
      const read = await ctx.db.clientReads.get(clientReadId(entityKey, part));
      if (cancelled || (read && Date.now() - Date.parse(read.fetchedAt) < FRESH_FOR_MS)) return;
      if (!(await ctx.db.entities.get(entityKey))) return;
      await readers[part](ctx, entityKey);
    })();
    return () => {
      cancelled = true;
    };
  }, [ctx, entityKey, part]);
}

const LOADING = Symbol('loading');

/**
 * A row's detail (bill lines, statement lines, proposal pricing) from the local database; when it is not
 * there and the practice is reachable, it is read once. "Not stored" is told apart from "still loading",
 * so a stored detail never costs a request.
 */
export function useDetailOnOpen<T>(
  load: (db: PracticeDb) => Promise<T | undefined>,
  read: (ctx: ClientReadContext) => Promise<ReadOutcome>,
  key: string | number,
) {
  const db = useActivePracticeDb();
  const ctx = useInteractiveReads();
  const stored = useLiveQuery(async () => (db ? ((await load(db)) ?? null) : null), [db, key], LOADING);
  const [problem, setProblem] = useState<string | null>(null);
  // `read` is a new closure each render; the key names what it reads, so the effect calls the latest one.
  const readDetail = useEffectEvent((c: ClientReadContext) => read(c));
  useEffect(() => {
    if (stored !== null || !ctx) return;
    void readDetail(ctx).then((o) => setProblem(o.ok ? null : o.message));
  }, [ctx, stored, key]);
  return {
    detail: stored === LOADING || stored === null ? undefined : stored,
    problem,
    canRead: ctx !== null,
    loading: stored === LOADING,
  };
}
