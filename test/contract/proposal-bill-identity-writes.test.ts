import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

const activeClient = () => [...t.state().entities.values()].find((e) => !e.entityTerminated && e.entityEmail)!;
const terminatedClient = () => [...t.state().entities.values()].find((e) => e.entityTerminated)!;
const userKey = () => [...t.state().users.keys()][0]!;

describe('Proposals (contract: duplicate and renew create Drafts copying pricing, billings and jobs; renew marks the original Renewed)', () => {
  const accepted = () =>
    [...t.state().proposals.values()].find(
      (p) => p.statusName === 'Accepted' && p.pricing.jobs.length > 0 && p.pricing.services.length > 0,
    )!;

  it('duplicates into a Draft with the same pricing, billings and jobs', async () => {
    const source = accepted();
    const copy = await t.call('POST', `/proposals/${source.proposalKey}/duplicate`, { body: { userKey: userKey() } });
    expect(copy.status).toBe(201);
    const pricing = (await t.call('GET', `/proposals/${copy.json.proposalKey}/pricing`)).json;
    expect(pricing.statusName).toBe('Draft');
    expect(pricing.services).toEqual(source.pricing.services);
    expect(pricing.jobs).toEqual(source.pricing.jobs);
    expect(pricing.invoices).toEqual(source.pricing.invoices);
    expect((await t.call('GET', `/proposals/${source.proposalKey}`)).json.statusName).toBe('Accepted');
  });

  it('renews into a Draft after the preview, with the chosen signatory, and marks the original Renewed', async () => {
    const source = accepted();
    const preview = (await t.call('GET', `/proposals/${source.proposalKey}/renew-preview`)).json;
    const signatory = preview.signatories[0];
    const renewed = await t.call('POST', `/proposals/${source.proposalKey}/renew`, {
      body: { userKey: userKey(), signatoryContactID: signatory.contactID },
    });
    expect(renewed.status).toBe(201);
    const detail = (await t.call('GET', `/proposals/${renewed.json.proposalKey}`)).json;
    expect(detail).toMatchObject({
      statusName: 'Draft',
      renewedFromKey: source.proposalKey,
      signatoryName: signatory.name,
      startsOn: preview.startsOn,
    });
    expect(detail.pricing.services).toEqual(source.pricing.services);
    expect((await t.call('GET', `/proposals/${source.proposalKey}`)).json.statusName).toBe('Renewed');
  });

  it('replaces services and external projects, flagging billing review on an accepted proposal', async () => {
    const source = accepted();
    const service = t.state().services[0]!;
    const put = await t.call('PUT', `/proposals/${source.proposalKey}/services`, {
      body: { userKey: userKey(), services: [{ serviceID: service.serviceID, quantity: 2 }] },
    });
    expect(put.json.pricing.services).toHaveLength(1);
    expect(put.json.pricing.servicesTotal).toBeCloseTo(put.json.pricing.services[0].lineTotal, 2);
    const projects = await t.call('PUT', `/proposals/${source.proposalKey}/external-projects`, {
      body: {
        userKey: userKey(),
        externalProjects: [
          {
            id: 1,
            remove: false,
            name: 'Year end',
            budget: 1000,
            budgetUnits: 'AUD',
            normalBillingRate: 200,
            hoursPerDay: 7.5,
            billingPeriod: 'Monthly',
            currency: 'AUD',
            isIr35: false,
            includeUnbilledTimeInProfitability: true,
            startsOn: '2026-12-01T00:00:00Z',
            endsOn: '2027-11-30T00:00:00Z',
          },
        ],
      },
    });
    expect(projects.json).toMatchObject({ billingNeedsReview: true, section: null });
  });

  it('creates adhoc and from-template Drafts, but only for an Active client', async () => {
    const services = (await t.call('GET', '/proposals/services')).json;
    expect(services.some((s: any) => s.parentServiceID !== null)).toBe(true);
    const adhoc = await t.call('POST', '/proposals', {
      body: {
        userKey: userKey(),
        entityKey: activeClient().entityKey,
        name: 'Advice',
        services: [{ serviceID: services[0].serviceID }],
        pmJobs: [{ templateID: 301, name: 'Advice meeting' }],
      },
    });
    expect(adhoc.status).toBe(201);
    const templates = (await t.call('GET', '/proposals/templates')).json;
    const fromTemplate = await t.call('POST', '/proposals/from-template', {
      body: { userKey: userKey(), templateID: templates[0].templateID, entityKey: activeClient().entityKey },
    });
    expect(fromTemplate.json.statusName).toBe('Draft');
    expect(
      (
        await t.call('POST', '/proposals', {
          body: {
            userKey: userKey(),
            entityKey: terminatedClient().entityKey,
            name: 'x',
            services: [{ serviceID: services[0].serviceID }],
          },
        })
      ).status,
    ).toBe(400);
    for (const catalog of [
      'pm-job-templates',
      'pm-job-categories',
      'pm-staff',
      'dms-job-templates',
      'dms-job-states',
    ]) {
      expect((await t.call('GET', `/proposals/${catalog}`)).json.length, catalog).toBeGreaterThan(0);
    }
  });
});

describe('Adhoc bills (contract: Active client only; with a connected ledger each line needs an account or sale item plus tax)', () => {
  it('needs an Active client', async () => {
    const result = await t.call('POST', '/bills', {
      body: {
        entityKey: terminatedClient().entityKey,
        dueDate: '2027-01-31',
        sendBill: false,
        syncNow: false,
        lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, saleItemCode: 'ADV-HR', extTaxID: 'OUTPUT' }],
      },
    });
    expect(result.status).toBe(400);
    expect(result.json.message).toMatch(/not Active/);
  });

  it('with a connected ledger refuses a line without account or sale item, or without tax', async () => {
    const base = { entityKey: activeClient().entityKey, dueDate: '2027-01-31', sendBill: false, syncNow: false };
    expect(
      (
        await t.call('POST', '/bills', {
          body: { ...base, lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, extTaxID: 'OUTPUT' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/bills', {
          body: { ...base, lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, saleItemCode: 'ADV-HR' }] },
        })
      ).status,
    ).toBe(400);
    const account = t.state().ledger.accounts.find((a) => a.type === 'REVENUE')!;
    const ok = await t.call('POST', '/bills', {
      body: {
        ...base,
        lines: [
          {
            description: 'Advice',
            quantity: 2,
            unitPrice: 100,
            extAccountID: account.extAccountID,
            extTaxID: 'OUTPUT',
          },
        ],
      },
    });
    expect(ok.status).toBe(201);
    const detail = (await t.call('GET', `/bills/${ok.json.billingId}`)).json;
    expect(detail).toMatchObject({
      source: 'adhoc',
      engagementKey: null,
      externalId: null,
      subtotal: 200,
      taxTotal: 20,
      total: 220,
      amountDue: 220,
    });
  });

  it('without a ledger accepts plain lines', async () => {
    const client = [...t.state(1).entities.values()].find((e) => !e.entityTerminated)!;
    const ok = await t.call('POST', '/bills', {
      practice: 1,
      body: {
        entityKey: client.entityKey,
        dueDate: '2027-01-31',
        sendBill: true,
        syncNow: false,
        lines: [{ description: 'Advice', quantity: 1, unitPrice: 100 }],
      },
    });
    expect(ok.status).toBe(201);
  });
});

describe('Identity (contract: send with optional AML; standalone AML standard or extensive; certificate PDF)', () => {
  it('sends a verification with AML, bills it, and runs an extensive AML check', async () => {
    const entity = activeClient();
    const credits = t.state().wallet.idCheckCredits;
    const sent = await t.call('POST', '/id-verifications/send', {
      body: { entityKey: entity.entityKey, includeAml: true },
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ statusName: 'Sent', includeAml: true });
    const aml = await t.call('POST', '/id-verifications/aml-checks', {
      body: { entityKey: entity.entityKey, kind: 'extensive' },
    });
    expect(aml.json).toMatchObject({ kind: 'extensive', result: 'clear' });
    expect(t.state().wallet.idCheckCredits).toBe(credits - 2 - 2);
  });

  it('answers 400 without identity credits', async () => {
    const uk = t.state(1);
    const saved = uk.wallet.idCheckCredits;
    uk.wallet.idCheckCredits = 0;
    try {
      const client = [...uk.entities.values()].find((e) => !e.entityTerminated && e.entityEmail)!;
      const result = await t.call('POST', '/id-verifications/aml-checks', {
        practice: 1,
        body: { entityKey: client.entityKey, kind: 'standard' },
      });
      expect(result.status).toBe(400);
      expect(result.json.message).toMatch(/Insufficient/);
    } finally {
      uk.wallet.idCheckCredits = saved;
    }
  });

  it('serves the certificate PDF for a verified client and 404 otherwise', async () => {
    const verified = [...t.state().idVerifications.entries()].find(([, list]) =>
      list.some((v) => v.result === 'verified'),
    )![0];
    const pdf = await t.call('GET', `/id-verifications/entities/${verified}/certificate`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const unverified = [...t.state().entities.keys()].find(
      (key) =>
        !t
          .state()
          .idVerifications.get(key)
          ?.some((v) => v.result === 'verified'),
    )!;
    expect((await t.call('GET', `/id-verifications/entities/${unverified}/certificate`)).status).toBe(404);
  });
});
