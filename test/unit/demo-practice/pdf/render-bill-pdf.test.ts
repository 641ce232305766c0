import { describe, expect, it } from 'vitest';
import { BILL_LINES_ON_FIRST_PAGE, renderBillPdf } from '../../../../src-main/demo-practice/pdf/render-bill-pdf';
import { bill, billLines, day, harbourside, money, thamesGate } from './pdf-fixtures';
import { readPdf } from '../../../support/read-pdf-text';

describe('renderBillPdf', () => {
  it('renders a short bill as one page of real, extractable text', async () => {
    const input = bill();
    const bytes = await renderBillPdf(input);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    for (const expected of [
      'TAX INVOICE',
      'Harbourside Accounting',
      'INV-004213',
      'Wattle Grove Cafe Pty Ltd',
      'PO-7781',
      day('2026-10-05'),
      `Due date ${day('2026-11-04')}`,
      `Subtotal (excl. tax) ${money(input.subtotal)}`,
      `Total GST ${money(input.taxTotal)}`,
      `Total ${money(input.total)}`,
      `Amount paid ${money(100)}`,
      `Amount due ${money(input.amountDue)}`,
      'Thank you for your business.',
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    for (const line of input.lines) {
      const cells = [
        line.description,
        String(line.quantity),
        money(line.unitPrice),
        money(line.taxAmount),
        money(line.lineTotal),
      ];
      expect(pdf.text).toContain(cells.join(' '));
    }
  });

  it('prints the pay link prominently and makes it clickable only when there is one', async () => {
    const withLink = await readPdf(await renderBillPdf(bill()));
    expect(withLink.text).toContain('Pay online: https://pay.demo-practice.example/p/INV-004213');
    expect(withLink.links.flat()).toEqual(['https://pay.demo-practice.example/p/INV-004213']);

    const withoutLink = await readPdf(await renderBillPdf(bill({ payLinkUrl: null })));
    expect(withoutLink.text).not.toContain('Pay online');
    expect(withoutLink.links.flat()).toEqual([]);
  });

  it('says INVOICE rather than TAX INVOICE when the bill carries no tax', async () => {
    const lines = billLines(2).map((l) => ({ ...l, taxAmount: 0, lineTotal: l.quantity * l.unitPrice }));
    const pdf = await readPdf(await renderBillPdf(bill({ lines, taxTotal: 0 })));
    expect(pdf.text).toContain('INVOICE');
    expect(pdf.text).not.toContain('TAX INVOICE');
  });

  it(`puts ${BILL_LINES_ON_FIRST_PAGE} lines on page 1, so 25 lines make exactly two pages`, async () => {
    const input = bill({}, 25);
    const pdf = await readPdf(await renderBillPdf(input));
    expect(pdf.pageCount).toBe(2);
    const [first = '', second = ''] = pdf.pages;
    expect(first).toContain(`Service line ${BILL_LINES_ON_FIRST_PAGE} bookkeeping`);
    expect(first).not.toContain(`Service line ${BILL_LINES_ON_FIRST_PAGE + 1} bookkeeping`);
    expect(second).toContain('Service line 23 bookkeeping');
    expect(second).toContain('Service line 25 bookkeeping');
    expect(second).toContain('INV-004213 (continued)');
    expect(second).toContain('Description Qty Unit price GST Amount');
    expect(second).toContain(`Total ${money(input.total)}`);
    expect(second).toContain(`Amount due ${money(input.amountDue)}`);
    expect(first).toContain('Page 1 of 2');
    expect(second).toContain('Page 2 of 2');
  });

  it('fits as many lines on one page as BILL_LINES_ON_FIRST_PAGE documents', async () => {
    const pages = async (input: Parameters<typeof renderBillPdf>[0]) =>
      (await readPdf(await renderBillPdf(input))).pageCount;
    const bare = { payLinkUrl: null, notes: null };
    expect(await pages(bill(bare, BILL_LINES_ON_FIRST_PAGE))).toBe(1);
    expect(await pages(bill(bare, BILL_LINES_ON_FIRST_PAGE + 1))).toBe(2);
    expect(await pages(bill({}, 16))).toBe(1); // with a pay link and a short note
    const seventeen = await readPdf(await renderBillPdf(bill({}, 17)));
    expect(seventeen.pageCount).toBe(2);
    expect(seventeen.pages[0]).toContain('Service line 17 bookkeeping');
    expect(seventeen.pages[1]).toContain('Page 2 of 2'); // what does not fit after the lines (here the notes) moves on
    expect(await pages(bill(bare, 49))).toBe(2);
  });

  it('flows a 40-line bill onto further pages with the header repeated and the totals after the last line', async () => {
    const input = bill({}, 40);
    const pdf = await readPdf(await renderBillPdf(input));
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    for (const page of pdf.pages) expect(page).toContain('Description Qty Unit price GST Amount');
    const last = pdf.pages.at(-1) ?? '';
    expect(last).toContain('Service line 40 bookkeeping');
    expect(last.indexOf(`Total ${money(input.total)}`)).toBeGreaterThan(last.indexOf('Service line 40 bookkeeping'));
    expect(last).toContain(`Amount due ${money(input.amountDue)}`);
    expect(last).toContain('Pay online');
    for (let n = 1; n <= 40; n++) expect(pdf.text).toContain(`Service line ${n} bookkeeping`);
  });

  it('keeps wrapped descriptions readable and still paginates safely', async () => {
    const long =
      'Annual financial statements, company tax return and reconciliation of every bank and credit card account for the year';
    const lines = billLines(30).map((l) => ({ ...l, description: `${l.description}: ${long}` }));
    const pdf = await readPdf(await renderBillPdf(bill({ lines })));
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    expect(pdf.text).toContain('Service line 30 bookkeeping: Annual financial statements');
    expect(pdf.text).toContain('credit card account for the year');
  });

  it('formats money and dates for the practice locale', async () => {
    const input = bill({ practice: thamesGate });
    const pdf = await readPdf(await renderBillPdf(input));
    expect(pdf.text).toContain('Thames Gate Bookkeeping');
    expect(pdf.text).toContain(`Total VAT ${money(input.taxTotal, 'en-GB', 'GBP')}`);
    expect(pdf.text).toContain(`Amount due ${money(input.amountDue, 'en-GB', 'GBP')}`);
    expect(pdf.text).toContain(day('2026-11-04', 'en-GB'));
    expect(pdf.text).toContain('£');

    const southAfrica = {
      ...harbourside,
      locale: 'en-ZA',
      currency: 'ZAR',
      taxLabel: 'VAT',
      taxNumber: 'VAT 4123456789',
    };
    const za = bill({ practice: southAfrica, amountDue: 12345.67 });
    expect((await readPdf(await renderBillPdf(za))).text).toContain(money(12345.67, 'en-ZA', 'ZAR'));
  });

  it('is deterministic: the same input gives identical bytes and the document info comes from the input', async () => {
    const input = bill({}, 25);
    const [a, b] = [await renderBillPdf(input), await renderBillPdf(structuredClone(input))];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const { info } = await readPdf(a);
    expect(info).toMatchObject({
      Title: 'Tax invoice INV-004213',
      Author: 'Harbourside Accounting',
      Creator: 'Practice Companion demo practice',
    });
    expect(String(info.CreationDate)).toContain('20261005093000');
    expect(String(info.ModDate)).toContain('20261005093000');
    const later = await renderBillPdf({ ...input, generatedAt: '2026-10-06T09:30:00Z' });
    expect(Buffer.from(later).equals(Buffer.from(a))).toBe(false);
  });

  it('does not throw on names outside WinAnsi and prints a close fallback', async () => {
    const input = bill({
      practice: { ...harbourside, name: 'Kōwhai Łódź Accounting 🚀' },
      client: { name: 'Zoë Łukasz Nguyễn', addressLines: ['12 Đường Lê Lợi', '東京都'], email: null },
      lines: [
        {
          description: 'Consulting ✅ for Ōtautahi — “quoted” café',
          quantity: 1,
          unitPrice: 10,
          taxAmount: 1,
          lineTotal: 11,
        },
      ],
      notes: 'Ngā mihi\nemoji 👍🏽 and a zero\u200bwidth space',
    });
    const pdf = await readPdf(await renderBillPdf(input));
    expect(pdf.text).toContain('Zoë Lukasz Nguyen');
    expect(pdf.text).toContain('Kowhai Lódz Accounting ?'); // ó is WinAnsi, ō and ł are not
    expect(pdf.text).toContain('12 Duong Lê Loi ???');
    expect(pdf.text).toContain('Consulting ? for Otautahi — “quoted” café');
    expect(pdf.text).toContain('Nga mihi');
    expect(pdf.text).toContain('zerowidth space');
  });

  it('rejects a generatedAt that is not a date-time', async () => {
    await expect(renderBillPdf(bill({ generatedAt: 'yesterday' }))).rejects.toThrow(RangeError);
  });
});
