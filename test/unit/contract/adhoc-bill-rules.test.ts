import { describe, expect, it } from 'vitest';
import {
  adhocBillIssues,
  describeRuleIssue,
  externalProjectIssues,
  type LedgerLookups,
} from '../../../src-preload/contract/partner-api';

const ledger: LedgerLookups = {
  status: { connected: true, saleItems: [{ code: 'BOOK', name: 'Bookkeeping', unitPrice: 120 }] },
  accounts: [
    { extAccountID: 'acc-200', code: '200', name: 'Sales', type: 'REVENUE' },
    { extAccountID: 'acc-400', code: '400', name: 'Advertising', type: 'EXPENSE' },
  ],
  taxRates: [{ extTaxID: 'GST', name: 'GST', rate: 0.15 }],
};
const noLedger: LedgerLookups = { ...ledger, status: { connected: false, saleItems: [] } };

type Line = Parameters<typeof adhocBillIssues>[0]['lines'][number];
const line = (fields: Partial<Line> = {}): Line => ({ description: 'Advice', quantity: 1, unitPrice: 100, ...fields });
const body = (lines: Line[], dates: { billDate?: string; dueDate?: string } = {}) => ({
  lines,
  billDate: '2026-03-01',
  dueDate: '2026-03-15',
  ...dates,
});
const today = '2026-03-10';

describe('adhoc bill rules (POST /bills beyond its schema)', () => {
  it('without a connected ledger lines need no account or tax; only the due-date rule applies', () => {
    const bare = [line(), line({ extAccountID: 'nonsense', saleItemCode: 'nope', extTaxID: 'nope' })];
    expect(adhocBillIssues(body(bare), noLedger, today)).toEqual([]);
    expect(adhocBillIssues(body(bare, { dueDate: '2026-02-28' }), noLedger, today)).toEqual([
      { path: ['dueDate'], message: 'The due date cannot be before the bill date.' },
    ]);
  });

  it('a well-formed line with a connected ledger passes (revenue account or sale item, known tax)', () => {
    const lines = [line({ extAccountID: 'acc-200', extTaxID: 'GST' }), line({ saleItemCode: 'BOOK', extTaxID: 'GST' })];
    expect(adhocBillIssues(body(lines), ledger, today)).toEqual([]);
  });

  it('with a connected ledger a line needs a revenue account or a sale item', () => {
    const issues = adhocBillIssues(
      body([
        line({ extAccountID: 'acc-200', extTaxID: 'GST' }),
        line({ extAccountID: null, saleItemCode: null, extTaxID: 'GST' }),
      ]),
      ledger,
      today,
    );
    expect(issues).toEqual([
      {
        path: ['lines', 1, 'extAccountID'],
        message: 'With a connected ledger each line needs a revenue account or a sale item.',
      },
    ]);
  });

  it('an account of the ledger that is not REVENUE is refused, as is an unknown one', () => {
    expect(adhocBillIssues(body([line({ extAccountID: 'acc-400', extTaxID: 'GST' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'extAccountID'], message: 'This is not a revenue account of the ledger.' },
    ]);
    expect(adhocBillIssues(body([line({ extAccountID: 'acc-999', extTaxID: 'GST' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'extAccountID'], message: 'This is not a revenue account of the ledger.' },
    ]);
  });

  it('a sale item the ledger does not have is refused', () => {
    expect(adhocBillIssues(body([line({ saleItemCode: 'AUDIT', extTaxID: 'GST' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'saleItemCode'], message: 'This is not a sale item of the ledger.' },
    ]);
  });

  it('a line needs a tax rate, and one the ledger has', () => {
    expect(adhocBillIssues(body([line({ extAccountID: 'acc-200' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'extTaxID'], message: 'With a connected ledger each line needs a tax rate.' },
    ]);
    expect(adhocBillIssues(body([line({ extAccountID: 'acc-200', extTaxID: '' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'extTaxID'], message: 'With a connected ledger each line needs a tax rate.' },
    ]);
    expect(adhocBillIssues(body([line({ extAccountID: 'acc-200', extTaxID: 'VAT' })]), ledger, today)).toEqual([
      { path: ['lines', 0, 'extTaxID'], message: 'This is not a tax rate of the ledger.' },
    ]);
  });

  it('every problem of every line is listed, in line order, then the due date', () => {
    const issues = adhocBillIssues(
      body([line({ extAccountID: 'acc-200', extTaxID: 'GST' }), line(), line({ saleItemCode: 'X', extTaxID: 'Y' })], {
        dueDate: '2026-02-01',
      }),
      ledger,
      today,
    );
    expect(issues.map((i) => i.path)).toEqual([
      ['lines', 1, 'extAccountID'],
      ['lines', 1, 'extTaxID'],
      ['lines', 2, 'saleItemCode'],
      ['lines', 2, 'extTaxID'],
      ['dueDate'],
    ]);
  });

  it('the due date may equal the bill date but not come before it', () => {
    expect(adhocBillIssues(body([], { billDate: '2026-03-01', dueDate: '2026-03-01' }), noLedger, today)).toEqual([]);
    expect(adhocBillIssues(body([], { billDate: '2026-03-01', dueDate: '2026-02-28' }), noLedger, today)).toHaveLength(
      1,
    );
    // The bill date counts, not today: a due date before today but after the bill date is fine.
    expect(adhocBillIssues(body([], { billDate: '2026-01-01', dueDate: '2026-02-01' }), noLedger, today)).toEqual([]);
  });

  it('without a bill date the due date is compared with today', () => {
    const undated = (dueDate: string) => ({ lines: [], dueDate });
    expect(adhocBillIssues(undated('2026-03-09'), noLedger, today)).toEqual([
      { path: ['dueDate'], message: 'The due date cannot be before the bill date.' },
    ]);
    expect(adhocBillIssues(undated('2026-03-10'), noLedger, today)).toEqual([]);
    expect(adhocBillIssues(undated('2026-03-11'), noLedger, today)).toEqual([]);
  });

  it('describes an issue as a 400 message reads: lines[2].extTaxID: …', () => {
    expect(
      describeRuleIssue({ path: ['lines', 2, 'extTaxID'], message: 'This is not a tax rate of the ledger.' }),
    ).toBe('lines[2].extTaxID: This is not a tax rate of the ledger.');
    expect(describeRuleIssue({ path: ['dueDate'], message: 'The due date cannot be before the bill date.' })).toBe(
      'dueDate: The due date cannot be before the bill date.',
    );
    const [first] = adhocBillIssues(body([line(), line({ saleItemCode: 'NOPE', extTaxID: 'GST' })]), ledger, today);
    expect(describeRuleIssue(first!)).toBe(
      'lines[0].extAccountID: With a connected ledger each line needs a revenue account or a sale item.',
    );
  });
});

describe('external projects: no project ends before it starts', () => {
  const project = (id: number, startsOn: string, endsOn: string, remove = false) => ({ id, remove, startsOn, endsOn });

  it('flags a project that ends before it starts, with its index and id', () => {
    const issues = externalProjectIssues([
      project(7, '2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'),
      project(9, '2026-06-01T00:00:00.000Z', '2026-05-31T00:00:00.000Z'),
    ]);
    expect(issues).toEqual([
      { path: ['externalProjects', 1, 'endsOn'], id: 9, message: 'The project cannot end before it starts.' },
    ]);
  });

  it('a project that ends when it starts is fine', () => {
    expect(externalProjectIssues([project(1, '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z')])).toEqual([]);
  });

  it('compares instants, not text: offsets count', () => {
    // 08:00 at +10:00 is 22:00 UTC the day before the start.
    expect(externalProjectIssues([project(3, '2026-07-01T00:00:00Z', '2026-07-01T08:00:00+10:00')])).toHaveLength(1);
    expect(externalProjectIssues([project(3, '2026-07-01T10:00:00+10:00', '2026-07-01T00:00:00Z')])).toEqual([]);
  });

  it('a project being removed is not checked', () => {
    expect(externalProjectIssues([project(9, '2026-06-01T00:00:00.000Z', '2026-05-31T00:00:00.000Z', true)])).toEqual(
      [],
    );
  });
});
