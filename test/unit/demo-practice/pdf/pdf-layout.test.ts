import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { practiceInitials } from '../../../../src-main/demo-practice/pdf/pdf-branding';
import { createFormatters, hexToRgb, toWinAnsi, wrapText } from '../../../../src-main/demo-practice/pdf/pdf-layout';

describe('toWinAnsi', () => {
  it('keeps WinAnsi text as it is', () => {
    const text = 'Zoë Müller-Øberg’s café: “£12.50” – €3 • 100% ™ Œuvre Š ž …';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('falls back to close ASCII for letters outside WinAnsi and "?" for the rest', () => {
    expect(toWinAnsi('Zoë Łukasz Nguyễn')).toBe('Zoë Lukasz Nguyen');
    expect(toWinAnsi('Māori ā ō ū ı đ ħ')).toBe('Maori a o u i d h');
    expect(toWinAnsi('e\u0301')).toBe('é'); // decomposed input is recomposed first
    expect(toWinAnsi('ﬁle ①')).toBe('file 1');
    expect(toWinAnsi('−5')).toBe('-5');
    expect(toWinAnsi('ok 👍🏽 東京')).toBe('ok ?? ??');
    expect(toWinAnsi('a\tb\nc\u2009d\u200be')).toBe('a b c de');
  });

  it('only ever produces text the standard fonts can encode', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    let everything = '';
    for (let cp = 0; cp < 0x3000; cp += 1) everything += String.fromCodePoint(cp);
    everything += '😀👨‍👩‍👧🇳🇿\u{1F3FD}\uFE0F';
    expect(() => font.encodeText(toWinAnsi(everything))).not.toThrow();
  });
});

describe('formatters', () => {
  it('formats money and medium dates for the locale, in UTC', () => {
    const au = createFormatters('en-AU', 'AUD');
    expect(au.money(1234.5)).toBe(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(1234.5),
    );
    expect(au.money(-0)).toBe(au.money(0));
    const medium = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(au.date('2026-10-05')).toBe(medium.format(Date.UTC(2026, 9, 5)));
    expect(au.date('2026-10-05T23:30:00-05:00')).toBe(au.date('2026-10-06'));
    expect(au.date('not a date')).toBe('not a date');
    expect(au.date(null)).toBe('-');
    expect(createFormatters('en-GB', 'GBP').money(2)).toContain('£');
    expect(createFormatters('not a locale!', 'GBP').money(2)).toBe('£2.00');
  });
});

describe('layout helpers', () => {
  it('parses brand colours and falls back on nonsense', () => {
    expect(hexToRgb('#ffffff')).toMatchObject({ red: 1, green: 1, blue: 1 });
    expect(hexToRgb('#f00')).toMatchObject({ red: 1, green: 0, blue: 0 });
    expect(hexToRgb('blue')).toEqual(hexToRgb('#1f6feb'));
  });

  it('takes the initials of the practice name', () => {
    expect(practiceInitials('Harbourside Accounting')).toBe('HA');
    expect(practiceInitials('Smith & Jones')).toBe('SJ');
    expect(practiceInitials('The Ledger Co')).toBe('LC');
    expect(practiceInitials('Ōtautahi')).toBe('OT');
  });

  it('wraps text to the width and breaks words longer than a line', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const text =
      'The quick brown fox jumps over the lazy dog https://pay.example/a-very-long-link-without-spaces-at-all\nNext';
    const lines = wrapText(font, text, 9, 80);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 9)).toBeLessThanOrEqual(80);
    expect(lines.join('')).toContain('https://pay.example/a-very-long-link');
    expect(lines.at(-1)).toBe('Next');
  });
});
