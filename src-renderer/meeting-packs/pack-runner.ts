import {
  fetchDocument,
  readBillDetail,
  readClientBills,
  readClientPayments,
  readClientProposals,
  readClientStatements,
  readProposalDetail,
  readRecurringRuns,
  readStatementDetail,
  type ClientReadContext,
  type ReadOutcome,
} from '../client-data/client-reads';
import type { PracticeDb } from '../practice/practice-db';
import type { MeetingPack, PackItem } from './meeting-pack-types';
import { detailItems, estimatePack, listItems, mergeItems, type ListAverages, type PackInputs } from './pack-plan';

export const packIdFor = (entityKey: string): string => `pack-${entityKey}`;

/** What is on this laptop for the client now: the inputs of a plan. */
export async function packInputs(db: PracticeDb, entityKey: string): Promise<PackInputs> {
  const [bills, proposals, statements, schedules, reads] = await Promise.all([
    db.bills.where('entityKey').equals(entityKey).toArray(),
    db.proposals.where('entityKey').equals(entityKey).toArray(),
    db.statements.where('entityKey').equals(entityKey).toArray(),
    db.recurringBillings.where('entityKey').equals(entityKey).toArray(),
    db.clientReads.where('entityKey').equals(entityKey).toArray(),
  ]);
  const read = new Set(reads.map((r) => r.part));
  return {
    bills: bills.sort((a, b) => b.billDate.localeCompare(a.billDate)),
    proposals: read.has('proposals') ? proposals : null,
    statements: read.has('statements') ? statements : null,
    schedules,
  };
}

/** Per-client list sizes seen so far, for clients whose lists were never read. */
export async function listAverages(db: PracticeDb): Promise<ListAverages> {
  const reads = await db.clientReads.toArray();
  const clientsWith = (part: string) => reads.filter((r) => r.part === part).length;
  const p = clientsWith('proposals');
  const s = clientsWith('statements');
  return {
    proposals: p > 0 ? (await db.proposals.count()) / p : 1,
    statements: s > 0 ? (await db.statements.count()) / s : 3,
  };
}

/** Marks a client as needed offline: the pack is stored with its estimate and starts when the runner gets to it. */
export async function createPack(
  db: PracticeDb,
  entity: { entityKey: string; fullEntityName: string },
  now: Date,
): Promise<MeetingPack> {
  const packId = packIdFor(entity.entityKey);
  const existing = await db.meetingPacks.get(packId);
  const estimate = estimatePack(await packInputs(db, entity.entityKey), await listAverages(db));
  const pack: MeetingPack = {
    packId,
    entityKey: entity.entityKey,
    entityName: entity.fullEntityName,
    createdAt: existing?.createdAt ?? now.toISOString(),
    state: 'fetching',
    estimatedRequests: estimate.requests,
    estimateApproximate: estimate.approximate,
    actualRequests: 0,
    // Asking again refreshes everything: a meeting wants today's figures.
    items: listItems(),
    updatedAt: now.toISOString(),
    completedAt: null,
  };
  await db.meetingPacks.put(pack);
  return pack;
}

function runItem(ctx: ClientReadContext, pack: MeetingPack, item: PackItem): Promise<ReadOutcome> {
  const [, id = ''] = item.key.split(':');
  switch (item.kind) {
    case 'proposals':
      return readClientProposals(ctx, pack.entityKey);
    case 'statements':
      return readClientStatements(ctx, pack.entityKey);
    case 'bills':
      return readClientBills(ctx, pack.entityKey);
    case 'payments':
      return readClientPayments(ctx, pack.entityKey);
    case 'proposal':
      return readProposalDetail(ctx, id);
    case 'bill':
      return readBillDetail(ctx, Number(id));
    case 'statement':
      return readStatementDetail(ctx, Number(id));
    case 'recurringRuns':
      return readRecurringRuns(ctx, Number(id));
    case 'billPdf':
      return fetchDocument(ctx, { kind: 'bill', id }, pack.entityKey, pack.packId);
    case 'statementPdf':
      return fetchDocument(ctx, { kind: 'statement', id }, pack.entityKey, pack.packId);
    case 'idCertificate':
      return fetchDocument(ctx, { kind: 'idCertificate', id: pack.entityKey }, pack.entityKey, pack.packId);
  }
}

/** Plain words for an item the practice has nothing for. */
const noneMessage = (item: PackItem, message: string): string =>
  item.kind === 'idCertificate' ? 'No identity verification has been completed for this client yet.' : message;

/**
 * Fetches what a pack still needs, at prefetch priority, one item at a time, saving progress after
 * each so a restart resumes where it stopped. Lists first (they size the rest), then details and
 * PDFs (pinned for the pack). No connection: the pack waits for one and says so.
 */
export async function runPack(
  ctx: ClientReadContext,
  packId: string,
  signal?: AbortSignal,
): Promise<MeetingPack | undefined> {
  let pack = await ctx.db.meetingPacks.get(packId);
  if (!pack) return undefined;
  const save = async (changes: Partial<MeetingPack>) => {
    pack = { ...pack!, ...changes, updatedAt: ctx.now().toISOString() };
    await ctx.db.meetingPacks.put(pack);
  };
  const counted: ClientReadContext = {
    ...ctx,
    onRequest: () => {
      pack!.actualRequests++;
      ctx.onRequest?.();
    },
  };
  await save({ state: 'fetching' });
  let planned = pack.items.some(
    (i) => i.kind !== 'proposals' && i.kind !== 'statements' && i.kind !== 'bills' && i.kind !== 'payments',
  );
  for (;;) {
    const next = pack.items.find((i) => i.state === 'waiting');
    if (!next) {
      if (!planned) {
        // Lists are in: plan the details from what they hold, keeping anything already done.
        planned = true;
        await save({
          items: mergeItems(pack.items, [...pack.items, ...detailItems(await packInputs(ctx.db, pack.entityKey))]),
        });
        continue;
      }
      break;
    }
    if (signal?.aborted) break;
    const outcome = await runItem(counted, pack, next);
    if (!outcome.ok && (outcome.problem === 'offline' || outcome.problem === 'not-connected')) {
      await save({
        state: 'waiting-for-connection',
        items: pack.items.map((i) => (i.key === next.key ? { ...i, message: outcome.message } : i)),
      });
      return pack;
    }
    const changed: PackItem = outcome.ok
      ? { ...next, state: 'done', message: null }
      : outcome.problem === 'not-found' || outcome.problem === 'not-available'
        ? { ...next, state: 'none', message: noneMessage(next, outcome.message) }
        : { ...next, state: 'failed', message: outcome.message };
    await save({ items: pack.items.map((i) => (i.key === next.key ? changed : i)) });
  }
  const failed = pack.items.some((i) => i.state === 'failed' || i.state === 'waiting');
  await save({ state: failed ? 'incomplete' : 'complete', completedAt: failed ? null : ctx.now().toISOString() });
  return pack;
}

/** A failed item can be tried again: it goes back to waiting and the pack to fetching. */
export async function retryFailed(db: PracticeDb, packId: string): Promise<void> {
  const pack = await db.meetingPacks.get(packId);
  if (!pack) return;
  await db.meetingPacks.put({
    ...pack,
    state: 'fetching',
    items: pack.items.map((i) => (i.state === 'failed' ? { ...i, state: 'waiting', message: null } : i)),
  });
}
