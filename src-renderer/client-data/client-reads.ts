import type { Companion } from '../../src-preload/contract/companion';
import type { DocumentRef } from '../../src-preload/contract/documents';
import { shiftDay, utcDay } from '../../src-preload/contract/iso-day';
import {
  parseReadData,
  type ReadData,
  type ReadKind,
  type ReadProblem,
  type ReadRequest,
} from '../../src-preload/contract/reads';
import type { Table } from 'dexie';
import { cancellableCall } from '../bridge/cancellable-call';
import { clientReadId, type PracticeDb } from '../data/practice-db';

/**
 * Per-client data read from the practice on demand (when a client is opened online) and by meeting
 * packs: each function reads, validates with the shared schema and stores in one Dexie transaction,
 * together with the "last read" marker of that part. Nothing stored is removed when a read fails.
 */
export interface ClientReadContext {
  companion: Pick<Companion, 'practice' | 'documents'>;
  db: PracticeDb;
  practiceKey: string;
  priority: 'interactive' | 'prefetch';
  now: () => Date;
  /** Counts every request made, for the meeting pack's "actual requests". */
  onRequest?: () => void;
  /** The caller gave up (a job run cancelled): main is told to stop the read or download under way. */
  signal?: AbortSignal;
}

/** retryable: the failure may pass (the practice answered 5xx or 429), so trying later may succeed. */
export type ReadOutcome =
  | { ok: true }
  | { ok: false; problem: ReadProblem | 'not-available'; message: string; retryable?: boolean | undefined };

export type ClientPart = 'proposals' | 'statements' | 'bills' | 'payments' | 'identity' | 'recurringRuns';

/** The whole history for a client's bills and payments (the synced window holds only a year). */
const ALL_TIME_START = '2000-01-01';

async function read<K extends ReadKind>(
  ctx: ClientReadContext,
  request: Extract<ReadRequest, { kind: K }>,
): Promise<
  | { ok: true; data: ReadData<K> }
  | { ok: false; problem: ReadProblem; message: string; retryable?: boolean | undefined }
> {
  const result = await cancellableCall(ctx.companion, ctx.signal, (cancelId) =>
    ctx.companion.practice.read({
      practiceKey: ctx.practiceKey,
      request,
      priority: ctx.priority,
      ...(cancelId ? { cancelId } : {}),
    }),
  );
  // A failed read made at least one request; a paged list says how many it took.
  for (let n = result.ok ? result.requests : 1; n > 0; n--) ctx.onRequest?.();
  if (!result.ok) return result;
  return { ok: true, data: parseReadData(request.kind as K, result.data) };
}

const markRead = (ctx: ClientReadContext, entityKey: string, part: ClientPart) =>
  ctx.db.clientReads.put({ id: clientReadId(entityKey, part), entityKey, part, fetchedAt: ctx.now().toISOString() });

/**
 * A client's list as the practice has it now, in one transaction with its "last read" marker: rows
 * (and their stored details) that are no longer in the list go.
 */
async function replaceClientRows<K extends string | number, R>(
  ctx: ClientReadContext,
  entityKey: string,
  part: ClientPart,
  rows: Table<R, K>,
  details: Table<unknown, K>,
  keys: K[],
  data: R[],
): Promise<void> {
  const keep = new Set(keys);
  await ctx.db.transaction('rw', rows, details, ctx.db.clientReads, async () => {
    const gone = (await rows.where('entityKey').equals(entityKey).primaryKeys()).filter((k) => !keep.has(k));
    await rows.bulkDelete(gone);
    await details.bulkDelete(gone);
    await rows.bulkPut(data);
    await markRead(ctx, entityKey, part);
  });
}

/** A read whose answer is one record, stored as it came (a detail: proposal, statement, bill). */
async function readInto<K extends ReadKind>(
  ctx: ClientReadContext,
  request: Extract<ReadRequest, { kind: K }>,
  store: (data: ReadData<K>) => Promise<unknown>,
): Promise<ReadOutcome> {
  const result = await read(ctx, request);
  if (!result.ok) return result;
  await store(result.data);
  return { ok: true };
}

/** A read kept whole under a name in `reports` (renewal preview, onboarding documents), for offline use. */
async function readIntoReport<K extends ReadKind>(
  ctx: ClientReadContext,
  request: Extract<ReadRequest, { kind: K }>,
  name: string,
): Promise<ReadOutcome> {
  const result = await read(ctx, request);
  if (!result.ok) return result;
  await ctx.db.reports.put({ name, data: result.data, fetchedAt: ctx.now().toISOString() });
  return { ok: true };
}

const endOfWindow = (ctx: ClientReadContext) => shiftDay(utcDay(ctx.now()), 366);

export async function readClientProposals(ctx: ClientReadContext, entityKey: string): Promise<ReadOutcome> {
  const result = await read(ctx, { kind: 'proposals.list', entityKey });
  if (!result.ok) return result;
  await replaceClientRows(
    ctx,
    entityKey,
    'proposals',
    ctx.db.proposals,
    ctx.db.proposalDetails,
    result.data.map((p) => p.proposalKey),
    result.data,
  );
  return { ok: true };
}

/** The full proposal, pricing included (services, invoices, recurring billings, jobs). */
export const readProposalDetail = (ctx: ClientReadContext, proposalKey: string) =>
  readInto(ctx, { kind: 'proposals.detail', proposalKey }, (detail) => ctx.db.proposalDetails.put(detail));

/** Where a proposal's renewal preview is kept: read online once, it still guides a renewal prepared offline. */
export const renewPreviewReport = (proposalKey: string) => `renewPreview:${proposalKey}`;

/** Who may sign the renewal and what it will copy (`GET …/renew-preview`), kept for offline use. */
export const readRenewPreview = (ctx: ClientReadContext, proposalKey: string) =>
  readIntoReport(ctx, { kind: 'proposals.renewPreview', proposalKey }, renewPreviewReport(proposalKey));

/** Where an onboarding's document requirements are kept (per client entity: entityOnboardingId, documents). */
export const onboardingDocumentsReport = (onboardingKey: string) => `onboardingDocuments:${onboardingKey}`;

/** A client's custom-field values as the practice last answered them (with labels), per onboarding client. */
export const CUSTOM_FIELDS_REPORT_PREFIX = 'customFields:';
export const customFieldsReport = (onboardingKey: string, entityOnboardingId: number) =>
  `${CUSTOM_FIELDS_REPORT_PREFIX}${onboardingKey}:${entityOnboardingId}`;

/**
 * What each client entity of an onboarding must provide (`GET …/documents`), kept for offline use: it
 * names the entityOnboardingIds that removing a request, custom fields and recipient access refer to.
 */
export const readOnboardingDocuments = (ctx: ClientReadContext, onboardingKey: string) =>
  readIntoReport(ctx, { kind: 'onboardings.documents', onboardingKey }, onboardingDocumentsReport(onboardingKey));

/** Where the practice's eForm schema guide is kept: a custom eForm is checked against it, offline too. */
export const SCHEMA_GUIDE_REPORT = 'eformSchemaGuide';

/** The practice's eForm schema guide (`eforms.schemaGuide`), kept for offline use. */
export const readSchemaGuide = (ctx: ClientReadContext) =>
  readIntoReport(ctx, { kind: 'eforms.schemaGuide' }, SCHEMA_GUIDE_REPORT);

export async function readClientStatements(ctx: ClientReadContext, entityKey: string): Promise<ReadOutcome> {
  const result = await read(ctx, { kind: 'statements.list', entityKey });
  if (!result.ok) return result;
  await replaceClientRows(
    ctx,
    entityKey,
    'statements',
    ctx.db.statements,
    ctx.db.statementDetails,
    result.data.map((st) => st.statementId),
    result.data,
  );
  return { ok: true };
}

export const readStatementDetail = (ctx: ClientReadContext, statementId: number) =>
  readInto(ctx, { kind: 'statements.detail', statementId }, (detail) => ctx.db.statementDetails.put(detail));

/** Every bill or payment of the client, all time (the synced window holds a year), with its "last read" marker. */
async function readAllOfClient(
  ctx: ClientReadContext,
  entityKey: string,
  list: 'bills' | 'payments',
): Promise<ReadOutcome> {
  const range = { entityKey, startDate: ALL_TIME_START, endDate: endOfWindow(ctx) };
  // Main pages the list to its end (the one paging rule) and answers with all of it.
  const result =
    list === 'bills'
      ? await read(ctx, { kind: 'bills.forClient', ...range })
      : await read(ctx, { kind: 'payments.forClient', ...range });
  if (!result.ok) return result;
  const table = ctx.db[list] as Table<unknown, number>;
  await ctx.db.transaction('rw', table, ctx.db.clientReads, async () => {
    await table.bulkPut(result.data);
    await markRead(ctx, entityKey, list);
  });
  return { ok: true };
}

/** Every bill of the client, older than the synced year too. */
export const readClientBills = (ctx: ClientReadContext, entityKey: string) => readAllOfClient(ctx, entityKey, 'bills');

export const readBillDetail = (ctx: ClientReadContext, billingId: number) =>
  readInto(ctx, { kind: 'bills.detail', billingId }, (detail) => ctx.db.billDetails.put(detail));

/** Every payment of the client (payments per bill are then a local lookup by billingId). */
export const readClientPayments = (ctx: ClientReadContext, entityKey: string) =>
  readAllOfClient(ctx, entityKey, 'payments');

export async function readRecurringRuns(ctx: ClientReadContext, recurringBillingId: number): Promise<ReadOutcome> {
  const result = await read(ctx, { kind: 'recurring.runs', recurringBillingId });
  if (!result.ok) return result;
  await ctx.db.transaction('rw', ctx.db.recurringRuns, async () => {
    await ctx.db.recurringRuns.where('recurringBillingId').equals(recurringBillingId).delete();
    await ctx.db.recurringRuns.bulkPut(result.data);
  });
  return { ok: true };
}

/**
 * Makes sure a PDF is in main's cache (optionally pinned for a pack). For the identity certificate the
 * answer is also the verification status: the practice has a certificate only once a check completed.
 */
export async function fetchDocument(
  ctx: ClientReadContext,
  ref: DocumentRef,
  entityKey: string,
  pinFor?: string,
): Promise<ReadOutcome> {
  ctx.onRequest?.();
  const result = await cancellableCall(ctx.companion, ctx.signal, (cancelId) =>
    ctx.companion.documents.fetch({
      practiceKey: ctx.practiceKey,
      ref,
      entityKey,
      priority: ctx.priority,
      ...(pinFor ? { pinFor } : {}),
      ...(cancelId ? { cancelId } : {}),
    }),
  );
  if (ref.kind === 'idCertificate' && (result.ok || result.problem === 'not-available')) {
    await ctx.db.transaction('rw', ctx.db.identity, ctx.db.clientReads, async () => {
      await ctx.db.identity.put({
        entityKey,
        certificate: result.ok ? 'available' : 'none',
        checkedAt: ctx.now().toISOString(),
      });
      await markRead(ctx, entityKey, 'identity');
    });
  }
  if (result.ok) return { ok: true };
  return {
    ok: false,
    problem:
      result.problem === 'offline-not-downloaded' || result.problem === 'corrupt-offline' ? 'offline' : result.problem,
    message: result.message,
    // A document's other failures are the practice's (a 5xx, a broken answer): worth another try later.
    ...(result.problem === 'failed' ? { retryable: true } : {}),
  };
}
