import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src-main/demo-practice/data/generate-demo-data';
import { readPdf } from '../support/read-pdf-text';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ anchor: new Date('2026-11-20T00:00:00Z') });
});
afterAll(() => t.demo.close());

const anchor = new Date('2026-11-20T00:00:00Z');
const snapshot = (seed: number) => {
  const [p] = generateDemoData({ seed, size: 'small', anchor });
  return JSON.stringify({
    profile: p!.profile,
    entities: [...p!.entities.values()],
    bills: [...p!.bills.values()].slice(0, 50),
  });
};

describe('Deterministic data (seed, size)', () => {
  it('gives the same data for the same seed and different data for another', () => {
    expect(snapshot(7)).toBe(snapshot(7));
    expect(snapshot(7)).not.toBe(snapshot(8));
  });

  it('seeds three practices in different regions, each with read-write and read-only credentials', () => {
    const regions = t.demo.practices.map((p) => p.region);
    expect(regions).toEqual(['ANZ', 'UK', 'ZA']);
    for (const p of t.demo.practices) {
      expect(p.readWrite.clientId).toMatch(/^[0-9a-f-]{36}$/);
      expect(p.readOnly.clientId).not.toBe(p.readWrite.clientId);
    }
    expect(t.state(0).entities.size).toBeGreaterThanOrEqual(140);
    expect(t.state(0).profile.currency).toBe('AUD');
    expect(t.state(1).profile.currency).toBe('GBP');
    expect(t.state(2).profile.currency).toBe('ZAR');
  });

  it('populates every resource, with soft-deleted contacts, terminated clients and updatedOn spread over time', () => {
    const s = t.state(0);
    for (const [name, size] of Object.entries({
      contacts: s.contacts.size,
      onboardings: s.onboardings.size,
      leads: s.leads.size,
      proposals: s.proposals.size,
      bills: s.bills.size,
      payments: s.payments.size,
      statements: s.statements.size,
      recurring: s.recurringBillings.size,
      idVerifications: s.idVerifications.size,
    })) {
      expect(size, name).toBeGreaterThan(0);
    }
    expect([...s.contacts.values()].some((c) => c.isDeleted)).toBe(true);
    expect([...s.entities.values()].some((e) => e.entityTerminated)).toBe(true);
    const years = new Set([...s.entities.values()].map((e) => e.updatedOn.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(2);
    for (const e of s.entities.values()) expect(e.updatedOn < anchor.toISOString()).toBe(true);
  });
});

describe('Consistent data', () => {
  it("matches each bill's amountPaid to its payments, less refunds", async () => {
    const s = t.state(0);
    let checked = 0;
    for (const bill of [...s.bills.values()]
      .filter((b) => b.statusName !== 'Draft' && b.statusName !== 'Voided')
      .slice(0, 40)) {
      const payments = (await t.call('GET', `/bills/${bill.billingId}/payments`)).json as any[];
      const paid = payments
        .filter((p) => p.paymentStatus === 'completed' || p.paymentStatus === 'refunded')
        .reduce((sum, p) => sum + p.amount - p.refundedAmount, 0);
      expect(bill.amountPaid, bill.billNumber).toBeCloseTo(paid, 2);
      expect(bill.amountDue, bill.billNumber).toBeCloseTo(bill.total - paid, 2);
      checked++;
    }
    expect(checked).toBe(40);
  });

  it('makes debtor ageing add up to the outstanding invoices, per client and in total', async () => {
    const ageing = (await t.call('GET', '/debtors/ageing')).json;
    const invoices = (await t.call('GET', '/debtors/invoices')).json as any[];
    const outstanding = invoices.reduce((sum, i) => sum + i.amountDue, 0);
    expect(ageing.totals.total).toBeCloseTo(outstanding, 1);
    const buckets =
      ageing.totals.current +
      ageing.totals.days1to30 +
      ageing.totals.days31to60 +
      ageing.totals.days61to90 +
      ageing.totals.days90plus;
    expect(buckets).toBeCloseTo(ageing.totals.total, 1);
    expect(ageing.clients.reduce((sum: number, c: any) => sum + c.total, 0)).toBeCloseTo(ageing.totals.total, 1);
    const sumOfBills = [...t.state(0).bills.values()]
      .filter((b) => b.statusName !== 'Draft' && b.statusName !== 'Voided')
      .reduce((sum, b) => sum + b.amountDue, 0);
    expect(ageing.totals.total).toBeCloseTo(sumOfBills, 1);
  });

  it('makes movement add up: opening + billed − paid = closing, closing = ageing at the end date', async () => {
    const movement = (await t.call('GET', '/debtors/movement?startDate=2026-01-01&endDate=2026-10-31')).json;
    expect(movement.openingBalance + movement.billed - movement.paid).toBeCloseTo(movement.closingBalance, 1);
    const ageing = (await t.call('GET', '/debtors/ageing?asAt=2026-10-31')).json;
    expect(ageing.totals.total).toBeCloseTo(movement.closingBalance, 1);
  });

  it("makes statements match the client's bills: lines run from opening to closing, closing equals the ageing", async () => {
    const statement = [...t.state(0).statements.values()].find((s) => s.lines.length > 2)!;
    const detail = (await t.call('GET', `/statements/${statement.statementId}`)).json;
    let balance = detail.openingBalance;
    for (const line of detail.lines.slice(1)) {
      balance += line.debit - line.credit;
      expect(line.balance).toBeCloseTo(balance, 2);
    }
    expect(detail.closingBalance).toBeCloseTo(balance, 2);
    expect(detail.ageing.total).toBeCloseTo(detail.closingBalance, 2);
    for (const line of detail.lines.filter((l: any) => l.type === 'invoice')) {
      const bill = t.state(0).bills.get(line.billingId)!;
      expect(bill.entityKey).toBe(statement.entityKey);
      expect(line.debit).toBeCloseTo(bill.total, 2);
    }
    const list = (await t.call('GET', `/statements/list?entityKey=${statement.entityKey}`)).json;
    expect(list.map((s: any) => s.statementId)).toContain(statement.statementId);
  });

  it('makes onboardings reference real recipients (the client’s contacts) and real forms', () => {
    const s = t.state(0);
    for (const onboarding of s.onboardings.values()) {
      expect(s.eforms.has(onboarding.formKey)).toBe(true);
      const contacts = [...s.contacts.values()].filter((c) => c.entityKey === onboarding.entityKey);
      for (const r of onboarding.recipients)
        expect(contacts.some((c) => c.contactName === r.name && c.contactSurname === r.surname)).toBe(true);
    }
  });

  it('never returns saved payment sources', async () => {
    const payments = (await t.call('GET', '/payments/list?startDate=2024-01-01&endDate=2026-12-31')).json as any[];
    expect(payments.length).toBeGreaterThan(0);
    const detail = (await t.call('GET', `/payments/${payments[0].paymentId}`)).json;
    const text = JSON.stringify([payments, detail]);
    expect(text).not.toMatch(/cardNumber|accountNumber|bsb|sortCode|iban|expiry|cvv|\b\d{13,19}\b/i);
  });

  it('filters payments by status, method and client', async () => {
    const refunded = (
      await t.call('GET', '/payments/list?startDate=2024-01-01&endDate=2026-12-31&paymentStatus=refunded')
    ).json as any[];
    for (const p of refunded) expect(p.paymentStatus).toBe('refunded');
    const card = (await t.call('GET', '/payments/list?startDate=2024-01-01&endDate=2026-12-31&paymentMethod=card'))
      .json as any[];
    for (const p of card) expect(p.paymentMethod).toBe('card');
    expect((await t.call('GET', '/payments/list?startDate=2026-12-31&endDate=2026-01-01')).status).toBe(400);
  });

  it('serves recurring schedules with runs whose ledger numbers are on the generated bills', async () => {
    const schedule = (await t.call('GET', '/recurring-billing/list')).json[0];
    const runs = (await t.call('GET', `/recurring-billing/${schedule.recurringBillingId}/runs`)).json as any[];
    const created = runs.find((r) => r.billingId !== null);
    const bill = (await t.call('GET', `/bills/${created.billingId}`)).json;
    expect(bill.recurringBillingId).toBe(schedule.recurringBillingId);
    expect(created.ledgerInvoiceNumber).toBe(bill.externalNumber);
  });
});

describe('PDFs (contract: branded bill PDF with pay link; statement and certificate PDFs)', () => {
  it('serves a valid bill PDF with the bill number, client, due date, totals and pay link', async () => {
    const bill = [...t.state(0).bills.values()].find((b) => b.statusName === 'Awaiting payment' && b.payLinkUrl)!;
    const result = await t.call('GET', `/bills/${bill.billingId}/pdf`);
    expect(result.headers.get('content-type')).toBe('application/pdf');
    const pdf = await readPdf(result.bytes);
    expect(pdf.text).toContain(bill.billNumber);
    expect(pdf.text).toContain(
      bill.entityName
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ł/g, 'l')
        .slice(0, 10),
    );
    expect(pdf.text).toMatch(/Pay online/);
    expect(pdf.text).toContain(t.state(0).profile.name);
  });

  it('answers 404 for the PDF of a draft bill and an unknown bill', async () => {
    const draft = [...t.state(0).bills.values()].find((b) => b.statusName === 'Draft');
    if (draft) expect((await t.call('GET', `/bills/${draft.billingId}/pdf`)).status).toBe(404);
    expect((await t.call('GET', '/bills/99999999/pdf')).status).toBe(404);
  });

  it('serves a statement PDF with its number', async () => {
    const statement = [...t.state(0).statements.values()][0]!;
    const pdf = await readPdf((await t.call('GET', `/statements/${statement.statementId}/pdf`)).bytes);
    expect(pdf.text).toContain(statement.statementNumber);
  });
});
