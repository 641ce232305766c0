import type { DocumentKind, DocumentRef } from '../../src-preload/contract/documents';
import { extensionOf, uploadAddressOf, uploadRefId } from '../../src-preload/contract/uploaded-files';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const numberPattern = /^\d{1,12}$/;

/** The part of each file name that says what the document is. */
const fileStem: Record<DocumentKind, string> = {
  bill: 'bill',
  statement: 'statement',
  idCertificate: 'id-certificate',
  upload: 'upload',
};

/**
 * The ref rebuilt by main in one canonical form, or null when the id does not fit its kind: bills and
 * statements are positive integers (re-formatted from the parsed number, so "007" and "7" are one
 * document), an identity certificate is the client's entityKey (lower-case UUID), an uploaded file its
 * onboarding key (lower case) and two positive integers.
 */
export function canonicalRef(ref: DocumentRef): DocumentRef | null {
  if (ref.kind === 'idCertificate')
    return uuidPattern.test(ref.id) ? { kind: ref.kind, id: ref.id.toLowerCase() } : null;
  if (ref.kind === 'upload') {
    const address = uploadAddressOf(ref.id);
    return address ? { kind: ref.kind, id: uploadRefId(address) } : null;
  }
  if (!numberPattern.test(ref.id)) return null;
  const n = Number(ref.id);
  return Number.isSafeInteger(n) && n > 0 ? { kind: ref.kind, id: String(n) } : null;
}

/** One key per document within a practice, e.g. `bill:1042`. Only for canonical refs. */
export const refKey = (ref: DocumentRef): string => `${ref.kind}:${ref.id}`;

/**
 * The cached file's name, built by main from the canonical ref and the type it was checked to be: never from a
 * name the server sends (Content-Disposition and an upload's own name are ignored) or a string the renderer
 * chose. Only digits, hex, dashes and an extension from the app's table reach the name, so it cannot climb out
 * of the folder: `bill-1042.pdf`, `upload-60123.png`.
 */
export function fileNameFor(ref: DocumentRef, contentType = 'application/pdf'): string {
  const canonical = canonicalRef(ref);
  if (!canonical || canonical.id !== ref.id) throw new Error(`Not a canonical document reference: ${ref.kind}`);
  const id = canonical.kind === 'upload' ? String(uploadAddressOf(canonical.id)?.documentId) : canonical.id;
  return `${fileStem[canonical.kind]}-${id}.${extensionOf(contentType)}`;
}

/** The words for a kind in sentences: "This bill PDF …". */
export const kindWords: Record<DocumentKind, string> = {
  bill: 'bill PDF',
  statement: 'statement PDF',
  idCertificate: 'identity certificate',
  upload: "client's uploaded file",
};
