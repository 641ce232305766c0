import type { BillDetail, PaymentDetail, RecurringBillingRun } from '../../../src-preload/contract/partner-api';

export const billNumberText = (n: number): string => `INV-${String(n).padStart(6, '0')}`;
const ledgerNumberText = (n: number): string => `LA-${String(n + 10_000).padStart(6, '0')}`;

/**
 * Numbers the bills in the order they were raised — by bill date, bills of one day in the order they
 * were made — as a practice's ledger does (bills are made client by client, so the numbers they were
 * made with jump about in time). Each new number is written wherever the bill is quoted: its ledger
 * number, its payments' bill number and reference, its recurring run. Returns the next free number.
 */
export function numberBillsByDate(
  bills: readonly BillDetail[],
  payments: readonly PaymentDetail[],
  runs: Iterable<readonly RecurringBillingRun[]>,
): number {
  const byDate = [...bills].sort((a, b) => (a.billDate < b.billDate ? -1 : a.billDate > b.billDate ? 1 : 0));
  const renumbered = new Map<number, BillDetail>();
  byDate.forEach((bill, i) => {
    bill.billNumber = billNumberText(i + 1);
    if (bill.externalNumber !== null) bill.externalNumber = ledgerNumberText(i + 1);
    renumbered.set(bill.billingId, bill);
  });
  for (const payment of payments) {
    const bill = payment.billingId === null ? undefined : renumbered.get(payment.billingId);
    if (!bill || payment.billNumber === null) continue;
    // A bank payment's reference starts with the bill number the client was given.
    if (payment.reference?.startsWith(payment.billNumber))
      payment.reference = bill.billNumber + payment.reference.slice(payment.billNumber.length);
    payment.billNumber = bill.billNumber;
  }
  for (const run of [...runs].flat()) {
    const bill = run.billingId === null ? undefined : renumbered.get(run.billingId);
    if (!bill) continue;
    run.billNumber = bill.billNumber;
    run.ledgerInvoiceNumber = bill.externalNumber;
  }
  return bills.length + 1;
}
