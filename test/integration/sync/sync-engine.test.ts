import { describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import type { MemorySyncSink } from '../../support/memory-sync-sink';
import { useDemoSync } from './demo-sync';

const setup = useDemoSync();

/** The local copy equals the server: every entity, onboarding and lead, and every contact that is not deleted. */
function expectSameAsServer(sink: MemorySyncSink, state: DemoPractice['runtime']['practices'][number]) {
  expect(new Map([...sink.table('entities')].map(([k, v]) => [k, JSON.stringify(v)]))).toEqual(
    new Map([...state.entities].map(([k, v]) => [k, JSON.stringify(v)])),
  );
  expect(new Set(sink.table('onboardings').keys())).toEqual(new Set(state.onboardings.keys()));
  expect(new Map([...sink.table('leads')].map(([k, v]) => [k, JSON.stringify(v)]))).toEqual(
    new Map([...state.leads].map(([k, v]) => [k, JSON.stringify(v)])),
  );
  const liveLocal = [...sink.table('contacts').values()]
    .filter((c: any) => !c.isDeleted)
    .map((c: any) => c.entityContactID)
    .sort();
  const liveServer = [...state.contacts.values()]
    .filter((c) => !c.isDeleted)
    .map((c) => c.entityContactID)
    .sort();
  expect(liveLocal).toEqual(liveServer);
  expect(sink.table('users').size).toBe(state.users.size);
  expect(sink.table('onboardingStatuses').size).toBe(state.onboardingStatuses.length);
  expect(sink.table('proposalServices').size).toBe(state.services.length);
  expect(sink.table('eformTemplates').size).toBe(state.eformTemplates.length);
}

/** Changes a staff member might make on the server between two syncs. */
async function changeOnServer(t: Awaited<ReturnType<typeof setup>>) {
  const entity = [...t.state.entities.values()][5]!;
  const contact = [...t.state.contacts.values()].find((c) => !c.isDeleted && c.entityKey === entity.entityKey)!;
  const headers = {
    'X-Svc-Auth-ID': t.demo.practices[0]!.readWrite.clientId,
    'X-Svc-Auth-Key': t.demo.practices[0]!.readWrite.secret,
    'Content-Type': 'application/json',
  };
  const base = `${t.demo.practices[0]!.baseUrl}/api/v1`;
  await fetch(`${base}/entities/${entity.entityKey}/contacts/${contact.entityContactID}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ isDeleted: true }),
  });
  await fetch(`${base}/entities/${entity.entityKey}/contacts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ contactName: 'New', contactSurname: 'Person' }),
  });
  const lead = await (
    await fetch(`${base}/leads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Fresh', surname: 'Client' }),
    })
  ).json();
  await fetch(`${base}/leads/${lead.leadKey}/convert-to-client`, { method: 'POST', headers, body: '{}' });
  return { deletedContact: contact.entityContactID };
}

describe('sync engine against the demo practice', () => {
  it('full import, then an incremental pass, ends with exactly the server data', async () => {
    const t = await setup();
    const full = await t.engine.runOnce();
    expect(full.every((r) => r.state === 'done')).toBe(true);
    expectSameAsServer(t.sink, t.state);
    const { deletedContact } = await changeOnServer(t);
    await t.engine.runOnce();
    expectSameAsServer(t.sink, t.state);
    expect((t.sink.table('contacts').get(deletedContact) as { isDeleted: boolean }).isDeleted).toBe(true);
  });

  it('does the same with a shuffled order and a page size of 37', async () => {
    const t = await setup({ sortOrder: 'shuffle', pageSize: 37 });
    await t.engine.runOnce();
    expectSameAsServer(t.sink, t.state);
    await changeOnServer(t);
    await t.engine.runOnce();
    expectSameAsServer(t.sink, t.state);
  });

  it('does the same through 5% injected errors, resets and truncated bodies', async () => {
    const faults = { errorRate: 0.05, resetRate: 0.03, truncateRate: 0.03 };
    const t = await setup({ pageSize: 20, faults });
    const results = await t.engine.runOnce();
    expect(results.map((r) => r.state)).toEqual(results.map(() => 'done'));
    // The staff member's own changes are not the sync's to survive: they go in without faults.
    t.demo.configure({ faults: { errorRate: 0, resetRate: 0, truncateRate: 0 } });
    await changeOnServer(t);
    t.demo.configure({ faults });
    await t.engine.runOnce();
    expectSameAsServer(t.sink, t.state);
  });

  it('ordered by updatedOn: a contact edited while the import reads the list moves to its end, and the import is read again rather than miss the contact that moved back', async () => {
    const t = await setup({ sortOrder: 'updatedOn', pageSize: 20 });
    const practice = t.demo.practices[0]!;
    let edited = false;
    const api = {
      ...t.api,
      list: (async (path, schema, options) => {
        if (path === '/contacts/list' && options?.query?.['pageNumber'] === 2 && !edited) {
          // A staff member edits the first contact of the page just read.
          edited = true;
          const first = [...t.sink.table('contacts').values()][0] as { entityKey: string; entityContactID: number };
          const answer = await fetch(
            `${practice.baseUrl}/api/v1/entities/${first.entityKey}/contacts/${first.entityContactID}`,
            {
              method: 'PUT',
              headers: {
                'X-Svc-Auth-ID': practice.readWrite.clientId,
                'X-Svc-Auth-Key': practice.readWrite.secret,
                'Content-Type': 'application/json',
              },
              body: JSON.stringify({ contactName: 'Edited' }),
            },
          );
          expect(answer.status).toBe(200);
        }
        return t.api.list(path, schema, options);
      }) as typeof t.api.list,
    };
    const engine = createSyncEngine({ api, sink: t.sink });
    const first = await engine.runOnce();
    expect(edited).toBe(true);
    expect(first.find((r) => r.resource === 'contacts')!.state).toBe('done');
    // The import's pass ended unproven: it is read again from its first page on the next run.
    expect(t.sink.cursors['contacts']).toMatchObject({ mode: 'full', nextPage: 1 });
    await engine.runOnce();
    expect(t.sink.cursors['contacts']).toMatchObject({ mode: 'incremental' });
    expectSameAsServer(t.sink, t.state);
  });

  it('resumes a pass broken mid-way from its stored page, without refetching committed pages', async () => {
    const t = await setup({ pageSize: 20 });
    t.sink.crashAfter(3);
    const broken = await t.engine.runOnce();
    expect(broken[0]).toMatchObject({ resource: 'entities', state: 'failed' });
    expect(t.sink.cursors['entities']).toMatchObject({ mode: 'full', nextPage: 4 });
    expect(t.sink.table('entities').size).toBe(60);
    t.sink.crashAfter(null);
    const before = t.demo.runtime.requestLog.length;
    const restarted = createSyncEngine({ api: t.api, sink: t.sink });
    await restarted.runOnce();
    const entityPages = t.demo.runtime.requestLog
      .slice(before)
      .filter((r) => r.operationId === 'listEntities')
      .map((r) => new URL(r.url, 'http://x').searchParams.get('pageNumber'));
    expect(entityPages[0]).toBe('4');
    expectSameAsServer(t.sink, t.state);
  });

  it('takes the watermark from the server Date minus the margin — not the laptop clock, not the largest updatedOn', async () => {
    const serverNow = new Date('2031-03-04T05:06:07Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-01T00:00:00Z') });
    await t.engine.runOnce();
    expect(t.sink.cursors['entities']!.watermark).toBe(
      new Date(Math.floor(serverNow.getTime() / 1000) * 1000 - 120_000).toISOString(),
    );
    const maxUpdated = [...t.state.entities.values()]
      .map((e) => e.updatedOn)
      .sort()
      .at(-1)!;
    expect(t.sink.cursors['entities']!.watermark).not.toBe(maxUpdated);
  });

  it('catches a change made mid-pass to a record already fetched, on the next incremental pass', async () => {
    const t = await setup({ pageSize: 20 });
    t.sink.crashAfter(2);
    await t.engine.runOnce();
    const fetched = [...t.sink.table('entities').keys()][0] as string;
    t.state.entities.get(fetched)!.fullEntityName = 'Renamed During The Pass';
    t.state.entities.get(fetched)!.updatedOn = new Date().toISOString();
    t.sink.crashAfter(null);
    await t.engine.runOnce();
    await t.engine.runOnce();
    expect((t.sink.table('entities').get(fetched) as { fullEntityName: string }).fullEntityName).toBe(
      'Renamed During The Pass',
    );
  });

  it('stops the run with a plain sentence when the network is gone, keeping what was stored', async () => {
    const t = await setup();
    await t.engine.runOnce();
    const offline = createPartnerApiClient({
      baseUrl: 'http://127.0.0.1:9',
      credentials: () => t.demo.practices[0]!.readWrite,
      fetch,
      sleep: async () => undefined,
      maxAttempts: 2,
    });
    const results = await createSyncEngine({ api: offline, sink: t.sink }).runOnce();
    expect(results.every((r) => r.state === 'failed')).toBe(true);
    expect(results[0]!.error).toMatch(/could not be reached/);
    expectSameAsServer(t.sink, t.state);
  });

  it('stops the run at the first redirect: the other resources are not asked (and nothing is followed)', async () => {
    const t = await setup();
    let requests = 0;
    const redirecting: typeof fetch = async () => {
      requests++;
      return new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } });
    };
    const api = createPartnerApiClient({
      baseUrl: t.demo.practices[0]!.baseUrl,
      credentials: () => t.demo.practices[0]!.readWrite,
      fetch: redirecting,
      sleep: async () => undefined,
    });
    const results = await createSyncEngine({ api, sink: t.sink }).runOnce();
    expect(requests).toBe(1);
    expect(results.every((r) => r.state === 'failed')).toBe(true);
    expect(results[0]!.error).toMatch(/another address/);
  });

  it('reconciles: an old whole read is redone (when the budget allows), restoring a record paging skipped', async () => {
    let serverNow = new Date('2031-03-04T05:00:00Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-01T00:00:00Z'), pageSize: 40 });
    await t.engine.runOnce();
    const lost = [...t.sink.table('entities').keys()][7]!;
    t.sink.table('entities').delete(lost); // as if a record moved between pages while a pass read them
    const allowed: [string, number][] = [];
    let budgetAllows = false;
    const engine = createSyncEngine({
      api: t.api,
      sink: t.sink,
      reconcile: {
        everyMs: 86_400_000,
        mayStart: (resource, requests) => (allowed.push([resource, requests]), budgetAllows),
      },
    });

    serverNow = new Date('2031-03-04T12:00:00Z'); // younger than a day: no reconciliation is even considered
    await engine.runOnce();
    expect(allowed).toEqual([]);
    expect(t.sink.table('entities').has(lost)).toBe(false); // an incremental pass cannot find it

    // Age is judged on server time only, from the last completed pass: this pass (a day later) is what
    // makes the next one due.
    serverNow = new Date('2031-03-05T06:00:00Z');
    await engine.runOnce();
    expect(allowed).toEqual([]);
    await engine.runOnce(); // due now, but the budget says no

    expect(allowed.map(([resource]) => resource)).toEqual(['entities', 'contacts', 'onboardings', 'leads']);
    expect(allowed[0]![1]).toBe(Math.floor(t.state.entities.size / 40) + 1); // sized from the last whole read
    expect(t.sink.table('entities').has(lost)).toBe(false);

    budgetAllows = true;
    const before = t.demo.runtime.requestLog.length;
    const results = await engine.runOnce();
    expect(results.find((r) => r.resource === 'entities')!.mode).toBe('reconcile');
    expect(t.sink.table('entities').has(lost)).toBe(true);
    expectSameAsServer(t.sink, t.state);
    const entityRequests = t.demo.runtime.requestLog
      .slice(before)
      .filter((r) => r.url.includes('/entities/list')).length;
    // The pages of the whole read, and its first page read again to prove the page size held throughout.
    expect(entityRequests).toBe(Math.floor(t.state.entities.size / 40) + 2);
    const cursor = t.sink.cursors['entities']!;
    expect(cursor.mode).toBe('incremental');
    expect(cursor.fullPassAt).toBe(serverNow.toISOString());
    expect(cursor.fullPassRecords).toBe(t.state.entities.size);
  });
});

describe('money: date windows, whole lists and reports', () => {
  it('imports a year of bills and payments by date window, then reads only the days since the last pass; reports are stored whole', async () => {
    let serverNow = new Date('2031-03-04T05:06:07Z');
    const t = await setup({ clock: { now: () => serverNow }, anchor: new Date('2031-03-04T00:00:00Z'), pageSize: 37 });
    const full = await t.engine.runOnce();
    expect(full.every((r) => r.state === 'done')).toBe(true);

    // History window: a year back from the server's today (not the laptop's), a month ahead.
    const inHistory = [...t.state.bills.values()].filter(
      (b) => b.billDate >= '2030-03-04' && b.billDate <= '2031-04-04',
    );
    expect(inHistory.length).toBeGreaterThan(37); // several pages
    expect(new Set(t.sink.table('bills').keys())).toEqual(new Set(inHistory.map((b) => b.billingId)));
    expect([...t.state.bills.values()].some((b) => b.billDate < '2030-03-04')).toBe(true); // older bills exist and were left out
    const paymentsInHistory = [...t.state.payments.values()].filter(
      (p) => p.paymentDate >= '2030-03-04' && p.paymentDate <= '2031-04-04',
    );
    expect(new Set(t.sink.table('payments').keys())).toEqual(new Set(paymentsInHistory.map((p) => p.paymentId)));
    expect(t.sink.table('recurringBillings').size).toBe(t.state.recurringBillings.size);

    // Reports: one object each, for the server's today; movement over the last twelve months.
    expect((t.sink.table('debtorAgeing').get('debtorAgeing') as { asAt: string }).asAt).toBe('2031-03-04');
    expect(t.sink.table('debtorMovement').get('debtorMovement')).toMatchObject({
      startDate: '2030-03-05',
      endDate: '2031-03-04',
    });
    expect(t.sink.table('ledgerStatus').get('ledgerStatus')).toMatchObject({ connected: expect.any(Boolean) });

    // A pass an hour later reads from the server's day of the last pass: new bills are dated the day they
    // are made. Nothing is dated today yet, so one empty page; a bill from ten months ago is not asked for.
    serverNow = new Date(serverNow.getTime() + 56 * 60_000);
    const before = t.demo.runtime.requestLog.length;
    await t.engine.runOnce();
    const billPages = t.demo.runtime.requestLog.slice(before).filter((r) => r.operationId === 'listBills');
    expect(billPages).toHaveLength(1);
    expect(t.sink.cursors.bills!.window).toEqual({ startDate: '2031-03-03', endDate: '2031-04-04' });

    // Three days later (the laptop was closed): from the day of the last pass, so no day is skipped.
    serverNow = new Date('2031-03-07T09:00:00Z');
    await t.engine.runOnce();
    expect(t.sink.cursors.bills!.window).toEqual({ startDate: '2031-03-03', endDate: '2031-04-07' });
  });
});
