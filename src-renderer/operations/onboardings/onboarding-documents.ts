import type { z } from 'zod';
import {
  customFieldValuesSchema,
  onboardingDocumentsSchema,
  type OnboardingDocumentsEntity,
} from '../../../src-preload/contract/partner-api';
import { customFieldsReport, onboardingDocumentsReport, readOnboardingDocuments } from '../../client-data/client-reads';
import { useDetailOnOpen } from '../../client-data/use-client-data';

export type CustomFieldValue = z.infer<typeof customFieldValuesSchema>[number];

/**
 * An onboarding's document requirements per client entity: from this laptop when stored (kept from the
 * last read online), otherwise read once when the screen opens online.
 */
export function useOnboardingDocuments(onboardingKey: string) {
  const { detail, problem, canRead, loading, state } = useDetailOnOpen(
    async (db) => {
      const row = await db.reports.get(onboardingDocumentsReport(onboardingKey));
      const parsed = onboardingDocumentsSchema.safeParse(row?.data);
      return row && parsed.success ? { entities: parsed.data, fetchedAt: row.fetchedAt } : undefined;
    },
    (ctx) => readOnboardingDocuments(ctx, onboardingKey),
    onboardingKey,
  );
  return { entities: detail?.entities, fetchedAt: detail?.fetchedAt, problem, canRead, loading, state };
}

/** The custom-field values (and labels) the practice last answered for one client of the onboarding. */
export async function storedCustomFields(
  db: { reports: { get(name: string): Promise<{ data: unknown } | undefined> } },
  onboardingKey: string,
  entityOnboardingId: number,
): Promise<CustomFieldValue[]> {
  const parsed = customFieldValuesSchema.safeParse(
    (await db.reports.get(customFieldsReport(onboardingKey, entityOnboardingId)))?.data,
  );
  return parsed.success ? parsed.data : [];
}

export type DocumentState = 'uploaded' | 'bypassed' | 'waiting';
export const documentState = (d: OnboardingDocumentsEntity['documents'][number]): DocumentState =>
  d.isUploaded ? 'uploaded' : d.isBypassed ? 'bypassed' : 'waiting';

/** One client's required documents that are neither uploaded nor bypassed. */
export interface OutstandingDocuments {
  entityName: string;
  documents: string[];
}

/**
 * What completing an onboarding would leave behind: each client's required documents still waiting,
 * less the requests already being removed (queued, not yet sent), which the practice will no longer ask for.
 */
export function outstandingRequired(
  entities: OnboardingDocumentsEntity[],
  removing: { entityOnboardingId: number; documentId: number }[] = [],
): OutstandingDocuments[] {
  const removed = new Set(removing.map((r) => `${r.entityOnboardingId}/${r.documentId}`));
  return entities
    .map((entity) => ({
      entityName: entity.entityName,
      documents: entity.documents
        .filter((d) => d.isRequired && documentState(d) === 'waiting')
        .filter((d) => !removed.has(`${entity.entityOnboardingId}/${d.documentId}`))
        .map((d) => d.name),
    }))
    .filter((entity) => entity.documents.length > 0);
}
