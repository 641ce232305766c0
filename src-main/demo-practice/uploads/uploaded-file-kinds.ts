/**
 * What a client uploads for each document an onboarding asks for, as the demo practice serves it: the file's
 * name as a client would name it and its content type. A photo of an ID card is an image, a trust deed a Word
 * document, the rest PDFs (a bank statement as the bank issues it). One table, used by the generator (the
 * requirement's `fileName`) and by the routes that serve the files, so the two always agree.
 */

export const WORD_DOCUMENT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type UploadedFileShape = 'bank-statement' | 'photo-id' | 'word-document' | 'letter';

export interface UploadedFileKind {
  fileName: string;
  contentType: string;
  shape: UploadedFileShape;
}

const KINDS: Readonly<Record<string, UploadedFileKind>> = {
  'Photo identification': { fileName: 'photo-id.png', contentType: 'image/png', shape: 'photo-id' },
  'Proof of address': { fileName: 'utility-bill.pdf', contentType: 'application/pdf', shape: 'letter' },
  'Prior-year tax return': { fileName: 'tax-return-last-year.pdf', contentType: 'application/pdf', shape: 'letter' },
  'Bank statement': { fileName: 'bank-statement.pdf', contentType: 'application/pdf', shape: 'bank-statement' },
  'Trust deed': { fileName: 'trust-deed.docx', contentType: WORD_DOCUMENT, shape: 'word-document' },
  'Company constitution': { fileName: 'company-constitution.pdf', contentType: 'application/pdf', shape: 'letter' },
};

/** The upload for a requested document, by the requirement's name; a name the demo does not know is a PDF letter. */
export function uploadedFileKind(documentName: string): UploadedFileKind {
  return (
    KINDS[documentName] ?? {
      fileName: `${documentName.toLowerCase().replace(/[^a-z]+/g, '-') || 'document'}.pdf`,
      contentType: 'application/pdf',
      shape: 'letter',
    }
  );
}
