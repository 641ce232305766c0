import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billSummaryText,
  debtorsTotalNote,
  overdueAmount,
  windowSentence,
} from '../../../../../src-renderer/features/billing/money-wording';
import { ageingOfBills } from '../../../../../src-renderer/features/debtors/ageing';
import { billStanding } from '../../../../../src-renderer/ui/money-status';
import { daysOverdue } from '../../../../../src-preload/contract/money';
import { localToday } from '../../../../../src-preload/contract/iso-day';

const bill = (
  statusName: 'Draft' | 'Awaiting payment' | 'Part paid' | 'Paid' | 'Voided',
  dueDate: string,
  amountDue: number,
) => ({
  statusName,
  dueDate,
  amountDue,
});

describe('overdue bills', () => {
  const savedTz = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Australia/Sydney';
  });
  afterAll(() => {
    process.env['TZ'] = savedTz;
  });

  it('counts days overdue from the practice’s today, not UTC’s', () => {
    // 22:00 UTC on 23 November is 9 am on the 24th in Sydney: a bill due on the 23rd is a day overdue there.
    const sydneyMorning = new Date('2026-11-23T22:00:00Z');
    const today = localToday(sydneyMorning);
    expect(today).toBe('2026-11-24');
    expect(billStanding(bill('Awaiting payment', '2026-11-23', 100), today)).toEqual({
      label: 'Overdue · 1 day',
      colour: 'red',
      daysOverdue: 1,
    });
    // By UTC's date it would not be overdue yet.
    expect(billStanding(bill('Awaiting payment', '2026-11-23', 100), '2026-11-23').label).toBe('Awaiting payment');
  });

  it('wears a distinct badge with its days; one not yet due stays "Awaiting payment"', () => {
    const today = '2026-11-23';
    expect(daysOverdue('2026-06-03', today)).toBe(173);
    expect(billStanding(bill('Awaiting payment', '2026-06-03', 500), today)).toEqual({
      label: 'Overdue · 173 days',
      colour: 'red',
      daysOverdue: 173,
    });
    expect(billStanding(bill('Part paid', '2026-11-11', 20), today).label).toBe('Part paid · overdue 12 days');
    expect(billStanding(bill('Awaiting payment', '2026-12-23', 500), today)).toEqual({
      label: 'Awaiting payment',
      colour: 'blue',
      daysOverdue: 0,
    });
    expect(billStanding(bill('Awaiting payment', '2026-11-23', 500), today).label).toBe('Awaiting payment');
    // Paid, voided or draft bills, and nothing left to pay: never overdue.
    expect(billStanding(bill('Paid', '2026-01-01', 0), today).label).toBe('Paid');
    expect(billStanding(bill('Voided', '2026-01-01', 300), today).label).toBe('Voided');
    expect(billStanding(bill('Draft', '2026-01-01', 300), today).label).toBe('Draft');
    expect(billStanding(bill('Awaiting payment', '2026-01-01', 0), today).label).toBe('Awaiting payment');
  });

  it('a client’s ageing puts what each unpaid bill owes in the bucket of its days overdue', () => {
    const today = '2026-11-23';
    expect(
      ageingOfBills(
        [
          bill('Awaiting payment', '2026-12-01', 100), // not yet due
          bill('Awaiting payment', '2026-11-23', 10.1), // due today: current
          bill('Part paid', '2026-11-01', 50), // 22 days
          bill('Awaiting payment', '2026-10-01', 70), // 53 days
          bill('Awaiting payment', '2026-09-01', 30), // 83 days
          bill('Awaiting payment', '2026-06-03', 500), // 173 days
          bill('Paid', '2026-01-01', 0),
          bill('Voided', '2026-01-01', 999),
          bill('Draft', '2026-01-01', 999),
        ],
        today,
      ),
    ).toEqual({ current: 110.1, days1to30: 50, days31to60: 70, days61to90: 30, days90plus: 500, total: 760.1 });
  });
});

describe('what each money total counts', () => {
  const window = { startDate: '2025-11-24', endDate: '2026-12-24', complete: true };

  it('Billing names its window, and says "onwards" when the window ends after today', () => {
    expect(windowSentence('Bills', window, '2026-11-23', 'ANZ')).toBe(
      "Bills dated from 24 Nov 2025 onwards are on this laptop; older bills come with a client's meeting pack.",
    );
    expect(windowSentence('Payments', { ...window, endDate: '2026-11-01' }, '2026-11-23', 'UK')).toBe(
      "Payments dated from 24 Nov 2025 to 1 Nov 2026 are on this laptop; older payments come with a client's meeting pack.",
    );
    expect(windowSentence('Bills', { ...window, complete: false }, '2026-11-23', 'ANZ')).toBe(
      'The first sync is still bringing bills dated from 24 Nov 2025 onwards; more appear as it goes.',
    );
  });

  it('the bills’ summary says what of the amount owed is due on them and how much is overdue', () => {
    const base = { count: 312, total: 250000, amountDue: 143503.8, overdue: 0, range: '', currency: 'AUD' };
    // A part of the one "owed" figure above it, with no date of its own.
    expect(billSummaryText({ ...base, overdue: 98000.5 }, 'ANZ')).toBe(
      '312 bills · billed $250,000.00 · of what is owed, $143,503.80 is due on these bills ($98,000.50 overdue)',
    );
    expect(billSummaryText({ ...base, count: 1 }, 'ANZ')).toBe(
      '1 bill · billed $250,000.00 · of what is owed, $143,503.80 is due on these bills (none overdue)',
    );
    expect(billSummaryText({ ...base, amountDue: 0, range: ' dated from 1 Mar 2026' }, 'ANZ')).toBe(
      '312 bills dated from 1 Mar 2026 · billed $250,000.00 · nothing due on these bills',
    );
    // With no owed figure on the screen, what is due on these bills stands alone.
    expect(billSummaryText(base, 'ANZ', false)).toBe(
      '312 bills · billed $250,000.00 · $143,503.80 due on these bills (none overdue)',
    );
  });

  it('the Debtors total says what it counts and that Billing shows the same figure', () => {
    expect(debtorsTotalNote()).toBe(
      "The practice's ageing report: every unpaid bill, of any age. Bills this laptop has read since are added as their own part; Billing shows the same figure.",
    );
  });

  it('overdue adds up only what is owed past its due date', () => {
    expect(
      overdueAmount(
        [
          bill('Awaiting payment', '2026-11-01', 10.1),
          bill('Part paid', '2026-11-02', 0.2),
          bill('Awaiting payment', '2026-12-01', 99),
        ],
        '2026-11-23',
      ),
    ).toBe(10.3);
  });
});
