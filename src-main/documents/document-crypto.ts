import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { DocumentRef } from '../../src-preload/contract/documents';
import { refKey } from './document-names';

/** "PCE1": Practice Companion encrypted file, format 1. Lets a reader tell our files from anything else at once. */
const MAGIC = Buffer.from('PCE1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** How much longer a sealed file is than its plain bytes: magic, IV and tag. */
export const SEALED_OVERHEAD = MAGIC.length + IV_BYTES + TAG_BYTES;
export const ENCRYPTION_ALGORITHM = 'AES-256-GCM';

/** The additional authenticated data of a document's file: its ref, so a file moved to another document's name fails. */
export const documentAad = (ref: DocumentRef): string => `document:${refKey(ref)}`;
export const MANIFEST_AAD = 'manifest';

/**
 * AES-256-GCM with a fresh random IV: `magic ‖ iv ‖ ciphertext ‖ tag`. The AAD is not stored; the
 * reader supplies the one it expects, so the file only opens under the name it was written for.
 */
export function seal(key: Uint8Array, aad: string, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

/** The plain bytes, or null when the file is not ours, was changed, belongs to another name, or the key is another. */
export function unseal(key: Uint8Array, aad: string, sealed: Uint8Array): Buffer | null {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < SEALED_OVERHEAD || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(MAGIC.length, MAGIC.length + IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(MAGIC.length + IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

/**
 * The name of a document's file on disk: a keyed hash of its ref, so the folder does not tell which
 * client (an identity certificate's ref is the client's key) or bill it holds. Hex only, so it cannot
 * climb out of the folder.
 */
export function storedNameFor(key: Uint8Array, ref: DocumentRef): string {
  return `${createHmac('sha256', key)
    .update(`file:${refKey(ref)}`)
    .digest('hex')
    .slice(0, 40)}.bin`;
}
