import { fromCents, isOwed, toCents } from '../money';

/*
 * One rule for "what is owed": a client's balance and the practice's outstanding total, from what this
 * laptop stores. The practice's debtor ageing is its own word, as at its date; bills read since may show
 * what happened after it (a new bill, a payment). The figure is the ageing plus those changes, and it is
 * always shown with its parts, so no screen has two totals for one question. Sums are kept in whole cents.
 */

export { fromCents, toCents } from '../money';

/** The fields of a stored bill the rule reads. */
export interface BalanceBill {
  billingId: number;
  billDate: string;
  statusName: string;
  amountDue: number;
}

/** The practice's debtor ageing for the scope (one client or the practice), with the invoices it counted. */
export interface BalanceAgeing {
  asAt: string;
  total: number;
  /** The outstanding invoices read with the report, or null when they are not on this laptop. */
  invoices: ReadonlyArray<{ billingId: number; amountDue: number }> | null;
}

export type BalancePart =
  | { kind: 'ageing'; asAt: string; cents: number }
  | { kind: 'billedSince'; asAt: string; cents: number; bills: number }
  | { kind: 'paidSince'; asAt: string; cents: number; bills: number }
  | { kind: 'bills'; cents: number; bills: number };

export type Balance = { known: true; cents: number; amount: number; parts: BalancePart[] } | { known: false };

/** A bill that is owed: not voided, not a draft (a draft was not sent). */
const owedCents = (b: BalanceBill): number => (isOwed(b) ? toCents(b.amountDue) : 0);

function settle(parts: BalancePart[]): Balance {
  const cents = parts.reduce((sum, p) => sum + p.cents, 0);
  return { known: true, cents, amount: fromCents(cents), parts };
}

/**
 * The balance of one scope. With an ageing: its total, plus bills owed that it did not count and that are
 * dated on or after its date ("billed since"), minus what bills it counted now show as paid ("paid since").
 * A stored bill owing more than the report says is older than the report (bills are read after it), so the
 * report wins; an old-dated bill missing from the report was settled by then. Without an ageing: the owed
 * bills on this laptop. Unknown when neither has been read (a $0 then would be a guess).
 */
export function computeBalance(input: {
  ageing: BalanceAgeing | null;
  bills: readonly BalanceBill[];
  /** Whether bills have been read at all (an empty list then means none is owed). */
  billsRead: boolean;
}): Balance {
  const { ageing, bills } = input;
  if (!ageing) {
    if (!input.billsRead && bills.length === 0) return { known: false };
    const owed = bills.filter((b) => owedCents(b) > 0);
    return settle([{ kind: 'bills', cents: owed.reduce((s, b) => s + owedCents(b), 0), bills: owed.length }]);
  }
  const counted = ageing.invoices ? new Map(ageing.invoices.map((i) => [i.billingId, toCents(i.amountDue)])) : null;
  let billed = 0;
  let billedBills = 0;
  let paid = 0;
  let paidBills = 0;
  for (const bill of bills) {
    const now = owedCents(bill);
    const then = counted?.get(bill.billingId);
    if (then === undefined) {
      // Without the report's invoices, only a bill dated after its date is surely not in it.
      const since = counted ? bill.billDate >= ageing.asAt : bill.billDate > ageing.asAt;
      if (since && now > 0) {
        billed += now;
        billedBills++;
      }
    } else if (now < then) {
      paid += now - then;
      paidBills++;
    }
  }
  const parts: BalancePart[] = [{ kind: 'ageing', asAt: ageing.asAt, cents: toCents(ageing.total) }];
  if (billedBills > 0) parts.push({ kind: 'billedSince', asAt: ageing.asAt, cents: billed, bills: billedBills });
  if (paidBills > 0) parts.push({ kind: 'paidSince', asAt: ageing.asAt, cents: paid, bills: paidBills });
  return settle(parts);
}
