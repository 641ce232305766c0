/**
 * Files a client uploaded to an onboarding, as the app keeps them: which types it keeps, how each is shown, the
 * extension a copy is saved with, and the one way a file is named in a document reference. Plain data and small
 * functions, no zod, so main, the renderer and the contract's schemas share them.
 */

/** How the app shows a kept file: in its PDF viewer, as an image, or only through "Save a copy". */
export type UploadedFileView = 'pdf' | 'image' | 'save-only';

interface UploadedFileType {
  extension: string;
  view: UploadedFileView;
  /** The bytes a file of the type starts with (checked after every download and every open); none: not checked. */
  magic?: readonly (readonly (number | null)[])[];
}

const PK = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * The types a client's upload is kept as, by content type. Images the window can show safely (no SVG: it can
 * carry scripts); HEIC and TIFF, which Chromium does not show, and office and text files are kept to be saved.
 * Anything else is refused when it arrives, with a sentence: the app never keeps a file it cannot name the type of.
 */
export const uploadedFileTypes: Readonly<Record<string, UploadedFileType>> = {
  'application/pdf': { extension: 'pdf', view: 'pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  'image/png': { extension: 'png', view: 'image', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  'image/jpeg': { extension: 'jpg', view: 'image', magic: [[0xff, 0xd8, 0xff]] },
  'image/webp': {
    extension: 'webp',
    view: 'image',
    magic: [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
  },
  'image/heic': { extension: 'heic', view: 'save-only' },
  'image/tiff': {
    extension: 'tif',
    view: 'save-only',
    magic: [
      [0x49, 0x49, 0x2a, 0x00],
      [0x4d, 0x4d, 0x00, 0x2a],
    ],
  },
  'text/plain': { extension: 'txt', view: 'save-only' },
  'text/csv': { extension: 'csv', view: 'save-only' },
  'application/msword': { extension: 'doc', view: 'save-only', magic: [OLE] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extension: 'docx',
    view: 'save-only',
    magic: [PK],
  },
  'application/vnd.ms-excel': { extension: 'xls', view: 'save-only', magic: [OLE] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extension: 'xlsx',
    view: 'save-only',
    magic: [PK],
  },
};

/** Every content type a document of the app may have: a bill's and a certificate's, or a kept upload's. */
export const keptContentTypes = Object.keys(uploadedFileTypes);

/** The content type without parameters, lower case ("Image/PNG; name=x" → "image/png"). */
export const bareContentType = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

/** The app's entry for a content type, or null for one it does not keep. */
export const uploadedFileType = (contentType: string): UploadedFileType | null =>
  uploadedFileTypes[bareContentType(contentType)] ?? null;

/** True when the bytes start as a file of the type says they must (always for a type with no signature). */
export function bytesMatchType(bytes: Uint8Array, contentType: string): boolean {
  const type = uploadedFileType(contentType);
  if (!type) return false;
  if (!type.magic) return true;
  return type.magic.some(
    (signature) => bytes.length >= signature.length && signature.every((b, i) => b === null || bytes[i] === b),
  );
}

/** How a kept document of this type is shown. */
export const viewOf = (contentType: string): UploadedFileView => uploadedFileType(contentType)?.view ?? 'save-only';

/** The extension a copy of a document of this type is saved with ("pdf" for a type the app does not know). */
export const extensionOf = (contentType: string): string => uploadedFileType(contentType)?.extension ?? 'pdf';

/** Every extension a saved copy may have. */
export const copyExtensions: readonly string[] = [...new Set(Object.values(uploadedFileTypes).map((t) => t.extension))];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An uploaded file in a document reference: "<onboardingKey>.<entityOnboardingId>.<documentId>". */
export const UPLOAD_ID_PATTERN = new RegExp(`^${UUID}\\.\\d{1,12}\\.\\d{1,12}$`, 'i');

export interface UploadAddress {
  onboardingKey: string;
  entityOnboardingId: number;
  documentId: number;
}

/** The reference id of an uploaded file. */
export const uploadRefId = (upload: UploadAddress): string =>
  `${upload.onboardingKey.toLowerCase()}.${upload.entityOnboardingId}.${upload.documentId}`;

/** The parts of an uploaded file's reference id, or null when it is not one. */
export function uploadAddressOf(id: string): UploadAddress | null {
  if (!UPLOAD_ID_PATTERN.test(id)) return null;
  const [onboardingKey = '', entityOnboardingId = '', documentId = ''] = id.split('.');
  const eid = Number(entityOnboardingId);
  const did = Number(documentId);
  if (!Number.isSafeInteger(eid) || !Number.isSafeInteger(did) || eid <= 0 || did <= 0) return null;
  return { onboardingKey: onboardingKey.toLowerCase(), entityOnboardingId: eid, documentId: did };
}
