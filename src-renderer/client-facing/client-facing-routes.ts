import { documentRefSchema } from '../../src-preload/contract/documents';
import { uploadAddressOf } from '../../src-preload/contract/uploaded-files';
import type { PracticeDb } from '../data/practice-db';
import { matchDetailRoute, routes } from '../../src-preload/contract/routes';

/** The one page client-facing mode shows: the client's own (its tabs travel in `?tab=`). */
export const clientFacingHome = (entityKey: string): string => routes.client(entityKey);

/**
 * Whether a route may be shown while the window shows `entityKey` only: the client's page, and a document
 * (the PDF viewer) or onboarding that local data says is theirs. Everything else (lists, other clients,
 * Settings, the Outbox, debtors) is refused, however it was reached: a link, a typed hash or a deep link.
 */
export async function routeAllowed(
  pathname: string,
  search: string,
  entityKey: string,
  db: PracticeDb | null,
): Promise<boolean> {
  if (pathname === clientFacingHome(entityKey)) return true;
  if (!db) return false;
  const document = matchDetailRoute('document', pathname);
  if (document) {
    const ref = documentRefSchema.safeParse(document);
    if (!ref.success || new URLSearchParams(search).get('entity') !== entityKey) return false;
    // The address names the client, but the document must be theirs too: its id could be anyone's.
    if (ref.data.kind === 'idCertificate') return ref.data.id === entityKey;
    if (ref.data.kind === 'upload') {
      // A file the client uploaded: theirs when the onboarding it was uploaded to is theirs.
      const address = uploadAddressOf(ref.data.id);
      return address !== null && (await db.onboardings.get(address.onboardingKey))?.entityKey === entityKey;
    }
    const owner =
      ref.data.kind === 'bill'
        ? (await db.bills.get(Number(ref.data.id)))?.entityKey
        : (await db.statements.get(Number(ref.data.id)))?.entityKey;
    return owner === entityKey;
  }
  const onboarding = matchDetailRoute('onboarding', pathname);
  if (onboarding) return (await db.onboardings.get(onboarding.onboardingKey))?.entityKey === entityKey;
  return false;
}
