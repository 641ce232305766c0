import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A one-page PDF standing in for an uploaded paper the demo has no richer picture of (a utility bill, last
 * year's return, a constitution): its title, who uploaded it and when. The same bytes for the same input.
 */
export async function renderLetter(title: string, clientName: string, uploadedOn: string | null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Practice Companion demo practice');
  const fixed = new Date(uploadedOn ?? '2026-01-01T00:00:00Z');
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  const ascii = (text: string) => text.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  page.drawText(ascii(title), { x: 56, y: 760, size: 20, font });
  page.drawText(ascii(`Uploaded by ${clientName}`), { x: 56, y: 730, size: 12, font });
  page.drawText(ascii(`Received ${uploadedOn ?? 'unknown'}`), { x: 56, y: 712, size: 12, font });
  page.drawText('Demo document: no real personal data.', { x: 56, y: 680, size: 10, font });
  return pdf.save({ useObjectStreams: false });
}
