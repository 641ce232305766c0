import { describe, expect, it } from 'vitest';
import { adhocBillIssues, billCreateSchema, type LedgerLookups } from '../../../../../src-preload/contract/partner-api';
import {
  adhocBillErrors,
  billInputIssues,
  billLines,
  draftBillTotals,
  lineRowsOf,
  newLineRow,
  withRevenue,
  type BillLineRow,
} from '../../../../../src-renderer/operations/billing/adhoc-bill-draft';

const AU = { locale: 'en-AU', currency: 'AUD' };
const ZA = { locale: 'en-ZA', currency: 'ZAR' };
const ENTITY = '11111111-1111-4111-8111-111111111111';
const ledger: LedgerLookups = {
  status: { connected: true, saleItems: [{ code: 'BOOK', name: 'Bookkeeping', unitPrice: 120.5 }] },
  accounts: [
    { extAccountID: 'acc-200', code: '200', name: 'Sales', type: 'REVENUE' },
    { extAccountID: 'acc-400', code: '400', name: 'Advertising', type: 'EXPENSE' },
  ],
  taxRates: [
    { extTaxID: 'GST', name: 'GST', rate: 0.15 },
    { extTaxID: 'ZERO', name: 'Zero rated', rate: 0 },
  ],
};
const disconnected: LedgerLookups = { ...ledger, status: { connected: false, saleItems: ledger.status.saleItems } };

const row = (fields: Partial<BillLineRow> = {}): BillLineRow => ({
  ...newLineRow(),
  description: 'Advice',
  unitPrice: '100',
  ...fields,
});

describe('billLines: the contract line shape', () => {
  it('without a connected ledger, only description (trimmed), quantity and price', () => {
    const lines = billLines(
      [
        row({
          description: '  Advice  ',
          quantity: '2',
          unitPrice: '1,000',
          revenue: 'account:acc-200',
          extTaxID: 'GST',
        }),
      ],
      false,
      AU,
    );
    expect(lines).toStrictEqual([{ description: 'Advice', quantity: 2, unitPrice: 1000 }]);
    expect(Object.keys(lines[0]!)).toEqual(['description', 'quantity', 'unitPrice']);
  });

  it('an untyped number stays undefined and a mistyped one is NaN (the schema then asks for both)', () => {
    expect(billLines([row({ quantity: '', unitPrice: 'x' })], false, AU)).toStrictEqual([
      { description: 'Advice', quantity: undefined, unitPrice: Number.NaN },
    ]);
  });

  it('with a connected ledger: a revenue account or a sale item, never both; blank tax → null', () => {
    const lines = billLines(
      [
        row({ revenue: 'account:acc-200', extTaxID: 'GST' }),
        row({ revenue: 'item:BOOK' }),
        row({ revenue: '' }),
        row({ revenue: 'other:thing' }),
      ],
      true,
      AU,
    );
    expect(lines.map((l) => ('extAccountID' in l ? [l.extAccountID, l.saleItemCode, l.extTaxID] : 'missing'))).toEqual([
      ['acc-200', null, 'GST'],
      [null, 'BOOK', null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(lines[0]).toMatchObject({ description: 'Advice', quantity: 1, unitPrice: 100 });
  });

  it('an id containing a colon is kept whole', () => {
    expect(billLines([row({ revenue: 'account:abc:def' })], true, AU)[0]).toMatchObject({
      extAccountID: 'abc:def',
      saleItemCode: null,
    });
  });
});

describe('a South African practice: amounts and quantities typed as the app shows them', () => {
  it('billLines reads "1 234,50", "R 1 234,50" and a quantity of "1,5"', () => {
    expect(
      billLines(
        [row({ quantity: '1,5', unitPrice: '1 234,50' }), row({ quantity: '1', unitPrice: 'R\u00A01\u00A0234,50' })],
        false,
        ZA,
      ).map((l) => [l.quantity, l.unitPrice]),
    ).toEqual([
      [1.5, 1234.5],
      [1, 1234.5],
    ]);
  });

  it('the same text in an Australian practice is not a price', () => {
    expect(billLines([row({ unitPrice: '1 234,50' })], false, AU)[0]!.unitPrice).toBeNaN();
    expect(billInputIssues([row({ unitPrice: '1 234,50' })], AU)).toEqual([
      { path: ['lines', 0, 'unitPrice'], message: expect.stringContaining('Type it like 1,234.50') },
    ]);
  });

  it('an ambiguous price is NaN in the body and an input issue saying what to type, at its line', () => {
    const rows = [row({ unitPrice: '100' }), row({ quantity: '1.234', unitPrice: '1,234' })];
    expect(billLines(rows, false, ZA)[1]!.unitPrice).toBeNaN();
    const issues = billInputIssues(rows, ZA);
    expect(issues.map((i) => i.path)).toEqual([
      ['lines', 1, 'quantity'],
      ['lines', 1, 'unitPrice'],
    ]);
    expect(issues[1]!.message).toContain('For 1 234, type 1 234.');
    // Listed before the schema's own complaint, the input issue is what the field shows.
    expect(
      adhocBillErrors({
        issues: [
          ...issues.map((i) => ({ code: 'custom', ...i })),
          { code: 'too_small', path: ['lines', 1, 'unitPrice'], message: 'x' },
        ],
      })['line.1.unitPrice'],
    ).toBe(issues[1]!.message);
  });

  it("totals, sale-item prices and a resubmitted bill use the practice's locale", () => {
    expect(draftBillTotals([row({ quantity: '2', unitPrice: '1 234,50' })], null, ZA)).toEqual({
      net: 2469,
      tax: null,
      total: null,
    });
    expect(withRevenue(row({ unitPrice: '' }), 'item:BOOK', ledger, ZA).unitPrice).toBe('120,5');
    const rows = lineRowsOf([{ description: 'Advice', quantity: 1.5, unitPrice: 1234.5 }], ZA);
    expect(rows[0]).toMatchObject({ quantity: '1,5', unitPrice: '1234,5' });
    expect(billLines(rows, false, ZA)).toEqual([{ description: 'Advice', quantity: 1.5, unitPrice: 1234.5 }]);
  });
});

describe('withRevenue: choosing a sale item fills what the line left empty', () => {
  it("blank description and price take the sale item's name and price", () => {
    const next = withRevenue(row({ description: '', unitPrice: '' }), 'item:BOOK', ledger, AU);
    expect(next).toEqual({ ...newLineRow(), revenue: 'item:BOOK', description: 'Bookkeeping', unitPrice: '120.5' });
  });

  it('a whitespace-only description counts as blank', () => {
    expect(withRevenue(row({ description: '   ' }), 'item:BOOK', ledger, AU).description).toBe('Bookkeeping');
  });

  it('never overwrites typed text', () => {
    const typed = row({ description: 'Monthly books', unitPrice: '99' });
    expect(withRevenue(typed, 'item:BOOK', ledger, AU)).toEqual({ ...typed, revenue: 'item:BOOK' });
    expect(withRevenue(row({ description: '', unitPrice: '99' }), 'item:BOOK', ledger, AU)).toMatchObject({
      description: 'Bookkeeping',
      unitPrice: '99',
    });
    expect(withRevenue(row({ description: 'Mine', unitPrice: '' }), 'item:BOOK', ledger, AU)).toMatchObject({
      description: 'Mine',
      unitPrice: '120.5',
    });
  });

  it('an account, an unknown item or none only changes the choice', () => {
    const blank = row({ description: '', unitPrice: '' });
    expect(withRevenue(blank, 'account:acc-200', ledger, AU)).toEqual({ ...blank, revenue: 'account:acc-200' });
    expect(withRevenue(blank, 'item:NOPE', ledger, AU)).toEqual({ ...blank, revenue: 'item:NOPE' });
    expect(withRevenue({ ...blank, revenue: 'item:BOOK' }, '', ledger, AU)).toEqual({ ...blank, revenue: '' });
  });

  it('does not change the row it was given', () => {
    const blank = row({ description: '', unitPrice: '' });
    withRevenue(blank, 'item:BOOK', ledger, AU);
    expect(blank).toEqual(row({ description: '', unitPrice: '' }));
  });
});

describe('draftBillTotals', () => {
  it('without a ledger: the net only, tax and total unknown', () => {
    expect(
      draftBillTotals([row({ quantity: '2', unitPrice: '100' }), row({ quantity: '1', unitPrice: '50.25' })], null, AU),
    ).toEqual({ net: 250.25, tax: null, total: null });
  });

  it('a ledger that is not connected gives no tax either, even with known rates on the lines', () => {
    expect(draftBillTotals([row({ extTaxID: 'GST' })], disconnected, AU)).toEqual({ net: 100, tax: null, total: null });
  });

  it('tax stays unknown while a line lacks a rate (or has one the ledger does not know)', () => {
    expect(draftBillTotals([row({ extTaxID: 'GST' }), row({ extTaxID: '' })], ledger, AU)).toEqual({
      net: 200,
      tax: null,
      total: null,
    });
    expect(draftBillTotals([row({ extTaxID: '' }), row({ extTaxID: 'GST' })], ledger, AU)).toEqual({
      net: 200,
      tax: null,
      total: null,
    });
    expect(draftBillTotals([row({ extTaxID: 'VAT' })], ledger, AU)).toEqual({ net: 100, tax: null, total: null });
  });

  it('with every line rated: tax per line rounded to cents, then summed', () => {
    // 3 × 33.33 = 99.99; × 0.15 = 14.9985 → 15.00
    expect(draftBillTotals([row({ quantity: '3', unitPrice: '33.33', extTaxID: 'GST' })], ledger, AU)).toEqual({
      net: 99.99,
      tax: 15,
      total: 114.99,
    });
    // a zero rate is a rate
    expect(
      draftBillTotals(
        [
          row({ quantity: '2', unitPrice: '10', extTaxID: 'ZERO' }),
          row({ quantity: '1', unitPrice: '10', extTaxID: 'GST' }),
        ],
        ledger,
        AU,
      ),
    ).toEqual({ net: 30, tax: 1.5, total: 31.5 });
    // each line's 0.0045 of tax rounds to 0 (as the practice rounds per line), not 0.0135 → 0.01 overall
    expect(
      draftBillTotals(
        [
          row({ unitPrice: '0.03', extTaxID: 'GST' }),
          row({ unitPrice: '0.03', extTaxID: 'GST' }),
          row({ unitPrice: '0.03', extTaxID: 'GST' }),
        ],
        ledger,
        AU,
      ),
    ).toEqual({ net: 0.09, tax: 0, total: 0.09 });
  });

  it('lines not yet filled in count as 0', () => {
    expect(
      draftBillTotals(
        [
          row({ quantity: '', unitPrice: '', extTaxID: 'GST' }),
          row({ quantity: '1.5', unitPrice: '1,000', extTaxID: 'GST' }),
        ],
        ledger,
        AU,
      ),
    ).toEqual({ net: 1500, tax: 225, total: 1725 });
    expect(draftBillTotals([], ledger, AU)).toEqual({ net: 0, tax: 0, total: 0 });
  });
});

describe("adhocBillErrors: the form's schema (contract + ledger rules) → field keys", () => {
  const today = '2026-03-10';
  const schemaWith = (lookups: LedgerLookups | null) =>
    billCreateSchema.superRefine((value, ctx) => {
      if (!lookups) return;
      for (const issue of adhocBillIssues(value, lookups, today))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    });
  const bodyOf = (rows: BillLineRow[], connected: boolean, fields: Record<string, unknown> = {}) => ({
    entityKey: ENTITY,
    userKey: null,
    billDate: '2026-03-01',
    dueDate: '2026-03-15',
    sendBill: true,
    syncNow: false,
    lines: billLines(rows, connected, AU),
    ...fields,
  });
  const errorsOf = (lookups: LedgerLookups | null, body: unknown) => {
    const result = schemaWith(lookups).safeParse(body);
    if (result.success) return {};
    return adhocBillErrors(result.error);
  };

  it('a complete bill has no errors, with or without a ledger', () => {
    expect(schemaWith(null).safeParse(bodyOf([row()], false)).success).toBe(true);
    expect(
      schemaWith(ledger).safeParse(
        bodyOf(
          [row({ revenue: 'account:acc-200', extTaxID: 'GST' }), row({ revenue: 'item:BOOK', extTaxID: 'ZERO' })],
          true,
        ),
      ).success,
    ).toBe(true);
  });

  it('line fields the schema refuses show under line.<row>.<field> in plain words', () => {
    const errors = errorsOf(
      null,
      bodyOf(
        [row({ quantity: '0' }), row({ description: '  ', quantity: 'abc', unitPrice: '' }), row({ unitPrice: '-1' })],
        false,
      ),
    );
    expect(errors).toEqual({
      'line.0.quantity': 'Enter a quantity above 0.',
      'line.1.description': 'Describe what is billed.',
      'line.1.quantity': 'Enter a quantity above 0.',
      'line.1.unitPrice': 'Enter a price of 0 or more.',
      'line.2.unitPrice': 'Enter a price of 0 or more.',
    });
  });

  it('a line without an account or sale item, or with a non-revenue account, shows under revenue', () => {
    const errors = errorsOf(
      ledger,
      bodyOf(
        [
          row({ revenue: 'account:acc-200', extTaxID: 'GST' }),
          row({ revenue: '', extTaxID: 'GST' }),
          row({ revenue: 'account:acc-400', extTaxID: 'GST' }),
        ],
        true,
      ),
    );
    expect(errors).toEqual({
      'line.1.revenue': 'With a connected ledger each line needs a revenue account or a sale item.',
      'line.2.revenue': 'This is not a revenue account of the ledger.',
    });
  });

  it('an unknown sale item shows under revenue too', () => {
    expect(
      errorsOf(
        ledger,
        bodyOf(
          [row({ revenue: 'account:acc-200', extTaxID: 'GST' }), row({ revenue: 'item:NOPE', extTaxID: 'GST' })],
          true,
        ),
      ),
    ).toEqual({
      'line.1.revenue': 'This is not a sale item of the ledger.',
    });
  });

  it('a missing or unknown tax rate shows under extTaxID', () => {
    expect(
      errorsOf(
        ledger,
        bodyOf([row({ revenue: 'account:acc-200' }), row({ revenue: 'item:BOOK', extTaxID: 'VAT' })], true),
      ),
    ).toEqual({
      'line.0.extTaxID': 'With a connected ledger each line needs a tax rate.',
      'line.1.extTaxID': 'This is not a tax rate of the ledger.',
    });
  });

  it('the due date before the bill date shows the rule; a missing due date asks for one', () => {
    expect(errorsOf(null, bodyOf([row()], false, { dueDate: '2026-02-28' }))).toEqual({});
    expect(
      errorsOf(ledger, bodyOf([row({ revenue: 'item:BOOK', extTaxID: 'GST' })], true, { dueDate: '2026-02-28' })),
    ).toEqual({ dueDate: 'The due date cannot be before the bill date.' });
    expect(errorsOf(disconnected, bodyOf([row()], false, { dueDate: '2026-02-28' }))).toEqual({
      dueDate: 'The due date cannot be before the bill date.',
    });
    expect(errorsOf(disconnected, bodyOf([row()], false, { billDate: undefined, dueDate: '2026-03-09' }))).toEqual({
      dueDate: 'The due date cannot be before the bill date.',
    });
    expect(errorsOf(null, bodyOf([row()], false, { dueDate: '' }))).toEqual({
      dueDate: 'Enter the date the bill is due.',
    });
  });

  it("a bill without lines (or too many) is an error of the form as a whole, under ''", () => {
    expect(errorsOf(null, bodyOf([], false))).toEqual({ '': 'A bill needs at least one line (and at most 100).' });
    expect(
      errorsOf(
        null,
        bodyOf(
          Array.from({ length: 101 }, () => row()),
          false,
        ),
      ),
    ).toEqual({ '': 'A bill needs at least one line (and at most 100).' });
  });

  it('other fields keep their own message under their name; the first issue of a field wins', () => {
    const errors = errorsOf(null, bodyOf([row()], false, { entityKey: 'not-a-key', reference: 'r'.repeat(101) }));
    expect(Object.keys(errors).sort()).toEqual(['entityKey', 'reference']);
    expect(
      adhocBillErrors({
        issues: [
          { code: 'custom', path: ['lines', 0, 'extAccountID'], message: 'first' },
          { code: 'custom', path: ['lines', 0, 'saleItemCode'], message: 'second' },
        ],
      }),
    ).toEqual({ 'line.0.revenue': 'first' });
  });
});
