import type { ClientReadContext, ReadOutcome } from '../../../../src-renderer/client-data/client-reads';
import type { OnboardingDocumentsEntity } from '../../../../src-preload/contract/partner-api';
import { clientReadId, type PracticeDb } from '../../../../src-renderer/data/practice-db';

/**
 * A practice as the meeting-pack runner meets it through client-reads.ts, without HTTP: each read counts
 * the requests the real one makes (one, two for a client's paged bills or payments list that fits one
 * page) and stores what the screens look up. `faults` answers a read by its pack item key with the
 * outcomes queued there, one per try.
 */
export interface FakeClient {
  entityKey: string;
  proposals: { proposalKey: string; name: string; statusName: string }[];
  statements: { statementId: number; statementNumber: string }[];
  bills: { billingId: number; billNumber: string; statusName: string; billDate: string }[];
  schedules: { recurringBillingId: number; name: string }[];
  /** `uploaded`: how many files the client uploaded to it (its documents read names them). */
  onboardings: { onboardingKey: string; onboardingID: number; uploaded: number }[];
  verified: boolean;
}

/** An onboarding's documents read: one client entity with `uploaded` files uploaded and one request still waiting. */
export function requirementsOf(c: FakeClient, o: FakeClient['onboardings'][number]): OnboardingDocumentsEntity[] {
  const document = (documentId: number, uploaded: boolean) => ({
    documentId,
    name: uploaded ? `Upload ${documentId}` : 'Still waiting',
    description: null,
    isRequired: true,
    isUploaded: uploaded,
    isBypassed: false,
    fileName: uploaded ? `upload-${documentId}.pdf` : null,
    uploadedOn: uploaded ? '2026-11-01T09:00:00.000Z' : null,
  });
  return [
    {
      entityOnboardingId: 40_000 + o.onboardingID,
      entityKey: c.entityKey,
      entityName: 'Jane Smith',
      documents: [
        ...Array.from({ length: o.uploaded }, (_, i) => document(60_000 + o.onboardingID * 10 + i, true)),
        document(69_000 + o.onboardingID, false),
      ],
    },
  ];
}

const storeRequirements = (db: PracticeDb, c: FakeClient, o: FakeClient['onboardings'][number]) =>
  db.reports.put({
    name: `onboardingDocuments:${o.onboardingKey}`,
    data: requirementsOf(c, o),
    fetchedAt: '2026-11-26T10:00:00Z',
  });

export const world = {
  client: null as FakeClient | null,
  faults: new Map<string, ReadOutcome[]>(),
  /** Item keys in the order they were read. */
  reads: [] as string[],
};

const client = (): FakeClient => {
  if (!world.client) throw new Error('no fake client');
  return world.client;
};

async function answer(ctx: ClientReadContext, key: string, requests: number): Promise<ReadOutcome> {
  world.reads.push(key);
  const fault = world.faults.get(key)?.shift();
  for (let n = fault ? 1 : requests; n > 0; n--) ctx.onRequest?.();
  return fault ?? { ok: true };
}

const mark = (db: PracticeDb, entityKey: string, part: string) =>
  db.clientReads.put({ id: clientReadId(entityKey, part), entityKey, part, fetchedAt: new Date().toISOString() });

/** Stores the client's synced rows and, when `listsRead`, its lists as if the client had been opened online. */
export async function seedClient(db: PracticeDb, c: FakeClient, listsRead: boolean): Promise<void> {
  await db.recurringBillings.bulkPut(c.schedules.map((r) => ({ ...r, entityKey: c.entityKey })) as never[]);
  await db.onboardings.bulkPut(c.onboardings.map((o) => ({ ...o, entityKey: c.entityKey })) as never[]);
  await db.bills.bulkPut(c.bills.map((b) => ({ ...b, entityKey: c.entityKey })) as never[]);
  if (!listsRead) return;
  await db.proposals.bulkPut(c.proposals.map((p) => ({ ...p, entityKey: c.entityKey })) as never[]);
  await db.statements.bulkPut(c.statements.map((s) => ({ ...s, entityKey: c.entityKey })) as never[]);
  for (const part of ['proposals', 'statements', 'bills']) await mark(db, c.entityKey, part);
  for (const o of c.onboardings) await storeRequirements(db, c, o);
}

export const fakeReads = {
  async readClientProposals(ctx: ClientReadContext, entityKey: string) {
    const outcome = await answer(ctx, 'proposals', 1);
    if (!outcome.ok) return outcome;
    await ctx.db.proposals.bulkPut(client().proposals.map((p) => ({ ...p, entityKey })) as never[]);
    await mark(ctx.db, entityKey, 'proposals');
    return outcome;
  },
  async readClientStatements(ctx: ClientReadContext, entityKey: string) {
    const outcome = await answer(ctx, 'statements', 1);
    if (!outcome.ok) return outcome;
    await ctx.db.statements.bulkPut(client().statements.map((s) => ({ ...s, entityKey })) as never[]);
    await mark(ctx.db, entityKey, 'statements');
    return outcome;
  },
  async readClientBills(ctx: ClientReadContext, entityKey: string) {
    const outcome = await answer(ctx, 'bills', 2);
    if (!outcome.ok) return outcome;
    await ctx.db.bills.bulkPut(client().bills.map((b) => ({ ...b, entityKey })) as never[]);
    await mark(ctx.db, entityKey, 'bills');
    return outcome;
  },
  readClientPayments: (ctx: ClientReadContext) => answer(ctx, 'payments', 2),
  readProposalDetail: (ctx: ClientReadContext, key: string) => answer(ctx, `proposal:${key}`, 1),
  readRenewPreview: (ctx: ClientReadContext, key: string) => answer(ctx, `renewPreview:${key}`, 1),
  async readOnboardingDocuments(ctx: ClientReadContext, key: string) {
    const outcome = await answer(ctx, `onboardingDocuments:${key}`, 1);
    const onboarding = client().onboardings.find((o) => o.onboardingKey === key);
    if (outcome.ok && onboarding) await storeRequirements(ctx.db, client(), onboarding);
    return outcome;
  },
  async readSchemaGuide(ctx: ClientReadContext) {
    const outcome = await answer(ctx, 'schemaGuide', 1);
    if (outcome.ok) await ctx.db.reports.put({ name: 'eformSchemaGuide', data: {}, fetchedAt: '2026-11-26T10:00:00Z' });
    return outcome;
  },
  readStatementDetail: (ctx: ClientReadContext, id: number) => answer(ctx, `statement:${id}`, 1),
  readBillDetail: (ctx: ClientReadContext, id: number) => answer(ctx, `bill:${id}`, 1),
  readRecurringRuns: (ctx: ClientReadContext, id: number) => answer(ctx, `recurringRuns:${id}`, 1),
  async fetchDocument(ctx: ClientReadContext, ref: { kind: string; id: string }): Promise<ReadOutcome> {
    const key =
      ref.kind === 'idCertificate'
        ? 'idCertificate'
        : ref.kind === 'upload'
          ? `upload:${ref.id}`
          : `${ref.kind}Pdf:${ref.id}`;
    const outcome = await answer(ctx, key, 1);
    if (outcome.ok && ref.kind === 'idCertificate' && !client().verified)
      return { ok: false, problem: 'not-available', message: 'No certificate.' };
    return outcome;
  },
};
