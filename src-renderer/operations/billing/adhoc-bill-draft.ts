import {
  roundCents,
  type BillCreate,
  type LedgerLookups,
  type RuleIssue,
} from '../../../src-preload/contract/partner-api';
import { lineNet } from '../../../src-preload/contract/money';
import { inputIssue, numberInputText, numberOrNaN } from '../../ui/regional/money-input';
import type { FieldErrors, FormIssues } from '../../ui/form-kit';

/** How the practice writes money: the locale amounts and quantities are read in, and the currency a price may carry (regional-format's moneyLocale). */
export interface MoneyLocale {
  locale: string;
  currency: string;
}

/** One line of the adhoc-bill form, as typed (numbers stay text until the form is checked). */
export interface BillLineRow {
  description: string;
  quantity: string;
  unitPrice: string;
  /** '' (none), `account:<extAccountID>` or `item:<saleItemCode>`: a line is booked to one or the other. */
  revenue: string;
  extTaxID: string;
}

export const newLineRow = (): BillLineRow => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  revenue: '',
  extTaxID: '',
});

/** A queued bill's lines back in the form (edit and resubmit from the Outbox), numbers written in the practice's locale. */
export const lineRowsOf = (lines: BillCreate['lines'], money: MoneyLocale): BillLineRow[] =>
  lines.map((l) => ({
    description: l.description,
    quantity: numberInputText(l.quantity, money.locale),
    unitPrice: numberInputText(l.unitPrice, money.locale),
    revenue: l.saleItemCode ? `item:${l.saleItemCode}` : l.extAccountID ? `account:${l.extAccountID}` : '',
    extTaxID: l.extTaxID ?? '',
  }));

/** The contract's line shape: ledger fields only when the practice has a ledger connected. */
export function billLines(rows: readonly BillLineRow[], ledgerConnected: boolean, money: MoneyLocale) {
  return rows.map((row) => {
    const line = {
      description: row.description.trim(),
      quantity: numberOrNaN(row.quantity, { locale: money.locale }),
      unitPrice: numberOrNaN(row.unitPrice, money),
    };
    if (!ledgerConnected) return line;
    const [kind, id] = splitRevenue(row.revenue);
    return {
      ...line,
      extAccountID: kind === 'account' ? id : null,
      saleItemCode: kind === 'item' ? id : null,
      extTaxID: row.extTaxID || null,
    };
  });
}

/** Quantities and prices that cannot be read in the practice's locale, at their place in the bill's lines. */
export function billInputIssues(rows: readonly BillLineRow[], money: MoneyLocale): RuleIssue[] {
  return rows.flatMap((row, index) => [
    ...inputIssue(row.quantity, { locale: money.locale }, ['lines', index, 'quantity']),
    ...inputIssue(row.unitPrice, money, ['lines', index, 'unitPrice']),
  ]);
}

function splitRevenue(revenue: string): ['account' | 'item' | null, string | null] {
  const at = revenue.indexOf(':');
  if (at < 0) return [null, null];
  const kind = revenue.slice(0, at);
  return [kind === 'account' || kind === 'item' ? kind : null, revenue.slice(at + 1)];
}

/**
 * Choosing a sale item fills in what the line left empty (its name and price), never over what was typed.
 */
export function withRevenue(row: BillLineRow, revenue: string, ledger: LedgerLookups, money: MoneyLocale): BillLineRow {
  const [kind, code] = splitRevenue(revenue);
  const item = kind === 'item' ? ledger.status.saleItems.find((s) => s.code === code) : undefined;
  if (!item) return { ...row, revenue };
  return {
    ...row,
    revenue,
    description: row.description.trim() ? row.description : item.name,
    unitPrice: row.unitPrice.trim() ? row.unitPrice : numberInputText(item.unitPrice, money.locale),
  };
}

/** A blank or mistyped amount counts as nothing in the running total (the form flags it on submit). */
const orZero = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : 0);

/**
 * What the bill comes to, as far as the laptop can tell: the net always; tax only when every line has a
 * ledger tax rate (without a ledger the practice applies its own rate, which is not known here).
 */
export function draftBillTotals(
  rows: readonly BillLineRow[],
  ledger: LedgerLookups | null,
  money: MoneyLocale,
): { net: number; tax: number | null; total: number | null } {
  let net = 0;
  let tax: number | null = ledger?.status.connected ? 0 : null;
  for (const row of rows) {
    const lineAmount = lineNet(
      orZero(numberOrNaN(row.quantity, { locale: money.locale })),
      orZero(numberOrNaN(row.unitPrice, money)),
    );
    net += lineAmount;
    const rate = ledger?.taxRates.find((t) => t.extTaxID === row.extTaxID)?.rate;
    tax = tax === null || rate === undefined ? null : tax + roundCents(lineAmount * rate);
  }
  net = roundCents(net);
  return { net, tax: tax === null ? null : roundCents(tax), total: tax === null ? null : roundCents(net + tax) };
}

/** Plain words for the schema's own complaints; the ledger rules already speak plainly. */
const fieldHelp: Record<string, string> = {
  description: 'Describe what is billed.',
  quantity: 'Enter a quantity above 0.',
  unitPrice: 'Enter a price of 0 or more.',
};

/** zod issues → `line.<row>.<field>` for the line fields (a sale-item problem shows on the account choice), the rest by name. */
export function adhocBillErrors(error: FormIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'lines' && typeof index === 'number' && typeof field === 'string') {
      const shownOn = field === 'saleItemCode' || field === 'extAccountID' ? 'revenue' : field;
      errors[`line.${index}.${shownOn}`] ??=
        issue.code === 'custom' ? issue.message : (fieldHelp[field] ?? issue.message);
    } else if (top === 'lines') {
      errors[''] ??= 'A bill needs at least one line (and at most 100).';
    } else if (top === 'dueDate') {
      errors['dueDate'] ??= issue.code === 'custom' ? issue.message : 'Enter the date the bill is due.';
    } else {
      errors[String(top ?? '')] ??= issue.message;
    }
  }
  return errors;
}
