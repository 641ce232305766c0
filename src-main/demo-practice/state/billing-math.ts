import type {
  AgeingBuckets,
  BillDetail,
  DebtorMovement,
  PaymentDetail,
  StatementDetail,
} from '../../../src-preload/contract/partner-api';
import { daysBetween, shiftDay } from '../../../src-preload/contract/iso-day';
import { ageingBucketOf } from '../../../src-preload/contract/money';
import { round2 } from '../data/dates';

/**
 * The money rules shared by the generator and the routes, so that bills, payments, debtor reports and
 * statements can never disagree: a bill's amountPaid is the sum of its completed payments less refunds,
 * and every report is computed from bills and payments as at a date.
 */
export function settleBill(bill: BillDetail, payments: readonly PaymentDetail[]): void {
  const paid = round2(
    payments
      .filter(
        (p) => p.billingId === bill.billingId && (p.paymentStatus === 'completed' || p.paymentStatus === 'refunded'),
      )
      .reduce((sum, p) => sum + p.amount - p.refundedAmount, 0),
  );
  bill.amountPaid = paid;
  bill.amountDue = bill.statusName === 'Voided' || bill.statusName === 'Draft' ? 0 : round2(bill.total - paid);
  if (bill.statusName === 'Voided' || bill.statusName === 'Draft') return;
  bill.statusName = bill.amountDue <= 0 ? 'Paid' : paid > 0 ? 'Part paid' : 'Awaiting payment';
}

/** A bill counts as a receivable from its bill date, unless it is a draft or voided. */
const receivable = (bill: BillDetail) => bill.statusName !== 'Draft' && bill.statusName !== 'Voided';

/** What a client owed on a bill at the end of `asAt` (payments and refunds dated on or before it). */
export function outstandingAt(bill: BillDetail, payments: readonly PaymentDetail[], asAt: string): number {
  if (!receivable(bill) || bill.billDate > asAt) return 0;
  let paid = 0;
  for (const payment of payments) {
    if (payment.billingId !== bill.billingId) continue;
    if (payment.paymentStatus !== 'completed' && payment.paymentStatus !== 'refunded') continue;
    if (payment.paymentDate <= asAt) paid += payment.amount;
    for (const refund of refundsOf(payment)) if (refund.refundedOn.slice(0, 10) <= asAt) paid -= refund.amount;
  }
  return round2(bill.total - paid);
}

function refundsOf(payment: PaymentDetail) {
  return payment.refunds;
}

export function emptyBuckets(): AgeingBuckets {
  return { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 };
}

export function addToBuckets(buckets: AgeingBuckets, amount: number, dueDate: string, asAt: string): void {
  const key = ageingBucketOf(daysBetween(dueDate, asAt));
  buckets[key] = round2(buckets[key] + amount);
  buckets.total = round2(buckets.total + amount);
}

export function daysOverdue(dueDate: string, asAt: string): number {
  return Math.max(0, daysBetween(dueDate, asAt));
}

/** Index of payments by bill, built once per request (bills × payments would be quadratic). */
export function paymentsByBill(payments: Iterable<PaymentDetail>): Map<number, PaymentDetail[]> {
  const index = new Map<number, PaymentDetail[]>();
  for (const payment of payments) {
    if (payment.billingId === null) continue;
    const list = index.get(payment.billingId);
    if (list) list.push(payment);
    else index.set(payment.billingId, [payment]);
  }
  return index;
}

export function movementBetween(
  bills: Iterable<BillDetail>,
  byBill: Map<number, PaymentDetail[]>,
  startDate: string,
  endDate: string,
  currency: string,
): DebtorMovement {
  const dayBefore = shiftDay(startDate, -1);
  let opening = 0;
  let closing = 0;
  let billed = 0;
  for (const bill of bills) {
    const payments = byBill.get(bill.billingId) ?? [];
    opening += outstandingAt(bill, payments, dayBefore);
    closing += outstandingAt(bill, payments, endDate);
    if (receivable(bill) && bill.billDate >= startDate && bill.billDate <= endDate) billed += bill.total;
  }
  // Paid in the period is what makes the balance add up: closing = opening + billed − paid.
  const paid = round2(opening + billed - closing);
  return {
    startDate,
    endDate,
    currency,
    openingBalance: round2(opening),
    billed: round2(billed),
    paid,
    closingBalance: round2(closing),
  };
}

/** Builds a statement for one client and period from its bills and payments. */
export function buildStatementLines(
  bills: readonly BillDetail[],
  byBill: Map<number, PaymentDetail[]>,
  periodStart: string,
  periodEnd: string,
): Pick<StatementDetail, 'lines' | 'openingBalance' | 'closingBalance' | 'ageing'> {
  const dayBefore = shiftDay(periodStart, -1);
  const opening = round2(
    bills.reduce((sum, bill) => sum + outstandingAt(bill, byBill.get(bill.billingId) ?? [], dayBefore), 0),
  );
  type Movement = {
    date: string;
    type: 'invoice' | 'payment' | 'refund';
    reference: string;
    description: string;
    amount: number;
    billingId: number | null;
    paymentId: number | null;
  };
  const movements: Movement[] = [];
  for (const bill of bills) {
    if (!receivable(bill)) continue;
    if (bill.billDate >= periodStart && bill.billDate <= periodEnd) {
      movements.push({
        date: bill.billDate,
        type: 'invoice',
        reference: bill.billNumber,
        description: `Invoice ${bill.billNumber}`,
        amount: bill.total,
        billingId: bill.billingId,
        paymentId: null,
      });
    }
    for (const payment of byBill.get(bill.billingId) ?? []) {
      if (payment.paymentStatus !== 'completed' && payment.paymentStatus !== 'refunded') continue;
      if (payment.paymentDate >= periodStart && payment.paymentDate <= periodEnd) {
        movements.push({
          date: payment.paymentDate,
          type: 'payment',
          reference: payment.reference ?? `PMT-${payment.paymentId}`,
          description: `Payment received — ${bill.billNumber}`,
          amount: -payment.amount,
          billingId: bill.billingId,
          paymentId: payment.paymentId,
        });
      }
      for (const refund of payment.refunds) {
        const day = refund.refundedOn.slice(0, 10);
        if (day >= periodStart && day <= periodEnd) {
          movements.push({
            date: day,
            type: 'refund',
            reference: `RF-${refund.refundId}`,
            description: `Refund — ${bill.billNumber}`,
            amount: refund.amount,
            billingId: bill.billingId,
            paymentId: payment.paymentId,
          });
        }
      }
    }
  }
  movements.sort((a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference));
  let balance = opening;
  const lines: StatementDetail['lines'] = [
    {
      date: periodStart,
      type: 'opening',
      reference: '',
      description: 'Opening balance',
      debit: 0,
      credit: 0,
      balance: opening,
      billingId: null,
      paymentId: null,
    },
  ];
  for (const m of movements) {
    balance = round2(balance + m.amount);
    lines.push({
      date: m.date,
      type: m.type,
      reference: m.reference,
      description: m.description,
      debit: m.amount > 0 ? round2(m.amount) : 0,
      credit: m.amount < 0 ? round2(-m.amount) : 0,
      balance,
      billingId: m.billingId,
      paymentId: m.paymentId,
    });
  }
  const ageing = emptyBuckets();
  for (const bill of bills) {
    const owed = outstandingAt(bill, byBill.get(bill.billingId) ?? [], periodEnd);
    if (owed !== 0) addToBuckets(ageing, owed, bill.dueDate, periodEnd);
  }
  return { lines, openingBalance: opening, closingBalance: balance, ageing };
}
