import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { useActivePracticeDb } from '../../context/services-context';
import { documentTitle } from './document-title';

/** "Bill INV-000123", "Statement ST-2026-10-…", "ID certificate — Jane Smith", from local data. */
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
    return documentTitle(ref.kind, ref.id, { clientName: (await db.entities.get(entityKey))?.fullEntityName });
  }, [db, ref.kind, ref.id, entityKey]);
  return title ?? 'Document';
}
