import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftDay, utcDay } from '../../../src-preload/contract/iso-day';
import { addToBuckets, emptyBuckets } from '../../../src-main/demo-practice/state/billing-math';
import {
  ageingBucketOf,
  billListTotals,
  daysOverdue,
  isOverdue,
  isOwed,
  lineNet,
  roundCents,
  sumMoney,
  toCents,
} from '../../../src-preload/contract/money';
import { computeBalance } from '../../../src-preload/contract/partner-api/balance';
import { billStatuses, type Bill } from '../../../src-preload/contract/partner-api';
import { billStanding } from '../../../src-renderer/ui/money-status';
import { overdueAmount } from '../../../src-renderer/features/billing/money-wording';
import { clientBalance } from '../../../src-renderer/features/clients/client-balance';
import { ageingOfBills } from '../../../src-renderer/features/debtors/ageing';

/** Amounts as the practice sends them: whole cents, up to a million. */
const amount = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100);
const day = fc.integer({ min: 18_000, max: 22_000 }).map((n) => utcDay(n * 86_400_000));
const bill = fc.record({
  billingId: fc.integer({ min: 1, max: 1_000_000 }),
  statusName: fc.constantFrom(...billStatuses),
  dueDate: day,
  billDate: day,
  amountDue: amount,
  total: amount,
});

describe('money, the one rule for main, the renderer and the demo practice', () => {
  it('rounds to the cent with the epsilon, so 1.005 is 1.01 and float dust disappears', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(1234.565 + 0.0000001)).toBe(1234.57);
    expect(lineNet(3, 33.33)).toBe(99.99);
  });

  it('sums of cents never drift: the sum is exactly the sum of the whole cents, in any order', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 200 }), (amounts) => {
        const sum = sumMoney(amounts);
        expect(toCents(sum)).toBe(amounts.reduce((cents, a) => cents + Math.round(a * 100), 0));
        expect(sum).toBe(roundCents(sum));
        expect(sumMoney([...amounts].reverse())).toBe(sum);
      }),
    );
    // The float sum drifts here; the money sum does not.
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(sumMoney([0.1, 0.2, 0.3])).toBe(0.6);
  });

  it("a list's totals are the money sums of its bills", () => {
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 50 }), (bills) => {
        expect(billListTotals(bills)).toEqual({
          count: bills.length,
          total: sumMoney(bills.map((b) => b.total)),
          amountDue: sumMoney(bills.map((b) => b.amountDue)),
        });
      }),
    );
  });

  it('overdue agrees everywhere it is used: the badge, the overdue total, the client balance and the ageing', () => {
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 30 }), day, (bills, today) => {
        const overdue = bills.filter((b) => isOverdue(b, today));
        for (const b of bills) {
          expect(billStanding(b, today).daysOverdue > 0).toBe(isOverdue(b, today));
          expect(isOverdue(b, today)).toBe(isOwed(b) && b.dueDate < today);
        }
        const overdueSum = sumMoney(overdue.map((b) => b.amountDue));
        expect(overdueAmount(bills, today)).toBe(overdueSum);
        // The balance reads only these fields of a stored bill.
        const stored = bills.map((b) => ({ ...b, currency: 'AUD' }) as unknown as Bill);
        const balance = clientBalance({ bills: stored, debtors: [], debtorsRead: true, today });
        expect(balance).toMatchObject({ known: true, overdue: overdueSum, overdueBills: overdue.length });
        const ageing = ageingOfBills(bills, today);
        expect(roundCents(ageing.total - ageing.current)).toBe(overdueSum);
        const owed = computeBalance({ ageing: null, bills, billsRead: true });
        expect(owed).toMatchObject({ known: true, amount: sumMoney(bills.filter(isOwed).map((b) => b.amountDue)) });
        if (balance.known) expect(balance.balance).toBe(owed.known ? owed.amount : NaN);
      }),
    );
  });

  it("buckets a client's money as the practice does: the demo practice's ageing and the window's agree", () => {
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 30 }), day, (bills, today) => {
        const practice = emptyBuckets();
        for (const b of bills.filter(isOwed)) addToBuckets(practice, b.amountDue, b.dueDate, today);
        expect(ageingOfBills(bills, today)).toEqual(practice);
      }),
    );
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91].map(ageingBucketOf)).toEqual([
      'current',
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'days90plus',
    ]);
  });

  it('counts days overdue by the calendar', () => {
    expect(daysOverdue('2026-11-23', '2026-11-23')).toBe(0);
    expect(daysOverdue('2026-11-22', '2026-11-23')).toBe(1);
    expect(daysOverdue(shiftDay('2026-03-01', -173), '2026-03-01')).toBe(173);
  });
});
