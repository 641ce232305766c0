import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { dayStartMs, isIsoDay } from '../../../src-preload/contract/iso-day';
import type { PracticeBranding } from './pdf-types';

/**
 * Shared helpers of the demo practice's PDFs: A4 geometry, the document and its deterministic metadata,
 * footers with page numbers, wrapped text, and the money/date formats of the practice's locale.
 * Only the standard fonts are used, so every string goes through `toWinAnsi` before it is drawn.
 * The header band and logo live in pdf-branding.ts; page flow, tables and blocks in pdf-flow.ts.
 */

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stays above this line; the footer lives below it. */
export const CONTENT_BOTTOM = 62;
export const INK = rgb(0.13, 0.15, 0.18);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const RULE = rgb(0.84, 0.86, 0.89);
export const WHITE = rgb(1, 1, 1);
const CREATOR = 'Practice Companion demo practice';
const PRODUCER = 'Practice Companion demo practice (pdf-lib)';

// ---- Text that the standard fonts can encode -------------------------------------------------

const WIN_ANSI_EXTRA = new Set([...'ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™']);
const FALLBACK: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  ſ: 's',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '—',
  '′': "'",
  '″': '"',
  '→': '->',
  '←': '<-',
  '≤': '<=',
  '≥': '>=',
};

function isWinAnsi(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

function fallbackFor(ch: string): string {
  if (/\s/u.test(ch)) return ' ';
  if (/[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(ch)) return '';
  const mapped = FALLBACK[ch];
  if (mapped !== undefined) return mapped;
  for (const form of ['NFD', 'NFKD'] as const) {
    const base = ch.normalize(form).replace(/\p{M}/gu, '');
    if (base !== '' && [...base].every(isWinAnsi)) return base;
  }
  return '?';
}

/**
 * Maps text onto WinAnsi, the only encoding of pdf-lib's standard fonts: letters outside it lose their
 * accents ("ā" → "a", "ễ" → "e"), a few get a hand-picked stand-in ("ł" → "l"), line breaks and odd
 * spaces become spaces, invisible marks vanish and anything else (emoji, CJK) becomes "?".
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += isWinAnsi(ch) ? ch : fallbackFor(ch);
  return out;
}

// ---- Colours and formats ------------------------------------------------------------------------

export function hexToRgb(hex: string): RGB {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  let digits = match?.[1] ?? '1f6feb';
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const n = Number.parseInt(digits, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Mixes `amount` (0–1) of white (or black, when negative) into a colour. */
export function tint(c: RGB, amount: number): RGB {
  const to = amount >= 0 ? 1 : 0;
  const a = Math.abs(amount);
  return rgb(c.red + (to - c.red) * a, c.green + (to - c.green) * a, c.blue + (to - c.blue) * a);
}

const isLight = (c: RGB): boolean => 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue > 0.62;

export interface Formatters {
  money(value: number): string;
  /** `YYYY-MM-DD` or an ISO date-time, in the locale's medium style (UTC); "-" when missing. */
  date(value: string | null | undefined): string;
  quantity(value: number): string;
}

export function createFormatters(locale: string, currency: string): Formatters {
  let tag = 'en-GB';
  try {
    tag = Intl.getCanonicalLocales(locale)[0] ?? tag;
  } catch {
    // keep en-GB for a malformed locale
  }
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency });
  const quantity = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (value) => money.format(Math.round(value * 100) / 100 || 0),
    quantity: (value) => quantity.format(value || 0),
    date: (value) => {
      if (!value) return '-';
      const time = isIsoDay(value) ? dayStartMs(value) : Date.parse(value);
      return Number.isNaN(time) ? value : dates.format(time);
    },
  };
}

// ---- Document ------------------------------------------------------------------------------------

export interface PdfDoc {
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  practice: PracticeBranding;
  brand: RGB; // the band
  onBrand: RGB; // text on the band
  accent: RGB; // brand-coloured text and rules on white
  wash: RGB; // light brand tint for table headers and call-outs
  fmt: Formatters;
}

export interface DocMeta {
  title: string;
  subject: string;
  /** ISO date-time; becomes CreationDate and ModDate so the same input gives the same bytes. */
  generatedAt: string;
}

export async function createPdfDoc(practice: PracticeBranding, meta: DocMeta): Promise<PdfDoc> {
  const stamp = new Date(meta.generatedAt);
  if (Number.isNaN(stamp.getTime())) throw new RangeError(`generatedAt is not a date-time: ${meta.generatedAt}`);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(practice.name);
  pdf.setSubject(meta.subject);
  pdf.setCreator(CREATOR);
  pdf.setProducer(PRODUCER);
  pdf.setLanguage(practice.locale);
  pdf.setCreationDate(stamp);
  pdf.setModificationDate(stamp);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const brand = hexToRgb(practice.brandColour);
  const light = isLight(brand);
  return {
    pdf,
    regular,
    bold,
    practice,
    brand,
    onBrand: light ? INK : WHITE,
    accent: light ? tint(brand, -0.55) : brand,
    wash: light ? brand : tint(brand, 0.88),
    fmt: createFormatters(practice.locale, practice.currency),
  };
}

/** Draws every page's footer ("Page 1 of 2") and serialises the document. */
export async function savePdf(doc: PdfDoc): Promise<Uint8Array> {
  const pages = doc.pdf.getPages();
  const p = doc.practice;
  const contact = [p.name, p.email, p.phone].filter(Boolean).join('  ·  ');
  pages.forEach((page, index) => {
    page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: PAGE_WIDTH - MARGIN, y: 44 }, thickness: 0.6, color: RULE });
    drawText(doc, page, fitText(doc.regular, contact, 7.5, CONTENT_WIDTH - 80), MARGIN, 31, {
      size: 7.5,
      color: MUTED,
    });
    drawText(doc, page, `Page ${index + 1} of ${pages.length}`, PAGE_WIDTH - MARGIN, 31, {
      size: 7.5,
      color: MUTED,
      align: 'right',
    });
  });
  return doc.pdf.save({ useObjectStreams: false });
}

// ---- Text ----------------------------------------------------------------------------------------

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
  opacity?: number;
}

/** Draws one line of sanitised text; `x` is the left, right or centre edge depending on `align`. */
export function drawText(
  doc: PdfDoc,
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  style: TextStyle = {},
): number {
  const font = style.bold ? doc.bold : doc.regular;
  const size = style.size ?? 9;
  const clean = toWinAnsi(text);
  const width = font.widthOfTextAtSize(clean, size);
  const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
  page.drawText(clean, { x: left, y, size, font, color: style.color ?? INK, opacity: style.opacity ?? 1 });
  return width;
}

/** Splits text into sanitised lines no wider than `maxWidth`; words longer than a line are broken. */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of toWinAnsi(paragraph).split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > maxWidth) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Sanitised text cut short with "…" so it fits `maxWidth`. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  let clean = toWinAnsi(text);
  if (font.widthOfTextAtSize(clean, size) <= maxWidth) return clean;
  while (clean.length > 0 && font.widthOfTextAtSize(`${clean}…`, size) > maxWidth) clean = clean.slice(0, -1);
  return `${clean.trimEnd()}…`;
}

/** The largest size from `size` down to `min` at which the text fits `maxWidth`. */
export function fitSize(font: PDFFont, text: string, size: number, min: number, maxWidth: number): number {
  const width = font.widthOfTextAtSize(toWinAnsi(text), size);
  return width <= maxWidth ? size : Math.max(min, Math.floor(((size * maxWidth) / width) * 2) / 2);
}
