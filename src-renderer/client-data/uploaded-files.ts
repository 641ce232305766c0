import type { DocumentRef } from '../../src-preload/contract/documents';
import { onboardingDocumentsSchema, type OnboardingDocumentsEntity } from '../../src-preload/contract/partner-api';
import { uploadAddressOf, uploadRefId } from '../../src-preload/contract/uploaded-files';
import { onboardingDocumentsReport } from './client-reads';

/** A file a client uploaded to an onboarding, as the onboarding's documents read names it. */
export interface UploadedFile {
  ref: DocumentRef;
  /** The client it belongs to: the onboarding client's own key, else the onboarding's client. */
  entityKey: string;
  /** What the practice asked for: "Bank statement". */
  name: string;
  /** The name the client uploaded it under: "bank-statement.pdf". */
  fileName: string | null;
  uploadedOn: string | null;
}

/** The uploaded files of an onboarding's document requirements (a requirement not uploaded has none). */
export function uploadedFilesOf(
  onboardingKey: string,
  entities: readonly OnboardingDocumentsEntity[],
  onboardingEntityKey: string | null,
): UploadedFile[] {
  return entities.flatMap((entity) =>
    entity.documents
      .filter((d) => d.isUploaded)
      .flatMap((d) => {
        const entityKey = entity.entityKey ?? onboardingEntityKey;
        if (!entityKey) return [];
        const id = uploadRefId({
          onboardingKey,
          entityOnboardingId: entity.entityOnboardingId,
          documentId: d.documentId,
        });
        return [
          {
            ref: { kind: 'upload' as const, id },
            entityKey,
            name: d.name,
            fileName: d.fileName,
            uploadedOn: d.uploadedOn,
          },
        ];
      }),
  );
}

interface ReportsTable {
  get(name: string): Promise<{ data: unknown } | undefined>;
}

/** The stored requirements of an onboarding, or null when its documents were never read on this laptop. */
export async function storedRequirements(
  reports: ReportsTable,
  onboardingKey: string,
): Promise<OnboardingDocumentsEntity[] | null> {
  const parsed = onboardingDocumentsSchema.safeParse(
    (await reports.get(onboardingDocumentsReport(onboardingKey)))?.data,
  );
  return parsed.success ? parsed.data : null;
}

/** What this laptop knows of an uploaded file from its onboarding's stored documents read; null when it knows nothing. */
export async function storedUpload(
  reports: ReportsTable,
  refId: string,
): Promise<Pick<UploadedFile, 'name' | 'fileName' | 'uploadedOn'> | null> {
  const address = uploadAddressOf(refId);
  if (!address) return null;
  const entities = await storedRequirements(reports, address.onboardingKey);
  const requirement = entities
    ?.find((e) => e.entityOnboardingId === address.entityOnboardingId)
    ?.documents.find((d) => d.documentId === address.documentId);
  return requirement
    ? { name: requirement.name, fileName: requirement.fileName, uploadedOn: requirement.uploadedOn }
    : null;
}
