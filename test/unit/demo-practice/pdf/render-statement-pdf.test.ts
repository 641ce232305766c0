import { describe, expect, it } from 'vitest';
import { AGEING_LABELS, renderStatementPdf } from '../../../../src-main/demo-practice/pdf/render-statement-pdf';
import { day, money, statement } from './pdf-fixtures';
import { readPdf } from '../../../support/read-pdf-text';

describe('renderStatementPdf', () => {
  it('renders the statement number, period, every line, balances and ageing as text', async () => {
    const input = statement(6);
    const pdf = await readPdf(await renderStatementPdf(input));
    expect(pdf.pageCount).toBe(1);
    for (const expected of [
      'STATEMENT',
      'Harbourside Accounting',
      'Wattle Grove Cafe Pty Ltd',
      'ST-2026-10-000123',
      `Statement date ${day('2026-10-31')}`,
      `Period ${day('2026-10-01')} – ${day('2026-10-31')}`,
      `Opening balance ${money(250)}`,
      `Closing balance ${money(input.closingBalance)}`,
      `${day('2026-10-01')} Opening Balance brought forward ${money(250)}`,
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    for (const line of input.lines.slice(1)) {
      expect(pdf.text).toContain(
        `${line.reference} ${line.description} ${money(line.debit || line.credit)} ${money(line.balance)}`,
      );
    }
    expect(pdf.text).toContain('Credit note');
    expect(pdf.text).toContain('Refund');
  });

  it('prints the ageing buckets with their labels and a total', async () => {
    const input = statement(3);
    const pdf = await readPdf(await renderStatementPdf(input));
    expect(AGEING_LABELS).toEqual(['Current', '1-30 days', '31-60 days', '61-90 days', '90+ days']);
    const { current, days1to30, days31to60, days61to90, days90plus } = input.ageing;
    const amounts = [current, days1to30, days31to60, days61to90, days90plus];
    const total = amounts.reduce((a, b) => a + b, 0);
    const figures = [...amounts, total].map((v) => money(v)).join(' ');
    expect(pdf.text).toContain(`Current 1-30 days 31-60 days 61-90 days 90+ days Total ${figures}`);
  });

  it('continues a long statement over pages with the table header repeated', async () => {
    const input = statement(70);
    const pdf = await readPdf(await renderStatementPdf(input));
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    for (const page of pdf.pages) expect(page).toContain('Date Type Reference Description Debit Credit Balance');
    expect(pdf.pages[1]).toContain('ST-2026-10-000123 (continued)');
    expect(pdf.text).toContain('Statement entry 70');
    expect(pdf.pages.at(-1)).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
    expect(pdf.pages.at(-1)).toContain('90+ days');
  });

  it('is deterministic and copes with names outside WinAnsi', async () => {
    const input = statement(5, {
      client: { name: 'Zoë Łukasz Nguyễn 👋', addressLines: ['Ōtautahi'], email: 'zoe@example.com' },
    });
    const a = await renderStatementPdf(input);
    const b = await renderStatementPdf(structuredClone(input));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const pdf = await readPdf(a);
    expect(pdf.text).toContain('Zoë Lukasz Nguyen ?');
    expect(pdf.text).toContain('Otautahi');
    expect(pdf.info).toMatchObject({
      Title: 'Statement ST-2026-10-000123',
      Author: 'Harbourside Accounting',
      Creator: 'Practice Companion demo practice',
    });
  });
});
