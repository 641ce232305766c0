import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { usePractice } from '../../practice/practice-store';
import { useServices } from '../../app/services-context';

/** "Bill INV-000123", "Statement ST-2026-10-…", "Identity certificate — Jane Smith", from local data. */
export function useDocumentTitle(ref: DocumentRef, entityKey: string): string {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const title = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = databases.of(practiceKey);
    if (ref.kind === 'bill') return `Bill ${(await db.bills.get(Number(ref.id)))?.billNumber ?? ref.id}`;
    if (ref.kind === 'statement')
      return `Statement ${(await db.statements.get(Number(ref.id)))?.statementNumber ?? ref.id}`;
    const entity = await db.entities.get(entityKey);
    return `Identity certificate${entity ? ` — ${entity.fullEntityName}` : ''}`;
  }, [practiceKey, ref.kind, ref.id, entityKey]);
  return title ?? 'Document';
}
