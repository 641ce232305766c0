import type { PDFPage } from 'pdf-lib';
import {
  MARGIN,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  WHITE,
  drawText,
  fitSize,
  fitText,
  toWinAnsi,
  wrapText,
  type PdfDoc,
} from './pdf-layout';

/**
 * The practice's branding on every page: a logo drawn from shapes and the practice initials, the full
 * header band of page 1 (name, contact details, document title) and the slim band of later pages.
 */

export function practiceInitials(name: string): string {
  const words = toWinAnsi(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/^(and|of|the|&)$/i.test(w));
  const initials = words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? 'PC').slice(0, 2);
  return initials.toUpperCase();
}

/** The logo: a white disc with a brand-coloured ring, the practice initials and a small accent dot. */
function drawLogo(doc: PdfDoc, page: PDFPage, cx: number, cy: number, r: number): void {
  page.drawCircle({ x: cx, y: cy, size: r, color: WHITE });
  page.drawCircle({ x: cx, y: cy, size: r * 0.84, borderColor: doc.accent, borderWidth: Math.max(0.8, r * 0.06) });
  page.drawCircle({
    x: cx + r * 0.6,
    y: cy + r * 0.6,
    size: r * 0.17,
    color: doc.accent,
    borderColor: WHITE,
    borderWidth: r * 0.05,
  });
  const style = { size: r * 0.78, bold: true, color: doc.accent, align: 'center' } as const;
  drawText(doc, page, practiceInitials(doc.practice.name), cx, cy - r * 0.27, style);
}

const BAND = 104;
const MINI_BAND = 40;

/** The first page's band: logo, practice name and contact details, and the document title on the right. Returns the y below it. */
export function drawHeaderBand(doc: PdfDoc, page: PDFPage, title: string): number {
  const top = PAGE_HEIGHT;
  const p = doc.practice;
  page.drawRectangle({ x: 0, y: top - BAND, width: PAGE_WIDTH, height: BAND, color: doc.brand });
  drawLogo(doc, page, MARGIN + 26, top - 52, 26);
  const titleSize = title ? fitSize(doc.bold, title, 22, 12, 230) : 0;
  const titleWidth = title ? doc.bold.widthOfTextAtSize(toWinAnsi(title), titleSize) : 0;
  const textX = MARGIN + 66;
  const maxWidth = PAGE_WIDTH - MARGIN - textX - titleWidth - 20;
  // A long name shrinks, then takes two lines, and only then is cut short.
  const nameSize = fitSize(doc.bold, p.name, 17, 13, maxWidth);
  const [first = '', ...rest] = wrapText(doc.bold, p.name, nameSize, maxWidth);
  const nameLines = rest.length > 0 ? [first, fitText(doc.bold, rest.join(' '), nameSize, maxWidth)] : [first];
  nameLines.forEach((line, i) => {
    const baseline = (nameLines.length > 1 ? top - 27 : top - 42) - i * (nameSize + 2);
    drawText(doc, page, line, textX, baseline, { size: nameSize, bold: true, color: doc.onBrand });
  });
  const taxLine = p.taxNumber ? `${p.taxLabel} reg. ${p.taxNumber}` : '';
  const details = [p.addressLines.join(', '), [p.email, p.phone].filter(Boolean).join('  ·  '), taxLine];
  details.forEach((line, i) => {
    const style = { size: 8.5, color: doc.onBrand, opacity: 0.9 };
    drawText(doc, page, fitText(doc.regular, line, 8.5, maxWidth), textX, top - 59 - i * 11.5, style);
  });
  if (title)
    drawText(doc, page, title, PAGE_WIDTH - MARGIN, top - 58, {
      size: titleSize,
      bold: true,
      color: doc.onBrand,
      align: 'right',
    });
  return top - BAND - 26;
}

/** The slim band of continuation pages. Returns the y below it. */
export function drawCompactBand(doc: PdfDoc, page: PDFPage, label: string): number {
  const top = PAGE_HEIGHT;
  page.drawRectangle({ x: 0, y: top - MINI_BAND, width: PAGE_WIDTH, height: MINI_BAND, color: doc.brand });
  drawLogo(doc, page, MARGIN + 13, top - 20, 13);
  const labelStyle = { size: 10, bold: true, color: doc.onBrand, align: 'right' } as const;
  const labelWidth = drawText(doc, page, label, PAGE_WIDTH - MARGIN, top - 24, labelStyle);
  const name = fitText(doc.bold, doc.practice.name, 11, PAGE_WIDTH - 2 * MARGIN - 40 - labelWidth);
  drawText(doc, page, name, MARGIN + 34, top - 24, { size: 11, bold: true, color: doc.onBrand });
  return top - MINI_BAND - 22;
}
