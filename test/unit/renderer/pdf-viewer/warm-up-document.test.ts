import { describe, expect, it } from 'vitest';
import { warmUpPdfBytes } from '../../../../src-renderer/pdf-viewer/warm-up-document';
import { readPdf } from '../../../support/read-pdf-text';

describe("the viewer's warm-up document", () => {
  it('is a one-page PDF with text in both standard fonts a bill uses', async () => {
    const bytes = await warmUpPdfBytes();
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('/BaseFont /Helvetica-Bold ');
    const readBack = await readPdf(bytes);
    expect(readBack.pageCount).toBe(1);
    expect(readBack.text).toContain('Invoice INV-0001');
    expect(readBack.text).toContain('1,250.00');
  });

  it('has an exact cross-reference table (pdf.js would quietly rebuild a wrong one, and a first open would pay for that)', async () => {
    const text = new TextDecoder('latin1').decode(await warmUpPdfBytes());
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref).startsWith('xref\n0 7\n')).toBe(true);
    const entries = text.slice(startxref).split('\n').slice(3, 9);
    entries.forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
    });
    // The content stream is compressed like a bill's, and its declared length is exact.
    const stream = /\/Length (\d+) \/Filter \/FlateDecode >>\nstream\n([\s\S]*)\nendstream/.exec(text);
    expect(Number(stream?.[1])).toBe(stream?.[2]?.length);
  });
});
