import type { DocumentKind } from '../../../src-preload/contract/documents';

/** What the laptop knows about a document's subject: the bill's or statement's number, the client's name. */
export interface DocumentNames {
  billNumber?: string | null | undefined;
  statementNumber?: string | null | undefined;
  clientName?: string | null | undefined;
  /** An uploaded file: what the practice asked for ("Bank statement"). */
  uploadName?: string | null | undefined;
}

/**
 * A document named as the practice names it: "Bill INV-000232", "Statement ST-2026-10-0042",
 * "ID certificate — Jane Smith", "Bank statement — Jane Smith" (a file the client uploaded, by what was asked
 * for). The file name main stores (bill-100232.pdf) is the API's id, which staff
 * never see anywhere else; it stays for "Save as" and the system viewer. Without the local record the
 * name falls back to the id, still saying what kind of document it is.
 */
export function documentTitle(kind: DocumentKind, id: string, names: DocumentNames): string {
  if (kind === 'bill') return `Bill ${names.billNumber || id}`;
  if (kind === 'statement') return `Statement ${names.statementNumber || id}`;
  if (kind === 'upload') {
    const what = names.uploadName || 'Uploaded file';
    return names.clientName ? `${what} — ${names.clientName}` : what;
  }
  return names.clientName ? `ID certificate — ${names.clientName}` : 'ID certificate';
}
