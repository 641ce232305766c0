import {
  PageFlow,
  addLink,
  detailsHeight,
  drawDetails,
  drawParagraph,
  drawParty,
  drawTable,
  type Column,
  type DetailRow,
} from './pdf-flow';
import {
  CONTENT_WIDTH,
  MARGIN,
  MUTED,
  PAGE_WIDTH,
  createPdfDoc,
  drawText,
  savePdf,
  wrapText,
  type PdfDoc,
} from './pdf-layout';
import type { BillPdfInput } from './pdf-types';

/**
 * Page 1 of a bill holds at most this many lines (fewer when long descriptions wrap onto several
 * rows); the rest continue on page 2 and on, under a repeated table header, and the totals follow the
 * last line. With single-line descriptions and a two-line client address:
 *   - one page: up to 20 lines without a pay link or notes, up to 16 with a pay link and a short note;
 *   - two pages: 21-49 lines (17-43 with a pay link and note), so a 25-line bill is always exactly two;
 *   - a continuation page holds about 33 lines when the totals do not have to fit on it as well.
 */
export const BILL_LINES_ON_FIRST_PAGE = 20;

const TOTALS_WIDTH = 240;

/**
 * Countries whose tax law has a bill that carries tax say "Tax invoice" on it (Australia's GST Act, New Zealand's
 * practice, South Africa's VAT Act). A UK bill is an "Invoice" that shows the VAT and the VAT number.
 */
const SAYS_TAX_INVOICE = new Set(['AU', 'NZ', 'ZA']);

/** A bill (invoice) as a branded A4 PDF: "TAX INVOICE" when it carries tax where the country says so, else "INVOICE". */
export async function renderBillPdf(input: BillPdfInput): Promise<Uint8Array> {
  const { practice } = input;
  const hasTax = input.taxTotal !== 0 || input.lines.some((line) => line.taxAmount !== 0);
  const taxInvoice = hasTax && SAYS_TAX_INVOICE.has(practice.countryCode);
  const title = taxInvoice ? 'TAX INVOICE' : 'INVOICE';
  const doc = await createPdfDoc(practice, {
    title: `${taxInvoice ? 'Tax invoice' : 'Invoice'} ${input.billNumber}`,
    subject: `${taxInvoice ? 'Tax invoice' : 'Invoice'} ${input.billNumber} from ${practice.name} to ${input.client.name}`,
    generatedAt: input.generatedAt,
  });
  const { fmt } = doc;
  const flow = new PageFlow(doc, title, `${title} ${input.billNumber} (continued)`);

  const meta: DetailRow[] = [
    { label: 'Invoice number', value: input.billNumber },
    { label: 'Invoice date', value: fmt.date(input.billDate) },
    { label: 'Due date', value: fmt.date(input.dueDate) },
    ...(input.reference ? [{ label: 'Reference', value: input.reference }] : []),
    { label: 'Amount due', value: fmt.money(input.amountDue), strong: true },
  ];
  const partyBottom = drawParty(doc, flow.page, 'Bill to', input.client, MARGIN, flow.y, 250);
  const metaLayout = { labelWidth: 100, valueWidth: TOTALS_WIDTH - 100, valueAlign: 'right' } as const;
  const metaBottom = drawDetails(doc, flow.page, meta, PAGE_WIDTH - MARGIN - TOTALS_WIDTH, flow.y + 7, metaLayout);
  flow.y = Math.min(partyBottom, metaBottom) - 14;

  const columns: Column[] = [
    { header: 'Description', width: CONTENT_WIDTH - 290 },
    { header: 'Qty', width: 45, align: 'right' },
    { header: 'Unit price', width: 80, align: 'right' },
    { header: practice.taxLabel, width: 75, align: 'right' },
    { header: 'Amount', width: 90, align: 'right' },
  ];
  const rows = input.lines.map((line) => [
    line.description,
    fmt.quantity(line.quantity),
    fmt.money(line.unitPrice),
    fmt.money(line.taxAmount),
    fmt.money(line.lineTotal),
  ]);
  drawTable(flow, columns, rows, { maxRowsOnFirstPage: BILL_LINES_ON_FIRST_PAGE });

  drawTotals(doc, flow, input, hasTax);
  if (input.payLinkUrl) drawPayOnline(doc, flow, input.payLinkUrl, input.billNumber);
  if (input.notes) {
    flow.y -= 14;
    drawParagraph(flow, 'Notes', input.notes);
  }
  return savePdf(doc);
}

function drawTotals(doc: PdfDoc, flow: PageFlow, input: BillPdfInput, hasTax: boolean): void {
  const { fmt } = doc;
  const { practice } = input;
  const rows: DetailRow[] = [
    { label: hasTax ? 'Subtotal (excl. tax)' : 'Subtotal', value: fmt.money(input.subtotal) },
    { label: `Total ${practice.taxLabel}`, value: fmt.money(input.taxTotal) },
    { label: 'Total', value: fmt.money(input.total), strong: true },
    { label: 'Amount paid', value: fmt.money(input.amountPaid) },
  ];
  const valueWidth = TOTALS_WIDTH - 110;
  const dueBox = 30;
  flow.ensure(14 + detailsHeight(doc, rows, valueWidth) + 6 + dueBox);
  flow.y -= 14;
  const x = PAGE_WIDTH - MARGIN - TOTALS_WIDTH;
  const { page } = flow;

  const terms = `Please pay by ${fmt.date(input.dueDate)}, quoting ${input.billNumber} as the reference.`;
  wrapText(doc.regular, terms, 9, CONTENT_WIDTH - TOTALS_WIDTH - 30).forEach((line, k) => {
    drawText(doc, page, line, MARGIN, flow.y - 9 - k * 12.5, { size: 9, color: MUTED });
  });

  flow.y = drawDetails(doc, page, rows, x, flow.y, { labelWidth: 110, valueWidth, valueAlign: 'right' }) - 6;
  page.drawRectangle({ x: x - 8, y: flow.y - dueBox, width: TOTALS_WIDTH + 8, height: dueBox, color: doc.wash });
  page.drawRectangle({ x: x - 8, y: flow.y - dueBox, width: 3, height: dueBox, color: doc.accent });
  drawText(doc, page, 'Amount due', x, flow.y - 19.5, { size: 11, bold: true, color: doc.accent });
  const dueStyle = { size: 12, bold: true, color: doc.accent, align: 'right' } as const;
  drawText(doc, page, fmt.money(input.amountDue), PAGE_WIDTH - MARGIN - 6, flow.y - 19.5, dueStyle);
  flow.y -= dueBox;
}

function drawPayOnline(doc: PdfDoc, flow: PageFlow, url: string, billNumber: string): void {
  const size = 11;
  const lines = wrapText(doc.bold, `Pay online: ${url}`, size, CONTENT_WIDTH - 28);
  const height = 16 + lines.length * 14 + 18;
  flow.ensure(18 + height);
  flow.y -= 18;
  const { page } = flow;
  const top = flow.y;
  page.drawRectangle({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: doc.wash });
  page.drawRectangle({ x: MARGIN, y: top - height, width: 3, height, color: doc.accent });
  lines.forEach((line, k) => {
    drawText(doc, page, line, MARGIN + 14, top - 14 - size * 0.8 - k * 14, { size, bold: true, color: doc.accent });
  });
  const hint = `Pay securely by card or bank transfer. Please quote ${billNumber}.`;
  drawText(doc, page, hint, MARGIN + 14, top - height + 11, { size: 8.5, color: MUTED });
  addLink(
    doc,
    page,
    { x: MARGIN, y: top - 14 - lines.length * 14, width: CONTENT_WIDTH, height: lines.length * 14 + 10 },
    url,
  );
  flow.y -= height;
}
