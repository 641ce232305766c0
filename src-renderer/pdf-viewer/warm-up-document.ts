/**
 * A one-page PDF built in memory for the viewer's warm-up (warm-up.ts): what a bill draws, in
 * miniature — a page of regular and bold text lines in the standard Helvetica fonts (not embedded, as
 * the demo practice's bills use them), a filled box and rules, in a Flate-compressed content stream
 * like every bill's. Opening it once runs pdf.js's parser, decompression, font, canvas and text-layer
 * code before the first real document needs them. Built here rather than shipped as a file: it is
 * small, and nothing is fetched to warm up.
 */

/** A bill's worth of lines: enough calls for pdf.js's text and drawing paths to be optimised, not just run once. */
const LINES = 40;

const hex = (text: string): string => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

const CONTENT = [
  '0.93 0.94 0.96 rg 40 760 515 40 re f',
  '0.2 0.2 0.2 RG 1 w 40 740 m 555 740 l S',
  '0 0 0 rg BT /F2 16 Tf 50 775 Td (Invoice INV-0001) Tj ET',
  ...Array.from({ length: LINES }, (_, i) => {
    const y = 720 - i * 16;
    const font = i % 5 === 0 ? 'F2' : 'F1';
    // Literal and hex strings both: pdf-lib, which writes the bills, uses hex.
    return `BT /${font} 10 Tf 50 ${y} Td (Bookkeeping, month ${i + 1}) Tj 400 0 Td <${hex(`1,${250 + i}.00`)}> Tj ET 40 ${y - 4} m 555 ${y - 4} l S`;
  }),
].join('\n');

const OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
];

/** zlib-wrapped deflate, which is exactly PDF's FlateDecode. */
async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The warm-up PDF's bytes, with an exact cross-reference table (pdf.js would otherwise rebuild it). */
export async function warmUpPdfBytes(): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const content = await deflate(CONTENT);
  const parts: Uint8Array[] = [];
  let length = 0;
  const add = (part: string | Uint8Array): void => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  add('%PDF-1.4\n');
  OBJECTS.forEach((body, index) => {
    offsets.push(length);
    add(`${index + 1} 0 obj\n${body}\nendobj\n`);
  });
  offsets.push(length);
  add(`${OBJECTS.length + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`);
  add(content);
  add('\nendstream\nendobj\n');
  const xref = length;
  const count = offsets.length + 1;
  add(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
