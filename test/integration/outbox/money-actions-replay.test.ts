import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readEntries, resubmit } from '../../../src-renderer/outbox/outbox-db';
import { outboxScenarioPerTest, queueEntry as queue } from '../../support/outbox-scenario';

const startScenario = outboxScenarioPerTest();

async function setup() {
  const t = await startScenario();
  expect(t.state.ledger.status.connected).toBe(true); // the first demo practice has a ledger: lines need account and tax
  const user = [...t.state.users.values()][0]!.userKey;
  const revenue = t.state.ledger.accounts.find((a) => a.type === 'REVENUE')!;
  const proposals = [...t.state.proposals.values()];
  const withProjects = proposals.find((p) => p.externalProjects.length > 0 && p.statusName !== 'Renewed')!;
  const renewable = proposals.find((p) => p.statusName === 'Accepted' && p.proposalKey !== withProjects.proposalKey)!;
  const toCopy = proposals.find(
    (p) => p.proposalKey !== withProjects.proposalKey && p.proposalKey !== renewable.proposalKey,
  )!;
  const service = t.state.services[0]!;
  return { ...t, user, revenue, withProjects, renewable, toCopy, service };
}

const billBody = (entityKey: string, extAccountID: string, reference: string) => ({
  entityKey,
  dueDate: '2099-01-31',
  reference,
  sendBill: false,
  syncNow: false,
  lines: [
    { description: 'Advice', quantity: 2, unitPrice: 150, extAccountID, extTaxID: 'OUTPUT' },
    { description: 'Tax return', quantity: 1, unitPrice: 650, saleItemCode: 'ACC-ITR', extTaxID: 'OUTPUT' },
  ],
});

describe('bills and proposal actions through the outbox (renderer code in Node, main through the real registry)', () => {
  it('queued offline, each goes out exactly once after reconnecting and changes the practice as asked', async () => {
    const t = await setup();
    const client = t.clients[5]!;
    t.app.network.setOnline(false);
    await queue(
      t.db,
      'bill.createAdhoc',
      { params: {}, body: billBody(client.entityKey, t.revenue.extAccountID, 'PO-offline-1') },
      { entityKey: client.entityKey },
    );
    await queue(
      t.db,
      'proposal.duplicate',
      { params: { key: t.toCopy.proposalKey }, body: { userKey: t.user } },
      { entityKey: t.toCopy.entityKey },
    );
    const signatory = [...t.state.contacts.values()].find(
      (c) => c.entityKey === t.renewable.entityKey && !c.isDeleted,
    )!;
    await queue(
      t.db,
      'proposal.renew',
      { params: { key: t.renewable.proposalKey }, body: { userKey: t.user, signatoryContactID: signatory.contactID } },
      { entityKey: t.renewable.entityKey },
    );
    await queue(
      t.db,
      'proposal.replaceServices',
      {
        params: { key: t.renewable.proposalKey },
        body: { userKey: t.user, services: [{ serviceID: t.service.serviceID, quantity: 3 }] },
      },
      { entityKey: t.renewable.entityKey },
    );
    const [kept] = t.withProjects.externalProjects;
    await queue(
      t.db,
      'proposal.replaceExternalProjects',
      {
        params: { key: t.withProjects.proposalKey },
        body: {
          userKey: t.user,
          externalProjects: [
            { ...kept!, remove: false, name: 'Renamed project' },
            { ...kept!, id: kept!.id + 1, remove: false, name: 'Added project' },
          ],
        },
      },
      { entityKey: t.withProjects.entityKey },
    );
    expect(await t.replayer().drain()).toMatchObject({ delivered: 0, stopped: true });
    expect(t.posts(/./)).toBe(0);

    t.app.network.setOnline(true);
    expect(await t.replayer().drain()).toMatchObject({ delivered: 5, failed: 0, needsReview: 0 });
    expect((await readEntries(t.db)).entries.every((e) => e.status === 'done')).toBe(true);

    // Counted on the server: one request each.
    expect(t.requests('POST', /\/bills$/)).toBe(1);
    expect(t.requests('POST', /\/duplicate$/)).toBe(1);
    expect(t.requests('POST', /\/renew$/)).toBe(1);
    expect(t.requests('PUT', /\/services$/)).toBe(1);
    expect(t.requests('PUT', /\/external-projects$/)).toBe(1);
    // And what they did there.
    const bills = [...t.state.bills.values()].filter((b) => b.reference === 'PO-offline-1');
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ entityKey: client.entityKey, source: 'adhoc', subtotal: 950 });
    expect(bills[0]!.lines.map((l) => l.saleItemCode ?? l.extAccountID)).toEqual([t.revenue.extAccountID, 'ACC-ITR']);
    const proposals = [...t.state.proposals.values()];
    expect(proposals.filter((p) => p.name === `${t.toCopy.name} (copy)`)).toHaveLength(1);
    const renewals = proposals.filter((p) => p.renewedFromKey === t.renewable.proposalKey);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.signatoryName).toBe(`${signatory.contactName} ${signatory.contactSurname}`);
    expect(t.state.proposals.get(t.renewable.proposalKey)!.statusName).toBe('Renewed');
    expect(t.state.proposals.get(t.renewable.proposalKey)!.pricing.services).toMatchObject([
      { serviceID: t.service.serviceID, quantity: 3 },
    ]);
    expect(t.state.proposals.get(t.withProjects.proposalKey)!.externalProjects.map((p) => p.name)).toEqual([
      'Renamed project',
      'Added project',
    ]);
  });

  it('a crash between "sending" and the answer: the bill and the renewal are found by a read, the copy waits for review, the services edit is resent — nothing twice', async () => {
    const t = await setup();
    const client = t.clients[6]!;
    const bill = await queue(
      t.db,
      'bill.createAdhoc',
      { params: {}, body: billBody(client.entityKey, t.revenue.extAccountID, 'PO-crash') },
      { entityKey: client.entityKey },
    );
    const renew = await queue(
      t.db,
      'proposal.renew',
      { params: { key: t.renewable.proposalKey }, body: { userKey: t.user } },
      { entityKey: t.renewable.entityKey },
    );
    const copy = await queue(
      t.db,
      'proposal.duplicate',
      { params: { key: t.toCopy.proposalKey }, body: { userKey: t.user } },
      { entityKey: t.toCopy.entityKey },
    );
    const services = await queue(
      t.db,
      'proposal.replaceServices',
      {
        params: { key: t.toCopy.proposalKey },
        body: { userKey: t.user, services: [{ serviceID: t.service.serviceID, quantity: 2 }] },
      },
      { entityKey: t.toCopy.entityKey },
    );

    const { companion, crashed } = t.crashingOncePerEntry();
    while (crashed.size < 4) {
      const before = crashed.size;
      await t.replayer(companion).drain();
      expect(crashed.size).toBe(before + 1);
    }
    await t.replayer().drain();
    const byId = new Map((await readEntries(t.db)).entries.map((e) => [e.id, e]));
    // The client's bills since it was queued hold one adhoc bill with these dates, total and lines: this one.
    const sent = [...t.state.bills.values()].find((b) => b.reference === 'PO-crash')!;
    expect(byId.get(bill.id)).toMatchObject({
      status: 'done',
      result: { billingId: sent.billingId, billNumber: sent.billNumber },
    });
    expect(byId.get(renew.id)).toMatchObject({ status: 'done', result: { statusName: 'Draft' } });
    expect(byId.get(copy.id)).toMatchObject({ status: 'needs-review' });
    expect(byId.get(services.id)).toMatchObject({ status: 'done' });

    expect(t.requests('POST', /\/bills$/)).toBe(1); // billable: never resent on a guess
    expect([...t.state.bills.values()].filter((b) => b.reference === 'PO-crash')).toHaveLength(1);
    expect(t.requests('POST', /\/renew$/)).toBe(1); // the read found the renewal
    expect((byId.get(renew.id)!.result as { proposalKey: string }).proposalKey).toBe(
      [...t.state.proposals.values()].find((p) => p.renewedFromKey === t.renewable.proposalKey)!.proposalKey,
    );
    expect(t.requests('POST', /\/duplicate$/)).toBe(1);
    expect(t.requests('PUT', /\/services$/)).toBe(2); // idempotent: sent, then once more after the crash
    // Nothing typed is lost while it waits for a person.
    expect(byId.get(copy.id)!.payload.body).toMatchObject({ userKey: t.user });
  });

  it('a bill line the ledger cannot book: failed with the practice message, editable, and the fixed bill goes out once', async () => {
    const t = await setup();
    const client = t.clients[7]!;
    const body = billBody(client.entityKey, t.revenue.extAccountID, 'PO-fix');
    const broken = { ...body, lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, extTaxID: 'OUTPUT' }] };
    const entry = await queue(t.db, 'bill.createAdhoc', { params: {}, body: broken }, { entityKey: client.entityKey });
    expect(await t.replayer().drain()).toMatchObject({ failed: 1 });
    const failed = (await readEntries(t.db)).entries.find((e) => e.id === entry.id)!;
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: {
        status: 400,
        message: expect.stringMatching(/lines\[0\]\.extAccountID: .*revenue account or a sale item/),
      },
    });
    await resubmit(t.db, failed, { payload: { ...failed.payload, body }, summary: failed.summary });
    expect(await t.replayer().drain()).toMatchObject({ delivered: 1 });
    expect([...t.state.bills.values()].filter((b) => b.reference === 'PO-fix')).toHaveLength(1);
    expect(t.requests('POST', /\/bills$/)).toBe(2);
  });

  it('a bill for a terminated client is refused by the practice and kept for the user, not retried', async () => {
    const t = await setup();
    const terminated = [...t.state.entities.values()].find((e) => e.entityTerminated)!;
    const entry = await queue(
      t.db,
      'bill.createAdhoc',
      { params: {}, body: billBody(terminated.entityKey, t.revenue.extAccountID, 'PO-terminated') },
      { entityKey: terminated.entityKey },
    );
    await t.replayer().drain();
    await t.replayer().drain();
    expect((await readEntries(t.db)).entries.find((e) => e.id === entry.id)).toMatchObject({ status: 'failed' });
    expect(t.requests('POST', /\/bills$/)).toBe(1);
  });
});
