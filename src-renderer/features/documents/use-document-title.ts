import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { useActivePracticeDb } from '../../app/services-context';

/** "Bill INV-000123", "Statement ST-2026-10-…", "Identity certificate — Jane Smith", from local data. */
export function useDocumentTitle(ref: DocumentRef, entityKey: string): string {
  const db = useActivePracticeDb();
  const title = useLiveQuery(async () => {
    if (!db) return null;
    if (ref.kind === 'bill') return `Bill ${(await db.bills.get(Number(ref.id)))?.billNumber ?? ref.id}`;
    if (ref.kind === 'statement')
      return `Statement ${(await db.statements.get(Number(ref.id)))?.statementNumber ?? ref.id}`;
    const entity = await db.entities.get(entityKey);
    return `Identity certificate${entity ? ` — ${entity.fullEntityName}` : ''}`;
  }, [db, ref.kind, ref.id, entityKey]);
  return title ?? 'Document';
}
