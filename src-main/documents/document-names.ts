import type { DocumentKind, DocumentRef } from '../../src-preload/contract/documents';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const numberPattern = /^\d{1,12}$/;

/** The part of each file name that says what the document is. */
const fileStem: Record<DocumentKind, string> = {
  bill: 'bill',
  statement: 'statement',
  idCertificate: 'id-certificate',
};

/**
 * The ref rebuilt by main in one canonical form, or null when the id does not fit its kind: bills and
 * statements are positive integers (re-formatted from the parsed number, so "007" and "7" are one
 * document), an identity certificate is the client's entityKey (lower-case UUID).
 */
export function canonicalRef(ref: DocumentRef): DocumentRef | null {
  if (ref.kind === 'idCertificate')
    return uuidPattern.test(ref.id) ? { kind: ref.kind, id: ref.id.toLowerCase() } : null;
  if (!numberPattern.test(ref.id)) return null;
  const n = Number(ref.id);
  return Number.isSafeInteger(n) && n > 0 ? { kind: ref.kind, id: String(n) } : null;
}

/** One key per document within a practice, e.g. `bill:1042`. Only for canonical refs. */
export const refKey = (ref: DocumentRef): string => `${ref.kind}:${ref.id}`;

/**
 * The cached file's name, built by main from the canonical ref alone: never from a name the server
 * sends (Content-Disposition is ignored) or a string the renderer chose. Only digits, hex and dashes
 * reach the name, so it cannot climb out of the folder.
 */
export function fileNameFor(ref: DocumentRef): string {
  const canonical = canonicalRef(ref);
  if (!canonical || canonical.id !== ref.id) throw new Error(`Not a canonical document reference: ${ref.kind}`);
  return `${fileStem[canonical.kind]}-${canonical.id}.pdf`;
}

/** The words for a kind in sentences: "This bill PDF …". */
export const kindWords: Record<DocumentKind, string> = {
  bill: 'bill PDF',
  statement: 'statement PDF',
  idCertificate: 'identity certificate',
};
