import { createHmac, timingSafeEqual } from 'node:crypto';
import { zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The demo's stand-in for the storage service behind "one file via short-lived signed storage URL":
 * signed links to /_storage/… that expire on the demo clock, and the uploaded files themselves
 * (small generated PDFs, since the demo has no real uploads).
 */
export function createStorageSigner(secret: string) {
  const sign = (path: string, expires: number) =>
    createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');
  return {
    url(origin: string, path: string, expires: number): string {
      return `${origin}/_storage${path}?expires=${expires}&sig=${sign(path, expires)}`;
    },
    verify(path: string, expires: number, signature: string, now: number): boolean {
      if (!Number.isFinite(expires) || expires * 1000 < now) return false;
      const expected = Buffer.from(sign(path, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type StorageSigner = ReturnType<typeof createStorageSigner>;

export async function renderUploadedDocument(
  title: string,
  clientName: string,
  uploadedOn: string | null,
): Promise<Uint8Array> {
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

export function zipFiles(files: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    let name = file.name;
    for (let n = 2; entries[name]; n++) name = file.name.replace(/(\.[^.]+)?$/, `-${n}$1`);
    entries[name] = file.bytes;
  }
  return zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
