import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewEntry } from '../../../../src-renderer/outbox/outbox-state';
import {
  proposalDetailSchema,
  proposalSummarySchema,
  proposalUpdateResultSchema,
  type ProposalDetail,
  type ProposalSummary,
  type ProposalUpdateResult,
} from '../../../../src-preload/contract/partner-api';
import { deletePracticeDb, type ClientRead, type PracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import { applyExternalProjects } from '../../../../src-preload/contract/partner-api';
import { enqueue } from '../../../../src-renderer/outbox/outbox-db';
import { saveEntry } from '../../../support/save-entry';

const practiceKey = '44444444-4444-4444-8444-444444444444';
afterEach(() => deletePracticeDb(practiceKey));

const CLIENT = '11111111-1111-4111-8111-111111111111';
const OTHER_CLIENT = '22222222-2222-4222-8222-222222222222';
const PROPOSAL = '33333333-3333-4333-8333-333333333333';
const ENGAGEMENT = '66666666-6666-4666-8666-666666666666';
const USER = '55555555-5555-4555-8555-555555555555';
const SETTLED_AT = '2026-11-21T10:00:05.000Z';

const summary: ProposalSummary = proposalSummarySchema.parse({
  proposalKey: PROPOSAL,
  engagementKey: ENGAGEMENT,
  entityKey: CLIENT,
  name: 'Annual accounts',
  statusName: 'Accepted',
  servicesTotal: 1200,
  createdOn: '2026-01-05T00:00:00.000Z',
  sentOn: '2026-01-06T00:00:00.000Z',
  acceptedOn: '2026-01-10T00:00:00.000Z',
  startsOn: '2026-02-01',
  endsOn: '2027-01-31',
  renewedFromKey: null,
  updatedOn: '2026-01-10T00:00:00.000Z',
});
type StoredProject = ProposalDetail['externalProjects'][number];
const project = (id: number, fields: Partial<StoredProject> = {}): StoredProject => ({
  id,
  name: `Project ${id}`,
  budget: 5000,
  budgetUnits: 'NZD',
  normalBillingRate: 180,
  hoursPerDay: 7.5,
  billingPeriod: 'Monthly',
  currency: 'NZD',
  isIr35: false,
  includeUnbilledTimeInProfitability: true,
  startsOn: '2026-02-01T00:00:00.000Z',
  endsOn: '2027-01-31T00:00:00.000Z',
  ...fields,
});
const detail: ProposalDetail = proposalDetailSchema.parse({
  ...summary,
  signatoryName: 'Ana Silva',
  signatoryEmail: 'ana@example.com',
  createdByKey: USER,
  pricing: {
    engagementKey: ENGAGEMENT,
    name: 'Annual accounts',
    statusName: 'Accepted',
    createBills: true,
    servicesTotal: 1200,
    invoicesTotal: 300,
    services: [{ serviceID: 10, serviceName: 'Accounts', price: 1200, quantity: 1, taxAmount: 180, lineTotal: 1380 }],
    invoices: [
      { billingID: 1, description: 'Deposit', amount: 300, billOn: '2026-02-01', kind: 'invoice', frequency: null },
    ],
    recurringBillings: [],
    jobs: [{ jobID: 4, name: 'Year end', system: 'pm', templateID: null, dueOn: null }],
  },
  externalProjects: [project(1), project(2), project(3)],
});

const read = (entityKey: string, part: string): ClientRead => ({
  id: `${entityKey}|${part}`,
  entityKey,
  part,
  fetchedAt: '2026-11-21T09:50:00.000Z',
});
const allReads = [
  read(CLIENT, 'bills'),
  read(CLIENT, 'proposals'),
  read(CLIENT, 'statements'),
  read(OTHER_CLIENT, 'bills'),
  read(OTHER_CLIENT, 'proposals'),
];
const readIds = async (db: PracticeDb) => (await db.clientReads.toArray()).map((r) => r.id).sort();
const idsWithout = (...gone: string[]) =>
  allReads
    .map((r) => r.id)
    .filter((id) => !gone.includes(id))
    .sort();

async function seeded(): Promise<PracticeDb> {
  const db = practiceDb(practiceKey);
  await db.clientReads.bulkPut(allReads);
  await db.proposals.put(summary);
  await db.proposalDetails.put(detail);
  return db;
}

const queue = (db: PracticeDb, entry: Omit<NewEntry, 'id' | 'summary' | 'dependsOn'>) =>
  enqueue(db, { id: crypto.randomUUID(), summary: 's', dependsOn: [], ...entry });

const billBody = (entityKey: string) => ({
  entityKey,
  dueDate: '2026-12-05',
  sendBill: true,
  syncNow: false,
  lines: [{ description: 'Advice', quantity: 1, unitPrice: 100 }],
});

const updateResult = (fields: Partial<ProposalUpdateResult['pricing']> = {}): ProposalUpdateResult =>
  proposalUpdateResultSchema.parse({
    engagementKey: ENGAGEMENT,
    statusName: 'Accepted',
    billingNeedsReview: true,
    section: null,
    pricing: {
      engagementKey: ENGAGEMENT,
      name: 'Annual accounts',
      statusName: 'Accepted',
      createBills: true,
      servicesTotal: 1700,
      invoicesTotal: 450,
      services: [
        { serviceID: 10, serviceName: 'Accounts', price: 1200, quantity: 1, taxAmount: 180, lineTotal: 1380 },
        { serviceID: 11, serviceName: 'Tax return', price: 500, quantity: 1, taxAmount: 75, lineTotal: 575 },
      ],
      ...fields,
    },
  });

describe('applyExternalProjects: the PUT as the practice applies it', () => {
  it('replaces a known id in place, adds an unknown id at the end, drops remove: true', () => {
    const next = applyExternalProjects(
      [project(1), project(2), project(3)],
      [
        { ...project(9, { name: 'New' }), remove: false },
        { ...project(2), remove: true },
        { ...project(1, { name: 'Renamed', budget: 9000 }), remove: false },
      ],
    );
    expect(next).toEqual([project(1, { name: 'Renamed', budget: 9000 }), project(3), project(9, { name: 'New' })]);
    expect(next.some((p) => 'remove' in p)).toBe(false);
  });

  it('removing an id it does not have changes nothing; the input is not changed', () => {
    const current = [project(1)];
    expect(applyExternalProjects(current, [{ ...project(5), remove: true }])).toEqual([project(1)]);
    applyExternalProjects(current, [{ ...project(1, { name: 'X' }), remove: false }]);
    expect(current).toEqual([project(1)]);
  });
});

describe('bills and proposal edits: the local copy catches up once done', () => {
  it("bill.createAdhoc: pending changes nothing; done marks only the client's bills stale", async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'bill.createAdhoc',
      payload: { params: {}, body: billBody(CLIENT) },
      entityKey: CLIENT,
    });
    expect(await readIds(db)).toEqual(idsWithout());
    await saveEntry(db, { ...entry, status: 'sending', attempts: 1 });
    expect(await readIds(db)).toEqual(idsWithout());
    await saveEntry(db, {
      ...entry,
      status: 'done',
      result: { billingId: 7, billNumber: 'INV-000007', statusName: 'Awaiting payment' },
    });
    expect(await readIds(db)).toEqual(idsWithout(`${CLIENT}|bills`));
  });

  it("bill.createAdhoc: the bill's own client (from the body) is the one marked", async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'bill.createAdhoc',
      payload: { params: {}, body: billBody(OTHER_CLIENT) },
      entityKey: null,
    });
    await saveEntry(db, { ...entry, status: 'done', result: null });
    expect(await readIds(db)).toEqual(idsWithout(`${OTHER_CLIENT}|bills`));
  });

  it("proposal.duplicate: done marks the client's proposals stale", async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'proposal.duplicate',
      payload: { params: { key: PROPOSAL }, body: { userKey: USER } },
      entityKey: CLIENT,
    });
    expect(await readIds(db)).toEqual(idsWithout());
    await saveEntry(db, {
      ...entry,
      status: 'done',
      result: { proposalKey: crypto.randomUUID(), engagementKey: crypto.randomUUID(), statusName: 'Draft' },
    });
    expect(await readIds(db)).toEqual(idsWithout(`${CLIENT}|proposals`));
    expect(await db.proposals.get(PROPOSAL)).toEqual(summary);
  });

  it("proposal.duplicate for another client: that client's proposals are marked, not the original's", async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'proposal.duplicate',
      payload: { params: { key: PROPOSAL }, body: { userKey: USER, entityKey: OTHER_CLIENT } },
      entityKey: CLIENT,
    });
    await saveEntry(db, { ...entry, status: 'done', result: null });
    expect(await readIds(db)).toEqual(idsWithout(`${OTHER_CLIENT}|proposals`));
  });

  it('proposal.renew: pending changes nothing; done makes the original Renewed and marks proposals stale', async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'proposal.renew',
      payload: { params: { key: PROPOSAL }, body: { userKey: USER } },
      entityKey: CLIENT,
    });
    await saveEntry(db, {
      ...entry,
      status: 'failed',
      lastError: { status: 400, title: 'Bad request', message: 'no' },
    });
    expect(await db.proposals.get(PROPOSAL)).toEqual(summary);
    expect(await db.proposalDetails.get(PROPOSAL)).toEqual(detail);
    expect(await readIds(db)).toEqual(idsWithout());

    await saveEntry(db, {
      ...entry,
      status: 'done',
      updatedAt: SETTLED_AT,
      result: { proposalKey: crypto.randomUUID(), engagementKey: crypto.randomUUID(), statusName: 'Draft' },
    });
    expect(await db.proposals.get(PROPOSAL)).toEqual({ ...summary, statusName: 'Renewed', updatedOn: SETTLED_AT });
    expect(await db.proposalDetails.get(PROPOSAL)).toEqual({
      ...detail,
      statusName: 'Renewed',
      updatedOn: SETTLED_AT,
      pricing: { ...detail.pricing, statusName: 'Renewed' },
    });
    expect(await readIds(db)).toEqual(idsWithout(`${CLIENT}|proposals`));
  });

  it("proposal.replaceServices: done puts the practice's pricing into the stored detail and summary", async () => {
    const db = await seeded();
    const body = { userKey: USER, services: [{ serviceID: 10 }, { serviceID: 11, quantity: 1, price: 500 }] };
    const entry = await queue(db, {
      operation: 'proposal.replaceServices',
      payload: { params: { key: PROPOSAL }, body },
      entityKey: CLIENT,
    });
    expect(await db.proposalDetails.get(PROPOSAL)).toEqual(detail);
    expect(await db.proposals.get(PROPOSAL)).toEqual(summary);

    const result = updateResult();
    await saveEntry(db, { ...entry, status: 'done', updatedAt: SETTLED_AT, result });
    const stored = await db.proposalDetails.get(PROPOSAL);
    expect(stored).toEqual({
      ...detail,
      servicesTotal: 1700,
      updatedOn: SETTLED_AT,
      pricing: { ...detail.pricing, services: result.pricing.services, servicesTotal: 1700, invoicesTotal: 450 },
    });
    expect(proposalDetailSchema.safeParse(stored).success).toBe(true);
    expect(await db.proposals.get(PROPOSAL)).toEqual({ ...summary, servicesTotal: 1700, updatedOn: SETTLED_AT });
    expect(await readIds(db)).toEqual(idsWithout());
  });

  it('proposal.replaceServices: an answer that is not an update result changes nothing', async () => {
    const db = await seeded();
    const entry = await queue(db, {
      operation: 'proposal.replaceServices',
      payload: { params: { key: PROPOSAL }, body: { userKey: USER, services: [] } },
      entityKey: CLIENT,
    });
    await saveEntry(db, { ...entry, status: 'done', updatedAt: SETTLED_AT, result: { pricing: { servicesTotal: 1 } } });
    expect(await db.proposalDetails.get(PROPOSAL)).toEqual(detail);
    expect(await db.proposals.get(PROPOSAL)).toEqual(summary);
  });

  it('proposal.replaceExternalProjects: pending changes nothing; done merges the edits into the stored detail', async () => {
    const db = await seeded();
    const body = {
      userKey: USER,
      externalProjects: [
        { ...project(1, { name: 'Renamed', endsOn: '2027-06-30T00:00:00.000Z' }), remove: false },
        { ...project(2), remove: true },
        { ...project(7, { name: 'Brand new' }), remove: false },
      ],
    };
    const entry = await queue(db, {
      operation: 'proposal.replaceExternalProjects',
      payload: { params: { key: PROPOSAL }, body },
      entityKey: CLIENT,
    });
    expect(await db.proposalDetails.get(PROPOSAL)).toEqual(detail);

    await saveEntry(db, { ...entry, status: 'done', updatedAt: SETTLED_AT, result: updateResult() });
    const stored = await db.proposalDetails.get(PROPOSAL);
    expect(stored).toEqual({
      ...detail,
      updatedOn: SETTLED_AT,
      externalProjects: [
        project(1, { name: 'Renamed', endsOn: '2027-06-30T00:00:00.000Z' }),
        project(3),
        project(7, { name: 'Brand new' }),
      ],
    });
    expect(proposalDetailSchema.safeParse(stored).success).toBe(true);
    expect(await db.proposals.get(PROPOSAL)).toEqual(summary);
  });

  it('proposal edits for a proposal not stored on this laptop do nothing (and do not fail)', async () => {
    const db = practiceDb(practiceKey);
    const entry = await queue(db, {
      operation: 'proposal.replaceExternalProjects',
      payload: {
        params: { key: PROPOSAL },
        body: { userKey: USER, externalProjects: [{ ...project(1), remove: false }] },
      },
      entityKey: CLIENT,
    });
    await saveEntry(db, { ...entry, status: 'done', result: updateResult() });
    const services = await queue(db, {
      operation: 'proposal.replaceServices',
      payload: { params: { key: PROPOSAL }, body: { userKey: USER, services: [] } },
      entityKey: CLIENT,
    });
    await saveEntry(db, { ...services, status: 'done', result: updateResult() });
    expect(await db.proposalDetails.count()).toBe(0);
    expect(await db.proposals.count()).toBe(0);
  });
});
