import { PageFlow, drawDetails, drawParagraph, drawParty, drawTable, type Column, type DetailRow } from './pdf-flow';
import { CONTENT_WIDTH, MARGIN, MUTED, PAGE_WIDTH, createPdfDoc, drawText, savePdf } from './pdf-layout';
import type { StatementPdfInput, StatementPdfLine } from './pdf-types';

const TYPE_LABELS: Record<StatementPdfLine['type'], string> = {
  opening: 'Opening',
  invoice: 'Invoice',
  payment: 'Payment',
  refund: 'Refund',
  credit: 'Credit note',
};

/** The ageing buckets, oldest last, as printed under the activity table. */
export const AGEING_LABELS = ['Current', '1-30 days', '31-60 days', '61-90 days', '90+ days'] as const;

const META_WIDTH = 250;

/** A client's statement of account as a branded A4 PDF: activity over the period, balances and ageing. */
export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const { practice } = input;
  const doc = await createPdfDoc(practice, {
    title: `Statement ${input.statementNumber}`,
    subject: `Statement of account ${input.statementNumber} from ${practice.name} to ${input.client.name}`,
    generatedAt: input.generatedAt,
  });
  const { fmt } = doc;
  const flow = new PageFlow(doc, 'STATEMENT', `STATEMENT ${input.statementNumber} (continued)`);
  const period = `${fmt.date(input.periodStart)} – ${fmt.date(input.periodEnd)}`;

  const meta: DetailRow[] = [
    { label: 'Statement number', value: input.statementNumber },
    { label: 'Statement date', value: fmt.date(input.statementDate) },
    { label: 'Period', value: period },
    { label: 'Opening balance', value: fmt.money(input.openingBalance) },
    { label: 'Closing balance', value: fmt.money(input.closingBalance), strong: true },
  ];
  const partyBottom = drawParty(doc, flow.page, 'Statement for', input.client, MARGIN, flow.y, 230);
  const metaX = PAGE_WIDTH - MARGIN - META_WIDTH;
  const metaLayout = { labelWidth: 105, valueWidth: META_WIDTH - 105, valueAlign: 'right' } as const;
  const metaBottom = drawDetails(doc, flow.page, meta, metaX, flow.y + 7, metaLayout);
  flow.y = Math.min(partyBottom, metaBottom) - 14;

  drawText(doc, flow.page, `ACCOUNT ACTIVITY, ${period}`, MARGIN, flow.y - 8, { size: 7.5, bold: true, color: MUTED });
  flow.y -= 14;
  const columns: Column[] = [
    { header: 'Date', width: 62 },
    { header: 'Type', width: 56 },
    { header: 'Reference', width: 78 },
    { header: 'Description', width: CONTENT_WIDTH - 402 },
    { header: 'Debit', width: 66, align: 'right' },
    { header: 'Credit', width: 66, align: 'right' },
    { header: 'Balance', width: 74, align: 'right' },
  ];
  const money = (value: number) => (value ? fmt.money(value) : '');
  const rows = input.lines.map((line) => [
    fmt.date(line.date),
    TYPE_LABELS[line.type] ?? line.type,
    line.reference,
    line.description,
    money(line.debit),
    money(line.credit),
    fmt.money(line.balance),
  ]);
  drawTable(flow, columns, rows, { size: 8.5, isStrong: (i) => input.lines[i]?.type === 'opening' });

  const closing: DetailRow[] = [{ label: 'Closing balance', value: fmt.money(input.closingBalance), strong: true }];
  flow.ensure(30);
  const closingLayout = { labelWidth: 120, valueWidth: META_WIDTH - 125, valueAlign: 'right' } as const;
  flow.y = drawDetails(doc, flow.page, closing, metaX, flow.y - 8, closingLayout) - 16;

  const { ageing } = input;
  const buckets = [ageing.current, ageing.days1to30, ageing.days31to60, ageing.days61to90, ageing.days90plus];
  const total = buckets.reduce((sum, value) => sum + value, 0);
  flow.ensure(14 + 2 * 20);
  drawText(doc, flow.page, 'AGEING OF THE BALANCE', MARGIN, flow.y - 8, { size: 7.5, bold: true, color: MUTED });
  flow.y -= 14;
  const ageingColumns: Column[] = [...AGEING_LABELS, 'Total'].map((header) => ({
    header,
    width: CONTENT_WIDTH / 6,
    align: 'right',
  }));
  drawTable(flow, ageingColumns, [[...buckets, total].map((value) => fmt.money(value))], { size: 8.5 });

  flow.y -= 16;
  const contact = [practice.email, practice.phone].filter(Boolean).join(' or ');
  const ask =
    input.closingBalance > 0
      ? `Please pay the closing balance of ${fmt.money(input.closingBalance)}, quoting ${input.statementNumber}. `
      : '';
  drawParagraph(flow, null, `${ask}Questions about this statement? Contact ${practice.name} at ${contact}.`, {
    color: MUTED,
  });
  return savePdf(doc);
}
