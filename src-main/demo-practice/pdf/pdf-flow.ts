import { PDFArray, PDFName, PDFString, PageSizes, type PDFPage, type RGB } from 'pdf-lib';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  INK,
  MARGIN,
  MUTED,
  RULE,
  drawText,
  tint,
  wrapText,
  type PdfDoc,
} from './pdf-layout';
import { drawCompactBand, drawHeaderBand } from './pdf-branding';
import type { PdfParty } from './pdf-types';

/**
 * Blocks of content on A4 pages: a cursor that starts a new page (with the slim continuation band)
 * when the next block does not fit above the footer, and tables whose header repeats on every page.
 */
export class PageFlow {
  page: PDFPage;
  /** Baseline-free cursor: the top of the next block, in PDF points from the bottom of the page. */
  y: number;

  constructor(
    readonly doc: PdfDoc,
    title: string,
    private readonly continuationLabel: string,
  ) {
    this.page = doc.pdf.addPage(PageSizes.A4);
    this.y = drawHeaderBand(doc, this.page, title);
  }

  newPage(): void {
    this.page = this.doc.pdf.addPage(PageSizes.A4);
    this.y = drawCompactBand(this.doc, this.page, this.continuationLabel);
  }

  /** Starts a new page unless `height` more points fit above the footer; true when it did. */
  ensure(height: number): boolean {
    if (this.y - height >= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableOptions {
  size?: number;
  x?: number;
  /**
   * At most this many rows on the page where the table starts (fewer when rows wrap or space runs
   * out), so that how a document paginates is predictable from its line count.
   */
  maxRowsOnFirstPage?: number;
  /** Rows drawn in bold (e.g. an opening balance). */
  isStrong?: (rowIndex: number) => boolean;
}

const PAD_X = 5;
const PAD_Y = 5.5;

/** Draws a table; rows that do not fit move to a new page, where the header row is drawn again. */
export function drawTable(
  flow: PageFlow,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): void {
  const { doc } = flow;
  const size = options.size ?? 9;
  const lineHeight = size * 1.3;
  const x0 = options.x ?? MARGIN;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const measure = (cells: readonly string[], bold: boolean) => {
    const font = bold ? doc.bold : doc.regular;
    const wrapped = columns.map((c, i) => wrapText(font, cells[i] ?? '', size, c.width - 2 * PAD_X));
    const lines = Math.max(1, ...wrapped.map((w) => w.length));
    return { wrapped, height: 2 * PAD_Y + size + (lines - 1) * lineHeight };
  };
  const drawRow = (cells: readonly string[], bold: boolean, fill: RGB | undefined, color: RGB) => {
    const { wrapped, height } = measure(cells, bold);
    if (fill) flow.page.drawRectangle({ x: x0, y: flow.y - height, width, height, color: fill });
    let x = x0;
    columns.forEach((column, i) => {
      const right = column.align === 'right';
      (wrapped[i] ?? []).forEach((line, k) => {
        const baseline = flow.y - PAD_Y - size * 0.82 - k * lineHeight;
        const lineX = right ? x + column.width - PAD_X : x + PAD_X;
        drawText(doc, flow.page, line, lineX, baseline, { size, bold, color, align: right ? 'right' : 'left' });
      });
      x += column.width;
    });
    flow.y -= height;
  };
  const headers = columns.map((c) => c.header);
  const drawHeader = () => {
    drawRow(headers, true, doc.wash, doc.accent);
    flow.page.drawLine({
      start: { x: x0, y: flow.y },
      end: { x: x0 + width, y: flow.y },
      thickness: 0.8,
      color: doc.accent,
    });
  };

  const zebra = tint(doc.wash, 0.6);
  flow.ensure(measure(headers, true).height + (rows[0] ? measure(rows[0], false).height : 0));
  drawHeader();
  let onFirstPage = true;
  let rowsOnPage = 0;
  rows.forEach((row, index) => {
    const strong = options.isStrong?.(index) ?? false;
    const { height } = measure(row, strong);
    const capped = onFirstPage && options.maxRowsOnFirstPage !== undefined && rowsOnPage >= options.maxRowsOnFirstPage;
    if (capped || flow.y - height < CONTENT_BOTTOM) {
      flow.newPage();
      drawHeader();
      onFirstPage = false;
      rowsOnPage = 0;
    }
    drawRow(row, strong, index % 2 === 1 ? zebra : undefined, INK);
    rowsOnPage += 1;
  });
  flow.page.drawLine({ start: { x: x0, y: flow.y }, end: { x: x0 + width, y: flow.y }, thickness: 0.6, color: RULE });
}

export interface DetailRow {
  label: string;
  value: string;
  strong?: boolean;
}

export interface DetailsLayout {
  labelWidth: number;
  valueWidth: number;
  size?: number;
  valueAlign?: 'left' | 'right';
}

/**
 * Label/value pairs in two columns (values wrap), e.g. an invoice's number and dates or its totals.
 * Draws on the current page without breaking; call `flow.ensure(detailsHeight(...))` first. Returns the y below.
 */
export function drawDetails(
  doc: PdfDoc,
  page: PDFPage,
  rows: readonly DetailRow[],
  x: number,
  y: number,
  layout: DetailsLayout,
): number {
  const size = layout.size ?? 9;
  let cursor = y;
  for (const row of rows) {
    const rowSize = row.strong ? size + 1.5 : size;
    drawText(doc, page, row.label, x, cursor - rowSize, {
      size: rowSize,
      bold: row.strong ?? false,
      color: row.strong ? INK : MUTED,
    });
    const lines = wrapText(row.strong ? doc.bold : doc.regular, row.value, rowSize, layout.valueWidth);
    const valueX = layout.valueAlign === 'right' ? x + layout.labelWidth + layout.valueWidth : x + layout.labelWidth;
    lines.forEach((line, k) => {
      const style = { size: rowSize, bold: row.strong ?? false, align: layout.valueAlign ?? 'left' } as const;
      drawText(doc, page, line, valueX, cursor - rowSize - k * rowSize * 1.3, style);
    });
    cursor -= rowSize + (lines.length - 1) * rowSize * 1.3 + 6;
  }
  return cursor;
}

/** The height `drawDetails` will take. */
export function detailsHeight(doc: PdfDoc, rows: readonly DetailRow[], valueWidth: number, size = 9): number {
  return rows.reduce((sum, row) => {
    const rowSize = row.strong ? size + 1.5 : size;
    const lines = wrapText(row.strong ? doc.bold : doc.regular, row.value, rowSize, valueWidth).length;
    return sum + rowSize + (lines - 1) * rowSize * 1.3 + 6;
  }, 0);
}

/** A heading and a wrapped paragraph that may continue onto the next page. */
export function drawParagraph(
  flow: PageFlow,
  heading: string | null,
  text: string,
  options: { size?: number; color?: RGB } = {},
): void {
  const size = options.size ?? 9;
  const lineHeight = size * 1.4;
  const lines = wrapText(flow.doc.regular, text, size, CONTENT_WIDTH);
  if (heading) {
    flow.ensure(14 + lineHeight * Math.min(2, lines.length));
    drawText(flow.doc, flow.page, heading.toUpperCase(), MARGIN, flow.y - 8, { size: 7.5, bold: true, color: MUTED });
    flow.y -= 14;
  }
  for (const line of lines) {
    flow.ensure(lineHeight);
    drawText(flow.doc, flow.page, line, MARGIN, flow.y - size, { size, color: options.color ?? INK });
    flow.y -= lineHeight;
  }
}

/** A "Bill to" style block: heading, name, address lines and email, wrapped to `width`. Returns the y below it. */
export function drawParty(
  doc: PdfDoc,
  page: PDFPage,
  heading: string,
  party: PdfParty,
  x: number,
  y: number,
  width: number,
): number {
  drawText(doc, page, heading.toUpperCase(), x, y, { size: 7.5, bold: true, color: MUTED });
  let cursor = y - 15;
  for (const line of wrapText(doc.bold, party.name, 11, width)) {
    drawText(doc, page, line, x, cursor, { size: 11, bold: true });
    cursor -= 14;
  }
  for (const line of [...party.addressLines, party.email ?? '']
    .filter(Boolean)
    .flatMap((l) => wrapText(doc.regular, l, 9, width))) {
    drawText(doc, page, line, x, cursor, { size: 9 });
    cursor -= 12;
  }
  return cursor;
}

/** A clickable link over a rectangle of the page (http and https URLs only; anything else stays plain text). */
export function addLink(
  doc: PdfDoc,
  page: PDFPage,
  rect: { x: number; y: number; width: number; height: number },
  url: string,
): void {
  let href: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
    href = parsed.href;
  } catch {
    return;
  }
  const { context } = doc.pdf;
  const annotation = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Border: [0, 0, 0],
      Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(href.replace(/[\\()]/g, '\\$&')) },
    }),
  );
  const existing = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), context.obj([annotation]));
}
