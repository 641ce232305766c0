import type { OnboardingDocumentsEntity } from '../../../src-preload/contract/partner-api';
import { regionProfile } from '../data/regions/region-profile';
import type { PracticeState } from '../state/practice-state';
import { renderBankStatement } from './render-bank-statement';
import { renderLetter } from './render-letter';
import { renderPhotoId } from './render-photo-id';
import { renderWordDocument } from './render-word-document';
import { uploadedFileKind } from './uploaded-file-kinds';

type Requirement = OnboardingDocumentsEntity['documents'][number];

export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * The file a client uploaded for a requirement, as the demo's storage serves it: a bank statement from the
 * client's bank, a photo of their licence, a Word trust deed or a one-page letter, made from the client's own
 * details in the practice's country and currency. A pure function of the practice's data and the document, so
 * the signed link, the zip and every laptop get the same bytes.
 */
export async function uploadedFileOf(
  practice: PracticeState,
  entry: OnboardingDocumentsEntity,
  requirement: Requirement,
): Promise<UploadedFile> {
  const kind = uploadedFileKind(requirement.name);
  const fileName = requirement.fileName ?? kind.fileName;
  const { profile } = practice;
  const entity = entry.entityKey ? practice.entities.get(entry.entityKey) : undefined;
  // A client lives in its office's country (the ANZ practice's Auckland clients bank in New Zealand dollars).
  const region = regionProfile(profile.region);
  const countryCode = entity?.officeName ? region.officeCountryCode(entity.officeName) : profile.countryCode;
  const country = region.countries.find((c) => c.countryCode === countryCode);
  const person = entry.entityKey ? practice.entityProfiles.get(entry.entityKey) : undefined;
  const uploadedOn = (requirement.uploadedOn ?? '2026-01-01T00:00:00.000Z').slice(0, 10);
  const bytes = await (async () => {
    switch (kind.shape) {
      case 'bank-statement':
        return renderBankStatement({
          countryCode,
          locale: country?.locale ?? profile.locale,
          currency: country?.currency ?? profile.currency,
          holder: { name: entry.entityName, addressLines: person?.addressLines ?? [] },
          isBusiness: person ? !person.isIndividual : false,
          uploadedOn,
          seed: requirement.documentId,
        });
      case 'photo-id':
        return renderPhotoId({
          countryCode,
          givenNames: person?.givenName ?? entry.entityName,
          surname: person?.surname ?? '',
          birthDate: entity?.entityBirthDate ?? null,
          photographedOn: uploadedOn,
          seed: requirement.documentId,
        });
      case 'word-document':
        return renderWordDocument({
          title: `${requirement.name}: ${entry.entityName}`,
          paragraphs: [
            `This deed is made on ${uploadedOn} and establishes ${entry.entityName}.`,
            'The trustee holds the trust fund on the trusts, and with the powers, set out in this deed.',
            'Demo document: no real trust or person.',
          ],
          writtenOn: uploadedOn,
        });
      case 'letter':
        return renderLetter(requirement.name, entry.entityName, requirement.uploadedOn);
    }
  })();
  return { fileName, contentType: kind.contentType, bytes };
}
