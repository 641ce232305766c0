import type { DocumentRef } from '../../src-preload/contract/documents';
import type { PracticeDb } from '../data/practice-db';
import { documentTitle } from '../ui/words/document-title';
import { storedUpload } from './uploaded-files';

/**
 * A document as the laptop knows it: named as staff know it ("Bill INV-000123", "Statement ST-2026-10-…",
 * "ID certificate — Jane Smith", "Bank statement — Jane Smith"), never by the API's file name, and its own
 * date (a bill's, a statement's, the day a file was uploaded), which names a saved copy. A certificate's
 * date is inside it (its layout is the practice's): none here.
 */
export async function documentFacts(
  db: PracticeDb,
  ref: DocumentRef,
  entityKey: string,
): Promise<{ title: string; dated: string | null }> {
  if (ref.kind === 'bill') {
    const bill = await db.bills.get(Number(ref.id));
    return { title: documentTitle(ref.kind, ref.id, { billNumber: bill?.billNumber }), dated: bill?.billDate ?? null };
  }
  if (ref.kind === 'statement') {
    const statement = await db.statements.get(Number(ref.id));
    return {
      title: documentTitle(ref.kind, ref.id, { statementNumber: statement?.statementNumber }),
      dated: statement?.statementDate ?? null,
    };
  }
  const clientName = (await db.entities.get(entityKey))?.fullEntityName;
  if (ref.kind === 'upload') {
    const upload = await storedUpload(db.reports, ref.id);
    // The day the client uploaded it: the copy is named by when the client gave it, as a bill by its date.
    const uploaded = upload?.uploadedOn?.slice(0, 10) ?? null;
    return { title: documentTitle(ref.kind, ref.id, { clientName, uploadName: upload?.name }), dated: uploaded };
  }
  return { title: documentTitle(ref.kind, ref.id, { clientName }), dated: null };
}
