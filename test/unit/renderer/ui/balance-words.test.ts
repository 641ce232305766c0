import { describe, expect, it } from 'vitest';
import { computeBalance } from '../../../../src-preload/contract/partner-api/balance';
import { balancePartsText } from '../../../../src-renderer/ui/BalanceFigure';

const bill = (billingId: number, amountDue: number, billDate = '2026-11-26') => ({
  billingId,
  amountDue,
  billDate,
  statusName: 'Awaiting payment',
});

describe('one balance, said with its parts', () => {
  it('the ageing, then what was billed and paid since, signed, in the practice’s money and dates', () => {
    const balance = computeBalance({
      ageing: {
        asAt: '2026-11-26',
        total: 6027.18,
        invoices: [{ billingId: 1, amountDue: 200 }],
      },
      bills: [bill(1, 150, '2026-10-01'), bill(2, 605)],
      billsRead: true,
    });
    expect(balance).toMatchObject({ amount: 6582.18 });
    expect(balancePartsText(balance, 'ANZ', 'AUD')).toBe(
      '$6,027.18 at the ageing of 26 Nov 2026 + $605.00 billed since − $50.00 paid since',
    );
  });

  it('without a debtor ageing the bills on this laptop are the one part; unknown says nothing', () => {
    const balance = computeBalance({ ageing: null, bills: [bill(1, 10.1), bill(2, 0.2)], billsRead: true });
    expect(balancePartsText(balance, 'ANZ', 'AUD')).toBe('$10.30 on the bills on this laptop (no debtor ageing yet)');
    expect(balancePartsText({ known: false }, 'ANZ', 'AUD')).toBeNull();
  });
});
