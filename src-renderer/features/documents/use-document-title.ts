import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { useActivePracticeDb } from '../../context/services-context';
import { storedUpload } from '../../client-data/uploaded-files';
import { documentTitle } from './document-title';

/** "Bill INV-000123", "Statement ST-2026-10-…", "ID certificate — Jane Smith", "Bank statement — Jane Smith", from local data. */
export function useDocumentTitle(ref: DocumentRef, entityKey: string): string {
  const db = useActivePracticeDb();
  const title = useLiveQuery(async () => {
    if (!db) return null;
    if (ref.kind === 'bill')
      return documentTitle(ref.kind, ref.id, { billNumber: (await db.bills.get(Number(ref.id)))?.billNumber });
    if (ref.kind === 'statement')
      return documentTitle(ref.kind, ref.id, {
        statementNumber: (await db.statements.get(Number(ref.id)))?.statementNumber,
      });
    const clientName = (await db.entities.get(entityKey))?.fullEntityName;
    if (ref.kind === 'upload')
      return documentTitle(ref.kind, ref.id, {
        clientName,
        uploadName: (await storedUpload(db.reports, ref.id))?.name,
      });
    return documentTitle(ref.kind, ref.id, { clientName });
  }, [db, ref.kind, ref.id, entityKey]);
  return title ?? 'Document';
}

/** The name a client uploaded a file under ("bank-statement.pdf"), from its onboarding's stored documents read. */
export function useUploadedFileName(ref: DocumentRef): string | null {
  const db = useActivePracticeDb();
  const name = useLiveQuery(
    async () => (db && ref.kind === 'upload' ? ((await storedUpload(db.reports, ref.id))?.fileName ?? null) : null),
    [db, ref.kind, ref.id],
  );
  return name ?? null;
}
