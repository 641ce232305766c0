import { createHash } from 'node:crypto';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** True when the bytes start with the PDF header `%PDF-`. */
export function startsLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((byte, i) => bytes[i] === byte);
}

/** Lower-case hex SHA-256. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The largest PDF main keeps. Bytes cross the bridge as base64 (4/3 larger) and the contract caps that
 * at 70 MiB, so 50 MiB leaves room; bigger answers are refused before they are stored.
 */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
