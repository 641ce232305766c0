import {
  fetchDocument,
  readBillDetail,
  readClientBills,
  readClientPayments,
  readClientProposals,
  readClientStatements,
  onboardingDocumentsReport,
  readOnboardingDocuments,
  readProposalDetail,
  readRecurringRuns,
  readRenewPreview,
  readSchemaGuide,
  SCHEMA_GUIDE_REPORT,
  readStatementDetail,
  type ClientReadContext,
  type ReadOutcome,
} from '../client-data/client-reads';
import type { PracticeDb } from '../data/practice-db';
import { storedRequirements, uploadedFilesOf } from '../client-data/uploaded-files';
import { onboardingDocumentsSchema } from '../../src-preload/contract/partner-api';
import type { MeetingPack, PackItem } from '../data/meeting-pack-types';
import {
  detailItems,
  estimatePack,
  isListItem,
  listItems,
  mergeItems,
  type ListAverages,
  type PackInputs,
} from './pack-plan';
import {
  explainWaiting,
  isTransient,
  OFFLINE_BEFORE,
  PACK_RETRY_DELAYS_MS,
  PACK_TRIES,
  sleepUnless,
  STOPPED_BEFORE,
} from './pack-retry';

export const packIdFor = (entityKey: string): string => `pack-${entityKey}`;

/** What is on this laptop for the client now: the inputs of a plan. */
export async function packInputs(db: PracticeDb, entityKey: string): Promise<PackInputs> {
  const [bills, proposals, statements, schedules, onboardings, reads, guide] = await Promise.all([
    db.bills.where('entityKey').equals(entityKey).toArray(),
    db.proposals.where('entityKey').equals(entityKey).toArray(),
    db.statements.where('entityKey').equals(entityKey).toArray(),
    db.recurringBillings.where('entityKey').equals(entityKey).toArray(),
    db.onboardings.where('entityKey').equals(entityKey).toArray(),
    db.clientReads.where('entityKey').equals(entityKey).toArray(),
    db.reports.get(SCHEMA_GUIDE_REPORT),
  ]);
  const read = new Set(reads.map((r) => r.part));
  onboardings.sort((a, b) => a.onboardingID - b.onboardingID);
  // The files the client uploaded, as each onboarding's documents read kept here names them.
  const requirements = await Promise.all(onboardings.map((o) => storedRequirements(db.reports, o.onboardingKey)));
  const uploads = onboardings.flatMap((o, i) => {
    const entities = requirements[i];
    return entities ? uploadedFilesOf(o.onboardingKey, entities, o.entityKey ?? entityKey) : [];
  });
  return {
    bills: bills.sort((a, b) => b.billDate.localeCompare(a.billDate)),
    proposals: read.has('proposals') ? proposals : null,
    statements: read.has('statements') ? statements : null,
    schedules,
    onboardings,
    uploads: { known: uploads, unreadOnboardings: requirements.filter((r) => r === null).length },
    schemaGuideStored: guide !== undefined,
  };
}

/** Per-client list sizes seen so far, for clients whose lists were never read. */
export async function listAverages(db: PracticeDb): Promise<ListAverages> {
  const reads = await db.clientReads.toArray();
  const clientsWith = (part: string) => reads.filter((r) => r.part === part).length;
  const p = clientsWith('proposals');
  const s = clientsWith('statements');
  // Files uploaded per onboarding, over the onboardings whose documents were read on this laptop.
  const documentReads = await db.reports.where('name').startsWith(onboardingDocumentsReport('')).toArray();
  const uploaded = documentReads.map(
    (row) =>
      onboardingDocumentsSchema
        .safeParse(row.data)
        .data?.reduce((n, entity) => n + entity.documents.filter((d) => d.isUploaded).length, 0) ?? 0,
  );
  return {
    proposals: p > 0 ? (await db.proposals.count()) / p : 1,
    statements: s > 0 ? (await db.statements.count()) / s : 3,
    uploadsPerOnboarding: uploaded.length > 0 ? uploaded.reduce((a, b) => a + b, 0) / uploaded.length : 1,
  };
}

export interface PackEstimate {
  requests: number;
  approximate: boolean;
}

/**
 * Marks a client as needed offline: the pack is stored with its estimate and starts when the runner gets
 * to it. `shown` is the estimate the user saw before preparing: it is the one stored (computing it again
 * here could differ, the client's lists arriving in between), so the pack's "estimated" is what was said.
 */
export async function createPack(
  db: PracticeDb,
  entity: { entityKey: string; fullEntityName: string },
  now: Date,
  shown?: PackEstimate,
): Promise<MeetingPack> {
  const packId = packIdFor(entity.entityKey);
  const existing = await db.meetingPacks.get(packId);
  const inputs = await packInputs(db, entity.entityKey);
  const estimate = shown ?? estimatePack(inputs, await listAverages(db));
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
    items: listItems(inputs.onboardings),
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
    case 'renewPreview':
      return readRenewPreview(ctx, id);
    case 'onboardingDocuments':
      return readOnboardingDocuments(ctx, id);
    case 'schemaGuide':
      return readSchemaGuide(ctx);
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
    case 'upload':
      return fetchDocument(ctx, { kind: 'upload', id: item.key.slice('upload:'.length) }, pack.entityKey, pack.packId);
  }
}

/** Plain words for an item the practice has nothing for. */
const noneMessage = (item: PackItem, message: string): string =>
  item.kind === 'idCertificate' ? 'No identity verification has been completed for this client yet.' : message;

/** What a run needs besides the reads: whether the app is online, and a pause it can cut short. */
export interface RunOptions {
  signal?: AbortSignal;
  /**
   * Online by the app's connectivity: a read that got no answer then is retried rather than waited out.
   * Not given: a read with no answer means the connection is gone.
   */
  online?: () => boolean;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  retryDelaysMs?: readonly number[];
}

/**
 * Fetches what a pack still needs, at prefetch priority, one item at a time, saving progress after
 * each so a restart resumes where it stopped. Lists first (they size the rest), then details and
 * PDFs (pinned for the pack). A failure that may pass is tried again after a pause while online
 * (pack-retry.ts), the item saying when. No connection: the pack waits for one and says so. However a
 * run stops, every item not on this laptop says why.
 */
export async function runPack(
  ctx: ClientReadContext,
  packId: string,
  options: RunOptions = {},
): Promise<MeetingPack | undefined> {
  const { signal, online = () => false, sleep = sleepUnless, retryDelaysMs = PACK_RETRY_DELAYS_MS } = options;
  let pack = await ctx.db.meetingPacks.get(packId);
  if (!pack) return undefined;
  const save = async (changes: Partial<MeetingPack>) => {
    pack = { ...pack!, ...changes, updatedAt: ctx.now().toISOString() };
    await ctx.db.meetingPacks.put(pack);
  };
  const saveItem = (changed: PackItem) =>
    save({ items: pack!.items.map((i) => (i.key === changed.key ? changed : i)) });
  const counted: ClientReadContext = {
    ...ctx,
    ...(signal ? { signal } : {}),
    onRequest: () => {
      pack!.actualRequests++;
      ctx.onRequest?.();
    },
  };
  // A new run: what was waiting is being fetched now, so its reason from the last run no longer holds.
  await save({
    state: 'fetching',
    items: pack.items.map((i) => (i.state === 'waiting' ? { ...i, message: null, nextTryAt: null, tries: 0 } : i)),
  });
  let planned = pack.items.some((i) => !isListItem(i));
  for (;;) {
    const next = pack.items.find((i) => i.state === 'waiting');
    if (!next) {
      if (!planned) {
        const inputs = await packInputs(ctx.db, pack.entityKey);
        // An onboarding synced since the pack was made (the first import still running) is read with the lists too:
        // its documents name files the client uploaded.
        const known = new Set(pack.items.map((i) => i.key));
        const newLists = listItems(inputs.onboardings).filter((i) => !known.has(i.key));
        if (newLists.length > 0) {
          await save({ items: [...pack.items, ...newLists] });
          continue;
        }
        // Lists are in: plan the details from what they hold, keeping anything already done.
        planned = true;
        await save({ items: mergeItems(pack.items, [...pack.items, ...detailItems(inputs)]) });
        continue;
      }
      break;
    }
    if (signal?.aborted) break;
    const outcome = await runItem(counted, pack, next);
    const tries = (next.tries ?? 0) + 1;
    if (!outcome.ok && outcome.problem === 'not-connected') {
      await save({
        state: 'waiting-for-connection',
        items: explainWaiting(
          pack.items.map((i) => (i.key === next.key ? { ...i, message: outcome.message } : i)),
          OFFLINE_BEFORE,
        ),
      });
      return pack;
    }
    if (!outcome.ok && isTransient(outcome)) {
      if (outcome.problem === 'offline' && !online()) {
        // Not a failure: the pack waits for the connection and resumes there.
        await save({
          state: 'waiting-for-connection',
          items: explainWaiting(
            pack.items.map((i) => (i.key === next.key ? { ...i, message: outcome.message, nextTryAt: null } : i)),
            OFFLINE_BEFORE,
          ),
        });
        return pack;
      }
      if (tries < PACK_TRIES) {
        const pause = retryDelaysMs[Math.min(tries - 1, retryDelaysMs.length - 1)] ?? 0;
        const at = new Date(ctx.now().getTime() + pause).toISOString();
        await saveItem({ ...next, state: 'waiting', message: outcome.message, nextTryAt: at, tries });
        await sleep(pause, signal);
        continue;
      }
    }
    const changed: PackItem = outcome.ok
      ? { ...next, state: 'done', message: null, nextTryAt: null, tries }
      : outcome.problem === 'not-found' || outcome.problem === 'not-available'
        ? { ...next, state: 'none', message: noneMessage(next, outcome.message), nextTryAt: null, tries }
        : { ...next, state: 'failed', message: outcome.message, nextTryAt: null, tries };
    await saveItem(changed);
  }
  if (signal?.aborted) {
    // Stopped, not failed: the pack stays to be fetched (the job takes it up again), and says what is missing.
    await save({ items: explainWaiting(pack.items, STOPPED_BEFORE).map((i) => ({ ...i, nextTryAt: null })) });
    return pack;
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
    // Asked for by the user: the background job's count of failed runs starts again.
    runAttempts: 0,
    nextRunAt: null,
    lastRunError: null,
    items: pack.items.map((i) =>
      i.state === 'failed' || (i.state === 'waiting' && i.message)
        ? { ...i, state: 'waiting', message: null, nextTryAt: null, tries: 0 }
        : i,
    ),
  });
}
