import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeBalance,
  fromCents,
  toCents,
  type BalanceAgeing,
  type BalanceBill,
} from '../../../src-preload/contract/partner-api/balance';

const asAt = '2026-11-26';
const bill = (billingId: number, amountDue: number, billDate = '2026-11-26', statusName = 'Awaiting payment') => ({
  billingId,
  amountDue,
  billDate,
  statusName,
});

describe('one balance from the ageing and the bills read since', () => {
  it('a bill the ageing did not count is "billed since"; the figure is the ageing plus it', () => {
    const ageing: BalanceAgeing = {
      asAt,
      total: 6027.18,
      invoices: [
        { billingId: 533, amountDue: 2036.93 },
        { billingId: 405, amountDue: 536.25 },
      ],
    };
    const result = computeBalance({
      ageing,
      bills: [bill(534, 605), bill(533, 2036.93), bill(405, 536.25, '2026-08-01')],
      billsRead: true,
    });
    expect(result).toEqual({
      known: true,
      cents: 663218,
      amount: 6632.18,
      parts: [
        { kind: 'ageing', asAt, cents: 602718 },
        { kind: 'billedSince', asAt, cents: 60500, bills: 1 },
      ],
    });
  });

  it('a counted bill now showing less owed is "paid since"; one owing more is older than the report', () => {
    const ageing: BalanceAgeing = {
      asAt,
      total: 300,
      invoices: [
        { billingId: 1, amountDue: 100 },
        { billingId: 2, amountDue: 200 },
      ],
    };
    const result = computeBalance({
      ageing,
      bills: [bill(1, 40, '2026-10-01'), bill(2, 250, '2026-10-01'), bill(3, 99, '2026-10-01')],
      billsRead: true,
    });
    // Bill 3 is old and missing from the report: settled by then (a stale row), not "billed since".
    expect(result).toMatchObject({ amount: 240, parts: [{ cents: 30000 }, { kind: 'paidSince', cents: -6000 }] });
  });

  it('voided and draft bills owe nothing; without any source the balance is unknown, not $0', () => {
    const bills = [bill(1, 50, asAt, 'Voided'), bill(2, 70, asAt, 'Draft'), bill(3, 10.1)];
    expect(computeBalance({ ageing: null, bills, billsRead: true })).toMatchObject({ amount: 10.1 });
    expect(computeBalance({ ageing: null, bills: [], billsRead: false })).toEqual({ known: false });
    expect(computeBalance({ ageing: null, bills: [], billsRead: true })).toMatchObject({ known: true, amount: 0 });
  });

  it("without the report's invoices only bills dated after its date count as billed since", () => {
    const ageing: BalanceAgeing = { asAt, total: 10, invoices: null };
    const result = computeBalance({ ageing, bills: [bill(1, 5, asAt), bill(2, 7, '2026-11-27')], billsRead: true });
    expect(result).toMatchObject({ amount: 17 });
  });
});

const cents = fc.integer({ min: -5_000_000, max: 50_000_000 });
const amount = cents.map(fromCents);
const day = fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 9, 1 + d)).toISOString().slice(0, 10));
const arbBill: fc.Arbitrary<BalanceBill> = fc.record({
  billingId: fc.integer({ min: 1, max: 40 }),
  billDate: day,
  statusName: fc.constantFrom('Awaiting payment', 'Paid', 'Voided', 'Draft', 'Part paid'),
  amountDue: amount,
});
const arbAgeing: fc.Arbitrary<BalanceAgeing | null> = fc.option(
  fc.record({
    asAt: day,
    total: amount,
    invoices: fc.option(fc.array(fc.record({ billingId: fc.integer({ min: 1, max: 40 }), amountDue: amount }))),
  }),
);

describe('the rule, for any stored data', () => {
  it('the parts always sum to the figure, in whole cents, and the amount is exactly the cents', () => {
    fc.assert(
      fc.property(arbAgeing, fc.array(arbBill, { maxLength: 60 }), fc.boolean(), (ageing, bills, billsRead) => {
        const result = computeBalance({ ageing, bills, billsRead });
        if (!result.known) {
          expect(ageing === null && bills.length === 0 && !billsRead).toBe(true);
          return;
        }
        const sum = result.parts.reduce((s, p) => s + p.cents, 0);
        expect(result.cents).toBe(sum);
        for (const p of result.parts) expect(Number.isInteger(p.cents)).toBe(true);
        expect(result.amount).toBe(result.cents / 100);
        expect(toCents(result.amount)).toBe(result.cents);
      }),
    );
  });

  it('adding up many amounts to the cent never drifts (0.1 + 0.2 is 0.30)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 200 }), (list) => {
        const bills = list.map((c, i) => bill(i + 1, fromCents(c)));
        const result = computeBalance({ ageing: null, bills, billsRead: true });
        expect(result.known && result.cents).toBe(list.reduce((s, c) => s + c, 0));
      }),
    );
  });

  it('with an ageing, the ageing part is its total and every bill it counted at the same amount adds nothing', () => {
    fc.assert(
      fc.property(day, amount, fc.array(arbBill, { maxLength: 40 }), (date, total, bills) => {
        const invoices = bills.map((b) => ({ billingId: b.billingId, amountDue: b.amountDue }));
        const unique = [...new Map(bills.map((b) => [b.billingId, b])).values()];
        const result = computeBalance({
          ageing: {
            asAt: date,
            total,
            invoices: unique.map((b) => ({ billingId: b.billingId, amountDue: b.amountDue })),
          },
          bills: unique.filter((b) => b.statusName !== 'Voided' && b.statusName !== 'Draft' && b.amountDue >= 0),
          billsRead: true,
        });
        expect(invoices.length).toBeGreaterThanOrEqual(unique.length);
        expect(result).toMatchObject({ cents: toCents(total), parts: [{ kind: 'ageing', cents: toCents(total) }] });
      }),
    );
  });
});
