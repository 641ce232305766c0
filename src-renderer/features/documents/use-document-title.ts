import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentRef } from '../../../src-preload/contract/documents';
import { documentFacts } from '../../client-data/document-facts';
import { useActivePracticeDb } from '../../context/services-context';
import { storedUpload } from '../../client-data/uploaded-files';

/** The document's name as staff know it and its own date, from local data (client-data/document-facts.ts). */
export function useDocumentTitle(ref: DocumentRef, entityKey: string): { title: string; dated: string | null } {
  const db = useActivePracticeDb();
  const { kind, id } = ref;
  const named = useLiveQuery(
    async () => (db ? documentFacts(db, { kind, id }, entityKey) : null),
    [db, kind, id, entityKey],
  );
  return named ?? { title: 'Document', dated: null };
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
