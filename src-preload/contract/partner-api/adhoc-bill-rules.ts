import type { z } from 'zod';
import type { BillCreate, LedgerStatus, ledgerAccountSchema, ledgerTaxRateSchema } from './bills';
import type { RuleIssue } from './common';

/** What the practice's ledger offers a bill line: synced to the laptop, so an adhoc bill can be checked offline. */
export interface LedgerLookups {
  status: Pick<LedgerStatus, 'connected' | 'saleItems'>;
  accounts: readonly z.infer<typeof ledgerAccountSchema>[];
  taxRates: readonly z.infer<typeof ledgerTaxRateSchema>[];
}

/**
 * The rules of `POST /bills` beyond its schema (contract: "with a connected ledger each line needs a
 * revenue account or a sale item, plus tax"; the due date cannot come before the bill date). One list,
 * so the demo practice refuses exactly what the app's form flags before queuing.
 */
export function adhocBillIssues(
  body: Pick<BillCreate, 'lines' | 'dueDate' | 'billDate'>,
  ledger: LedgerLookups,
  today: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (ledger.status.connected) {
    body.lines.forEach((line, i) => {
      const at = (field: string, message: string) => issues.push({ path: ['lines', i, field], message });
      if (!line.extAccountID && !line.saleItemCode)
        at('extAccountID', 'With a connected ledger each line needs a revenue account or a sale item.');
      if (
        line.extAccountID &&
        !ledger.accounts.some((a) => a.extAccountID === line.extAccountID && a.type === 'REVENUE')
      )
        at('extAccountID', 'This is not a revenue account of the ledger.');
      if (line.saleItemCode && !ledger.status.saleItems.some((s) => s.code === line.saleItemCode))
        at('saleItemCode', 'This is not a sale item of the ledger.');
      if (!line.extTaxID) at('extTaxID', 'With a connected ledger each line needs a tax rate.');
      else if (!ledger.taxRates.some((t) => t.extTaxID === line.extTaxID))
        at('extTaxID', 'This is not a tax rate of the ledger.');
    });
  }
  if (body.dueDate < (body.billDate ?? today))
    issues.push({ path: ['dueDate'], message: 'The due date cannot be before the bill date.' });
  return issues;
}
